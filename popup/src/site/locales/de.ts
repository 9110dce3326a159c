import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Diese Seite haben wir leider nicht gefunden.',
  contactTitle: 'Kontakt',
  lockedOut: 'Du kommst nicht in dein Konto? {{reset}}.',
  resetLink: 'Passwort zurücksetzen',
  otherwise: 'Für alles andere schreib den Betreibern dieser Website.',
  home: 'Zur Startseite',
  welcomeName: 'Willkommen, {{name}}',
} satisfies AreaTranslation<typeof english>;

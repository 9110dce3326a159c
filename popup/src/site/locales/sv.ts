import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Tyvärr hittade vi inte den sidan.',
  contactTitle: 'Kontakta oss',
  lockedOut: 'Kommer du inte in på ditt konto? {{reset}}.',
  resetLink: 'Återställ ditt lösenord',
  otherwise: 'För allt annat, skriv till dem som driver den här webbplatsen.',
  home: 'Gå till startsidan',
  welcomeName: 'Välkommen, {{name}}',
} satisfies AreaTranslation<typeof english>;

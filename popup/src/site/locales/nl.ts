import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Sorry, we konden die pagina niet vinden.',
  contactTitle: 'Contact',
  lockedOut: 'Kom je niet in je account? {{reset}}.',
  resetLink: 'Stel je wachtwoord opnieuw in',
  otherwise: 'Voor al het andere: schrijf naar de mensen die deze site beheren.',
  home: 'Naar de startpagina',
  welcomeName: 'Welkom, {{name}}',
} satisfies AreaTranslation<typeof english>;

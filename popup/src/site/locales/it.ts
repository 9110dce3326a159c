import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Spiacenti, non abbiamo trovato questa pagina.',
  contactTitle: 'Contattaci',
  lockedOut: 'Non riesci ad accedere al tuo account? {{reset}}.',
  resetLink: 'Reimposta la password',
  otherwise: 'Per tutto il resto, scrivi a chi gestisce questo sito.',
  home: 'Vai alla home page',
  welcomeName: 'Benvenuto, {{name}}',
} satisfies AreaTranslation<typeof english>;

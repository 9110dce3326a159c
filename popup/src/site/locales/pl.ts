import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'Niestety nie znaleźliśmy tej strony.',
  contactTitle: 'Kontakt',
  lockedOut: 'Nie możesz wejść na swoje konto? {{reset}}.',
  resetLink: 'Zresetuj hasło',
  otherwise: 'W innych sprawach napisz do osób, które prowadzą tę witrynę.',
  home: 'Przejdź do strony głównej',
  welcomeName: 'Witaj, {{name}}',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Rechercher dans vos épingles',
  mineLabel: 'Rechercher dans vos épingles et tableaux',
  minePlaceholder: 'Un mot, un site ou un #hashtag',
  boardsHeading: 'Tableaux',
  pinsHeading: 'Épingles',
  morePins: 'Plus d’épingles',
  noPins: 'Aucune épingle ne correspond à « {{query}} ».',
  searchEveryone: 'Rechercher « {{query}} » dans les épingles de tout le monde',
  everyoneLabel: 'Rechercher des épingles',
  everyoneHeading: 'Épingles de tout le monde',
  submit: 'Rechercher',
  typeToSearch: 'Saisissez un mot ou un #hashtag pour trouver des épingles publiques.',
} satisfies AreaTranslation<typeof english>;

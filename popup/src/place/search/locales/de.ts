import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Deine Pins durchsuchen',
  mineLabel: 'Deine Pins und Pinnwände durchsuchen',
  minePlaceholder: 'Ein Wort, eine Website oder ein #Hashtag',
  boardsHeading: 'Pinnwände',
  pinsHeading: 'Pins',
  morePins: 'Weitere Pins',
  noPins: 'Keine Pins passen zu „{{query}}“.',
  searchEveryone: 'Alle Pins nach „{{query}}“ durchsuchen',
  everyoneLabel: 'Pins suchen',
  everyoneHeading: 'Pins von allen',
  submit: 'Suchen',
  typeToSearch: 'Gib ein Wort oder einen #Hashtag ein, um öffentliche Pins zu finden.',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Cerca tra i tuoi Pin',
  mineLabel: 'Cerca tra i tuoi Pin e le tue bacheche',
  minePlaceholder: 'Una parola, un sito o un #hashtag',
  boardsHeading: 'Bacheche',
  pinsHeading: 'Pin',
  morePins: 'Altri Pin',
  noPins: 'Nessun Pin corrisponde a «{{query}}».',
  searchEveryone: 'Cerca «{{query}}» tra i Pin di tutti',
  everyoneLabel: 'Cerca Pin',
  everyoneHeading: 'Pin di tutti',
  submit: 'Cerca',
  typeToSearch: 'Scrivi una parola o un #hashtag per trovare Pin pubblici.',
} satisfies AreaTranslation<typeof english>;

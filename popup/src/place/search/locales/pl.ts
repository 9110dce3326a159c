import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Szukaj w swoich Pinach',
  mineLabel: 'Szukaj w swoich Pinach i tablicach',
  minePlaceholder: 'Słowo, witryna lub #hashtag',
  boardsHeading: 'Tablice',
  pinsHeading: 'Piny',
  morePins: 'Więcej Pinów',
  noPins: 'Żaden Pin nie pasuje do „{{query}}”.',
  searchEveryone: 'Szukaj „{{query}}” w Pinach wszystkich',
  everyoneLabel: 'Szukaj Pinów',
  everyoneHeading: 'Piny wszystkich',
  submit: 'Szukaj',
  typeToSearch: 'Wpisz słowo lub #hashtag, aby znaleźć publiczne Piny.',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Zoeken in je pins',
  mineLabel: 'Zoeken in je pins en borden',
  minePlaceholder: 'Een woord, een site of een #hashtag',
  boardsHeading: 'Borden',
  pinsHeading: 'Pins',
  morePins: 'Meer pins',
  noPins: 'Geen pins gevonden voor ‘{{query}}’.',
  searchEveryone: 'Zoek ‘{{query}}’ in de pins van iedereen',
  everyoneLabel: 'Pins zoeken',
  everyoneHeading: 'Pins van iedereen',
  submit: 'Zoeken',
  typeToSearch: 'Typ een woord of een #hashtag om openbare pins te vinden.',
} satisfies AreaTranslation<typeof english>;

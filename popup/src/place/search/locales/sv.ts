import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: 'Sök bland dina pins',
  mineLabel: 'Sök bland dina pins och anslagstavlor',
  minePlaceholder: 'Ett ord, en webbplats eller en #hashtagg',
  boardsHeading: 'Anslagstavlor',
  pinsHeading: 'Pins',
  morePins: 'Fler pins',
  noPins: 'Inga pins matchar ”{{query}}”.',
  searchEveryone: 'Sök efter ”{{query}}” bland allas pins',
  everyoneLabel: 'Sök pins',
  everyoneHeading: 'Pins från alla',
  submit: 'Sök',
  typeToSearch: 'Skriv ett ord eller en #hashtagg för att hitta offentliga pins.',
} satisfies AreaTranslation<typeof english>;

import { defineMessages } from '../../i18n';

/**
 * Search (issue 28): the viewer's own Pins and boards as they type (the home page) and everyone's public
 * Pins (/search/pins/). Lazy pages, so their words come with them, translated into every language.
 */
export const english = {
  mineHeading: 'Search your Pins',
  mineLabel: 'Search your Pins and boards',
  minePlaceholder: 'A word, a site or a #hashtag',
  boardsHeading: 'Boards',
  pinsHeading: 'Pins',
  morePins: 'More Pins',
  noPins: 'No Pins match “{{query}}”.',
  searchEveryone: 'Search everyone’s Pins for “{{query}}”',
  everyoneLabel: 'Search Pins',
  everyoneHeading: 'Pins from everyone',
  submit: 'Search',
  typeToSearch: 'Type a word or a #hashtag to find public Pins.',
};

export const messages = defineMessages('search', english, (lang) => import(`./locales/${lang}.ts`));

export const { t, tn } = messages;

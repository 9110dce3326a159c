import englishWords from '../../../../locales/en/place-feed.json';
import { defineMessages } from '../../i18n';

/**
 * Following: the home feed, following a board, the followers and following pages and the
 * profile's counts (counted by each language's plural rules). Lazy pages, translated into every language.
 */
export const english = englishWords;

export const messages = defineMessages('feed', english, (lang) => import(`../../../../locales/${lang}/place-feed.json`));

export const { t, tn } = messages;

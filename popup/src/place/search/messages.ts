import englishWords from '../../../../locales/en/place-search.json';
import { defineMessages } from '../../i18n';

/**
 * Search: the viewer's own Pins and boards as they type (the home page) and everyone's public
 * Pins (/search/pins/). Lazy pages, so their words come with them, translated into every language.
 */
export const english = englishWords;

export const messages = defineMessages('search', english, (lang) => import(`../../../../locales/${lang}/place-search.json`));

export const { t, tn } = messages;

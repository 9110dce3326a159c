import englishWords from '../../../locales/en/pages.json';
import { defineMessages } from '../i18n';

const NAMESPACE = 'place';

/**
 * The product pages' words (home, profile, board, pin and settings pages, with organising, sharing and
 * collaborating): their own lazy chunk per language, as the pages are. The pages' components
 * are in place/; this folder holds only what they say. The site header and the save popup's
 * success (FollowButton) are in the main bundle and keep their words in en.ts (`pages`).
 *
 * English is a const of its own: each language's file is typed by it, and the loaders name those files.
 */
export const english = englishWords;

export const messages = defineMessages(NAMESPACE, english, (lang) => import(`../../../locales/${lang}/pages.json`));

export const { t, tn } = messages;

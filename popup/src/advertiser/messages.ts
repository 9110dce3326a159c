import englishWords from '../../../locales/en/advertiser.json';
import { defineMessages } from '../i18n';

/**
 * The advertiser area's words: its own lazy chunk, as the area's pages are. English is the
 * specs' and the pages' wording, letter for letter. Values a rule of api/src/advertisers/rules owns
 * (goals, interests, conversion events, genders, statuses, the form's checks, the creator card's
 * labels) get a key per value here: the rule stays the one source of the values and of their English
 * (messages.test.ts holds the two together). `english` is locales/en/advertiser.json, every language a folder beside it.
 */
export const english = englishWords;

export const messages = defineMessages('advertiser', english, (lang) => import(`../../../locales/${lang}/advertiser.json`));

export const { t, tn } = messages;

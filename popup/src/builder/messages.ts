import englishWords from '../../../locales/en/builder.json';
import { defineMessages } from '../i18n';

const NAMESPACE = 'builder';

/**
 * The pin builder's words, a lazy chunk per language as the builder is. Its refusals of a
 * file quote api/src/media/rules.ts (the server says the same): `refusal` finds the words for them.
 *
 * English is a const of its own: each language's file is typed by it, and the loaders name those files.
 */
export const english = englishWords;

export const messages = defineMessages(NAMESPACE, english, (lang) => import(`../../../locales/${lang}/builder.json`));

export const { t, tn } = messages;

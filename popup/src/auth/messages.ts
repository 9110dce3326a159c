import englishWords from '../../../locales/en/auth.json';
import { defineMessages, fromEnglish } from '../i18n';

/**
 * The account pages' and dialogs' words: the reset page, two-factor step, recovery dialogs,
 * consents, the underage step, a provider sign-up's steps, the add-account page and the auth modal's
 * copy for containers other than saving. None is on a save's way, so they come in a lazy chunk.
 * Wording the specs give lives in api/src/auth/rules/recovery.ts (shared with the server): a key per value.
 * English is data (locales/en/auth.json, a copy of those values: catalogues.test.ts holds them equal); each language is locales/<lang>/auth.json.
 */
export const english = englishWords;

export const messages = defineMessages('account', english, (lang) => import(`../../../locales/${lang}/auth.json`));

export const { t } = messages;
export type AccountKey = keyof typeof english;

/** A message that came in English (the server's, a rule's): this area's words for it when it has them, else the save flow's. */
export function translated(text: string): string {
  const key = (Object.keys(english) as AccountKey[]).find((k) => english[k] === text);
  return key ? t(key) : fromEnglish(text);
}

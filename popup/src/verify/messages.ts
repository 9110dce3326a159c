import englishWords from '../../../locales/en/verify.json';
import { defineMessages } from '../i18n';

/**
 * Confirming an email address: the page a confirmation mail links to (/email/verify/) and the
 * account settings' email section. Neither is on a save's way, so they come in a lazy chunk with their
 * words, translated into every language (i18n/catalogues.test.ts).
 */
export const english = englishWords;

export const messages = defineMessages('verify', english, (lang) => import(`../../../locales/${lang}/verify.json`));

export const { t } = messages;

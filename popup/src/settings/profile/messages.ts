import englishWords from '../../../../locales/en/settings-profile.json';
import { defineMessages } from '../../i18n';

/**
 * Profile settings and the website claim: /settings/profile/ and /settings/claim/. A lazy
 * chunk with its words, translated into every language (i18n/catalogues.test.ts).
 */
export const english = englishWords;

export const messages = defineMessages('profileSettings', english, (lang) => import(`../../../../locales/${lang}/settings-profile.json`));

export const { t } = messages;

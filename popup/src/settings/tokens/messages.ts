import englishWords from '../../../../locales/en/settings-tokens.json';
import { defineMessages } from '../../i18n';

/** The access tokens page's words (/settings/tokens/). */
export const english = englishWords;

export const messages = defineMessages('tokens', english, (lang) => import(`../../../../locales/${lang}/settings-tokens.json`));
export const { t } = messages;

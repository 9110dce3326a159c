import englishWords from '../../../../locales/en/settings-invitations.json';
import { defineMessages } from '../../i18n';

/** The invitations page's words (/settings/invitations/, SIGNUP_MODE=invite). */
export const english = englishWords;

export const messages = defineMessages('invitations', english, (lang) => import(`../../../../locales/${lang}/settings-invitations.json`));
export const { t } = messages;

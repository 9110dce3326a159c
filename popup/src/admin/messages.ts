import englishWords from '../../../locales/en/admin.json';
import { defineMessages } from '../i18n';

/** The operator console's words (/admin/): its frame, people, the reports queue and the audit log. */
export const english = englishWords;

export const messages = defineMessages('admin', english, (lang) => import(`../../../locales/${lang}/admin.json`));
export const { t } = messages;
export type AdminWord = keyof typeof english;

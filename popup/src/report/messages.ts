import englishWords from '../../../locales/en/report.json';
import { defineMessages } from '../i18n';

/** Reporting a pin, board or profile, and what an owner sees of a decision on theirs (marks, appeal). */
export const english = englishWords;

export const messages = defineMessages('report', english, (lang) => import(`../../../locales/${lang}/report.json`));
export const { t } = messages;
export type ReportWord = keyof typeof english;

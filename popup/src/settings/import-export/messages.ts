import englishWords from '../../../../locales/en/settings-import-export.json';
import { defineMessages } from '../../i18n';

/**
 * Import and export: /settings/import-export/. A page of its own in a lazy chunk with its
 * words, translated into every language (i18n/catalogues.test.ts). Counts are said as "x of y" and
 * "Items added: n", so no sentence needs a plural form.
 */
export const english = englishWords;

export const messages = defineMessages('importExport', english, (lang) => import(`../../../../locales/${lang}/settings-import-export.json`));

export const { t } = messages;

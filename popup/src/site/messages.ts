import englishWords from '../../../locales/en/site.json';
import { defineMessages } from '../i18n';

/**
 * The site's own pages outside any area: the one not-found page every unknown path shows, and
 * 'Contact us'. A lazy chunk with its words, translated into every language (i18n/catalogues.test.ts).
 */
export const english = englishWords;

export const messages = defineMessages('site', english, (lang) => import(`../../../locales/${lang}/site.json`));

export const { t } = messages;

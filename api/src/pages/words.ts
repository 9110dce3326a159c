import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { withBrand } from '../lib/rules/brand.js';
import { escapeHtml } from '../lib/html.js';
import { acceptedLanguages, LOCALE_COOKIE, pickLocale, type Locale } from '../lib/rules/locales.js';
import ar from '../../../locales/ar/server-pages.json';
import de from '../../../locales/de/server-pages.json';
import en from '../../../locales/en/server-pages.json';
import es from '../../../locales/es/server-pages.json';
import fr from '../../../locales/fr/server-pages.json';
import it from '../../../locales/it/server-pages.json';
import ja from '../../../locales/ja/server-pages.json';
import ko from '../../../locales/ko/server-pages.json';
import nl from '../../../locales/nl/server-pages.json';
import pl from '../../../locales/pl/server-pages.json';
import pt from '../../../locales/pt/server-pages.json';
import ru from '../../../locales/ru/server-pages.json';
import sv from '../../../locales/sv/server-pages.json';
import tr from '../../../locales/tr/server-pages.json';
import zh from '../../../locales/zh/server-pages.json';

/**
 * The words of the few pages the server renders itself: the bookmarklet install page and
 * the provider window's pages. The popup has its own catalogue (popup/src/i18n); these pages load no
 * script to read it, so their handful of sentences are data, locales/<lang>/server-pages.json, all read here.
 */
export type WordKey = keyof typeof en;

/** Every language's words: locales/<lang>/server-pages.json (the type holds each to every word of the English). */
export const WORDS: Record<Locale, Record<WordKey, string>> = { ar, de, en, es, fr, it, ja, ko, nl, pl, pt, ru, sv, tr, zh };

/** A language's words with the product's name filled in, as plain text (for a script) or escaped for HTML. */
export const wordsOf = (locale: Locale, brand: string) => (key: WordKey) => withBrand(WORDS[locale][key], brand);
export const htmlWordsOf = (locale: Locale, brand: string) => (key: WordKey) => escapeHtml(withBrand(WORDS[locale][key], brand));

/** The reader's language, by the shell's rule (lib/rules/locales.ts): their choice, then `?lang=`, then the browser's. */
export function readerLocale(c: Context): Locale {
  c.header('Vary', 'Accept-Language, Cookie');
  return pickLocale({ chosen: getCookie(c, LOCALE_COOKIE), page: c.req.query('lang'), browser: acceptedLanguages(c.req.header('accept-language')) });
}

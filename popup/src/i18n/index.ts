import rosetta from 'rosetta';
import { DEFAULT_LOCALE, dirOf, LOCALE_COOKIE, pickLocale, supported, type Locale } from '../../../api/src/lib/rules/locales';
import { branded } from '../brand';
import en from './en';
import type { ERROR_MESSAGES } from './errors';

/**
 * The popup's messages: English (locales/en/app.json) is the source catalogue, bundled; every other
 * language (locales/<lang>/app.json) is its own lazy chunk (js/chunks/, hashed and cached for good), so a visitor downloads only theirs.
 * A key a catalogue lacks falls back to English (catalogues.test.ts keeps the save flow complete).
 */
/** English's namespaces, and the error catalogue's (errors.ts: a chunk of its own, loaded with any other language). */
export type Catalogue = typeof en & { errors: typeof ERROR_MESSAGES };
/** A translation: English's shape, every leaf a string, any of them missing. */
export type Translation = { [K in keyof Catalogue]?: { [M in keyof Catalogue[K]]?: string } & Record<string, string> };

/**
 * One language's words, of the main catalogue or of an area: every area writes the same one line,
 * `(lang) => import(`../../../locales/${lang}/<area>.json`)` (one folder per language at the repository's root,
 * a file per area). The build (rollup.config.mjs, localeChunks) turns that template into a loader per language
 * folder, so every language of every area stays a chunk of its own; vitest (vite) reads the template as it is.
 * A language without the file rejects, and its words stay English.
 */
export type LoadWords<T> = (locale: Exclude<Locale, 'en'>) => Promise<{ default: T }>;

const loadCatalogue: LoadWords<Translation> = (lang) => import(`../../../locales/${lang}/app.json`);
/** The English of the error catalogue, which a translation of it is found by (fromEnglish); loaded with the first other language. */
let errorMessages: Record<string, string> = {};

// A copy: areas add their namespaces to English (defineMessages), and `en` itself stays the save flow's catalogue.
const i18n = rosetta<Translation>({ en: { ...en } });
i18n.locale(DEFAULT_LOCALE);
/** Languages whose main catalogue is loaded (an area's words may arrive first, so `table()` cannot tell). */
const loaded = new Set<Locale>([DEFAULT_LOCALE]);

/** Dotted keys of the English catalogue: `t('picker.title')`. */
type Keys = { [K in keyof Catalogue & string]: `${K}.${keyof Catalogue[K] & string}` }[keyof Catalogue & string];
type Params = Record<string, string | number>;

/** The message for key in the current language (English where it has none), `{{name}}` filled from params. */
export function t(key: Keys, params?: Params): string {
  return i18n.t(key, params) || i18n.t(key, params, DEFAULT_LOCALE);
}

/**
 * A counted message: `{key}_one`, `_few`, `_many`… by Intl.PluralRules, else `{key}_other`; {{count}} formatted,
 * or as params.count gives it (a short count such as "1.2K", still counted by the number).
 */
export function tn(key: string, count: number, params?: Params): string {
  const filled = { count: formatNumber(count), ...params };
  const form = `${key}_${intl('plural', () => new Intl.PluralRules(locale())).select(count)}`;
  return i18n.t(form, filled) || i18n.t(`${key}_other`, filled) || i18n.t(form, filled, DEFAULT_LOCALE) || i18n.t(`${key}_other`, filled, DEFAULT_LOCALE);
}

export const locale = (): Locale => i18n.locale() as Locale;

/** Intl formatters are costly to make and a long board list counts on every row: one of each per language. */
const made = new Map<string, unknown>();
function intl<T>(kind: string, make: () => T): T {
  const key = `${kind} ${locale()}`;
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

/**
 * A number the reader's way. Whole numbers under 1,000 are plain digits in every language we have (a test
 * holds it), and are written without Intl: a page's first Intl.NumberFormat costs Chromium 30-80 ms, which
 * the save popup's board counts would otherwise pay before the picker shows.
 */
export const formatNumber = (n: number): string =>
  Number.isInteger(n) && n >= 0 && n < 1000 ? String(n) : intl('number', () => new Intl.NumberFormat(locale())).format(n);
export const formatDate = (date: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): string =>
  new Intl.DateTimeFormat(locale(), options).format(new Date(date));
/** A calendar day (YYYY-MM-DD) in the reader's language, the same day wherever they are; anything else as it came. */
export const formatDay = (value: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDate(`${value}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' }) : value;

/**
 * A message the server (or a rule shared with it) wrote in English: the current language's words for
 * it when the English catalogue has that exact text under `server` or `errors`, else the text as it came (a detail
 * naming a board, a message we have no translation for). English is never rewritten: the specs' wording stays.
 */
export function fromEnglish(text: string): string {
  if (locale() === DEFAULT_LOCALE) return text;
  // The popup's own quotes first, then the whole error catalogue.
  for (const [namespace, messages] of [
    ['server', en.server as Record<string, string>],
    ['errors', errorMessages],
  ] as const) {
    const key = Object.keys(messages).find((k) => branded(messages[k]!) === text);
    const words = key && i18n.t(`${namespace}.${key}`);
    if (words) return branded(words);
  }
  // A message with one part of its own (a board's name, a length): matched by the words around it.
  for (const [k, english] of Object.entries(en.server)) {
    const parts = english.split(/\{\{(\w+)\}\}/);
    if (parts.length !== 3) continue;
    const [before, name, after] = parts as [string, string, string];
    const filled =
      text.length > before.length + after.length &&
      text.startsWith(before) &&
      text.endsWith(after) &&
      i18n.t(`server.${k}`, { [name]: text.slice(before.length, text.length - after.length) });
    if (filled) return branded(filled);
  }
  // The server's check of one field names it first ("name: …"); the form shows which field, so its words are enough.
  const field = /^[\w.]+: (.+)$/.exec(text);
  const rest = field && fromEnglish(field[1]!);
  return rest && rest !== field[1] ? rest : text;
}

/** The language the page opens in: the one chosen here before, the publisher's (`?lang=`), the browser's. */
export function initialLocale(search = location.search): Locale {
  return pickLocale({ chosen: readChoice(), page: new URLSearchParams(search).get('lang'), browser: navigator.languages ?? [navigator.language] });
}

function readChoice(): string | null {
  if (typeof document === 'undefined') return null;
  return new RegExp(`(?:^|; )${LOCALE_COOKIE}=([a-z]{2})`).exec(document.cookie)?.[1] ?? null;
}

const listeners = new Set<(locale: Locale) => void>();
/** Called after each change of language (main.tsx renders the app again). */
export const onLocaleChange = (listener: (locale: Locale) => void) => void listeners.add(listener);

/** Loads a language's catalogue (once) and makes it current; `<html lang dir>` follow. */
export async function applyLocale(tag: string): Promise<Locale> {
  const next = supported(tag) ?? DEFAULT_LOCALE;
  if (!loaded.has(next)) {
    const [words, errors] = await Promise.all([loadCatalogue(next as Exclude<Locale, 'en'>), import('./errors')]);
    i18n.set(next, words.default);
    errorMessages = errors.ERROR_MESSAGES;
    loaded.add(next);
  }
  await Promise.all([...areas.keys()].map((namespace) => loadArea(namespace, next)));
  i18n.locale(next);
  if (typeof document !== 'undefined') {
    document.documentElement.lang = next;
    document.documentElement.dir = dirOf(next);
  }
  for (const listener of listeners) listener(next);
  return next;
}

/** The user's explicit choice: remembered for a year (the server reads it for the shell), then applied. */
export function chooseLocale(tag: string): Promise<Locale> {
  const chosen = supported(tag) ?? DEFAULT_LOCALE;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from the browsers this app supports (Firefox, older Safari), and the value is one checked language tag, nothing to escape
  document.cookie = `${LOCALE_COOKIE}=${chosen}; path=/; max-age=31536000; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  return applyLocale(chosen);
}

/** An area's translation: its English keys, any of them missing, plus the plural forms a language adds. */
export type AreaTranslation<C> = { [K in keyof C]?: string } & Record<string, string>;
/** A counted message's base key: `pins` for `pins_one` / `pins_other`. */
type Counted<C> = { [K in keyof C & string]: K extends `${infer Base}_other` ? Base : never }[keyof C & string];

const areas = new Map<string, LoadWords<Record<string, string>>>();
const pending = new Set<Promise<void>>();

async function loadArea(namespace: string, next: Locale): Promise<void> {
  const table = i18n.table(next) as Record<string, unknown> | undefined;
  if (next === DEFAULT_LOCALE || table?.[namespace]) return;
  // A language chunk that cannot load leaves the area in English rather than the page unrendered.
  const words = await areas.get(namespace)!(next as Exclude<Locale, 'en'>).then(
    (m) => m.default,
    () => ({}),
  );
  i18n.set(next, { [namespace]: words } as Translation);
}

/**
 * An area's own messages: pages the save popup never shows (the advertiser area, board and pin
 * pages, account pages) keep their words in their own lazy chunk, English beside the code and each other
 * language a chunk of its own, so the popup's budget does not pay for them. Loading the current language's
 * words starts when the area's module runs; `wordsReady()` (App's lazy pages) waits for it, and a change of
 * language loads every area's words before the app renders again. catalogues.test.ts holds every area to
 * English's keys and placeholders, as it does the save flow.
 */
export function defineMessages<C extends Record<string, string>>(namespace: string, english: C, load: LoadWords<AreaTranslation<C>>) {
  i18n.set(DEFAULT_LOCALE, { [namespace]: english } as Translation);
  areas.set(namespace, load as LoadWords<Record<string, string>>);
  const loading = loadArea(namespace, locale()).finally(() => pending.delete(loading));
  pending.add(loading);
  return {
    namespace,
    english,
    /** catalogues.test.ts loads every language with it. */
    load,
    t: (key: keyof C & string, params?: Params): string => t(`${namespace}.${key}` as Keys, params),
    tn: (key: Counted<C>, count: number, params?: Params): string => tn(`${namespace}.${key}`, count, params),
  };
}

/** Resolves when every area module run so far has its current language's words. */
export const wordsReady = (): Promise<unknown> => Promise.all([...pending]);

/**
 * The languages of the popup and product pages, and the one rule that picks a visitor's:
 * shared by the server (the shell's `<html lang dir>`) and the popup (its catalogue), so they agree.
 * The SDK's 14 button languages (sdk/src/labels.ts), plus Arabic, laid out right to left.
 */
export const LOCALES = ['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ru', 'tr', 'ja', 'ko', 'zh', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/**
 * Each language by its own name, for the language selector. Written out (a test holds them to
 * Intl.DisplayNames) because asking Intl for them loads every language's data as the popup starts.
 */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  es: 'Español',
  it: 'Italiano',
  pt: 'Português',
  nl: 'Nederlands',
  sv: 'Svenska',
  pl: 'Polski',
  ru: 'Русский',
  tr: 'Türkçe',
  ja: '日本語',
  ko: '한국어',
  zh: '中文',
  ar: 'العربية',
};

/** Languages written right to left. */
const RTL = new Set<string>(['ar']);

/** The cookie that remembers a language the user chose (the selector in the popup's footer). */
export const LOCALE_COOKIE = 'cb_lang';

/** `pt-BR` is `pt`, `zh-Hans-CN` is `zh`; anything we do not have is null. */
export function supported(tag: string | null | undefined): Locale | null {
  const code = (tag ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  return (LOCALES as readonly string[]).includes(code) ? (code as Locale) : null;
}

/**
 * The visitor's language: the one they chose (remembered), else the publisher page's (the SDK's `lang`,
 * passed to the popup URL), else the browser's first language we have, else English.
 */
export function pickLocale({ chosen, page, browser = [] }: { chosen?: string | null; page?: string | null; browser?: readonly string[] }): Locale {
  for (const tag of [chosen, page, ...browser]) {
    const locale = supported(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

export const dirOf = (locale: string): 'rtl' | 'ltr' => (RTL.has(locale) ? 'rtl' : 'ltr');

/** An Accept-Language header's languages, most wanted first (q=0 refused). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  return (header ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag && l.tag !== '*' && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}

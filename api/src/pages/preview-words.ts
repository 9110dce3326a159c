import type { Locale } from '../lib/rules/locales.js';
import ar from '../../../locales/ar/server-previews.json';
import de from '../../../locales/de/server-previews.json';
import en from '../../../locales/en/server-previews.json';
import es from '../../../locales/es/server-previews.json';
import fr from '../../../locales/fr/server-previews.json';
import it from '../../../locales/it/server-previews.json';
import ja from '../../../locales/ja/server-previews.json';
import ko from '../../../locales/ko/server-previews.json';
import nl from '../../../locales/nl/server-previews.json';
import pl from '../../../locales/pl/server-previews.json';
import pt from '../../../locales/pt/server-previews.json';
import ru from '../../../locales/ru/server-previews.json';
import sv from '../../../locales/sv/server-previews.json';
import tr from '../../../locales/tr/server-previews.json';
import zh from '../../../locales/zh/server-previews.json';

/**
 * The words of a link preview (pages/head.ts): what a chat app or a crawler shows of a page when its
 * owner wrote nothing to show, in every language of the app (the type holds each to every word).
 */
type PreviewWord = keyof typeof en;

/** Every language's words: locales/<lang>/server-previews.json (the type holds each to every word of the English). */
const PREVIEWS: Record<Locale, Record<PreviewWord, string>> = { ar, de, en, es, fr, it, ja, ko, nl, pl, pt, ru, sv, tr, zh };

/** A preview word in a language, with the product's name and the given names filled in (plain text: head.ts escapes). */
export function previewWord(locale: Locale, brand: string, key: PreviewWord, names: { name?: string; board?: string } = {}): string {
  const text = PREVIEWS[locale][key];
  // One pass: a name that itself reads "{board}" stays as written.
  const values: Record<string, string> = { brand, name: names.name ?? '', board: names.board ?? '' };
  return text.replace(/\{(brand|name|board)\}/g, (_, name: string) => values[name]!);
}

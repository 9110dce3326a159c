import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../api/src/lib/rules/locales';
import { MESSAGES } from '../../../api/src/auth/rules';
import { DEACTIVATION_REASONS, SAFETY_MESSAGES } from '../../../api/src/auth/rules/recovery';
import { catalogue } from '../../../api/src/lib/errors.contract';
import { ERROR_MESSAGES } from './errors';

/**
 * The one completeness test of the catalogues: locales/<lang>/<area>.json, one folder per language.
 * Every folder has every area file English has; every key of a translation is English's, with English's
 * placeholders; counted messages have every plural form the language has; the save flow and every popup
 * area are translated in full.
 */
const root = new URL('../../../locales/', import.meta.url);
type Words = Record<string, unknown>;
const read = (lang: string, file: string): Words => JSON.parse(readFileSync(new URL(`${lang}/${file}`, root), 'utf8')) as Words;
const areaFiles = readdirSync(new URL('en/', root))
  .filter((f) => f.endsWith('.json'))
  .sort();
const folders = readdirSync(root).sort();

/** Namespaces of the app catalogue every language must translate in full: the save flow and the site header. */
const SAVE_FLOW = ['common', 'save', 'picker', 'board', 'section', 'success', 'auth', 'server', 'pages', 'errors'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

/** `app.json` nests a namespace a level; every other file is flat. */
const flat = (words: Words, prefix = ''): Map<string, string> =>
  new Map(
    Object.entries(words).flatMap(([key, value]) =>
      typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : [...flat(value as Words, `${prefix}${key}.`)],
    ),
  );
/** `{{name}}`, the server's `{brand}` and the extension's `$1`, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}|(\$\d)/g)].map((m) => m[1] ?? m[2] ?? m[3]).sort();

/** What a language's words lack, have beyond English, or fill differently; empty when they are right. */
function problems(locale: string, messages: Map<string, string>, source: Map<string, string>, required: (key: string) => boolean = () => true): string[] {
  const found: string[] = [];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const [key] of source) {
    if (!required(key)) continue;
    if (PLURAL.test(key)) {
      // A counted message: every form the language has (one/few/many… by Intl.PluralRules).
      if (key.endsWith('_other'))
        for (const form of categories) if (!messages.has(key.replace(/_other$/, `_${form}`))) found.push(`missing ${key.replace(/_other$/, `_${form}`)}`);
      continue;
    }
    if (!messages.get(key)?.trim()) found.push(`missing ${key}`);
  }
  for (const [key, text] of messages) {
    const english = source.get(key) ?? source.get(key.replace(PLURAL, '_other'));
    const form = PLURAL.exec(key)?.[1];
    if (english === undefined) found.push(`not in English: ${key}`);
    else if (form && !source.has(key) && !categories.includes(form as Intl.LDMLPluralRule)) found.push(`no plural form ${form} in ${locale}: ${key}`);
    else if (placeholders(text).join() !== placeholders(english).join())
      found.push(`placeholders of ${key}: ${placeholders(text)} vs ${placeholders(english)}`);
  }
  return found;
}

/**
 * Files a language may leave out, and why: pinit.js's buttons come in the SDK's 14 languages (its 5 KB budget),
 * and a language without sdk.json gets English buttons. Any other missing file is a language half added.
 */
const MAY_LACK: Record<string, string[]> = { ar: ['sdk.json'] };
/** Area files a language folder lacks, named. */
const missingFiles = (lang: string, files = readdirSync(new URL(`${lang}/`, root))) =>
  areaFiles.filter((f) => !files.includes(f) && !MAY_LACK[lang]?.includes(f)).map((f) => `${lang}/${f}`);

// The app catalogue's English with the error catalogue's (errors.ts, a chunk of its own beside it).
const appEnglish = flat({ ...read('en', 'app.json'), errors: ERROR_MESSAGES });
const translations = LOCALES.filter((l) => l !== 'en');

describe('message catalogues: one folder per language', () => {
  it("has a folder per language, the SDK's 14 and a right-to-left one, and nothing else", () => {
    expect(folders).toEqual([...LOCALES].sort());
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ru', 'tr', 'ja', 'ko', 'zh', 'ar']));
    expect(areaFiles).toContain('app.json');
  });

  it.each(translations)('%s has every area file English has', (lang) => {
    expect(missingFiles(lang)).toEqual([]);
  });

  it('names the file a language folder lacks', () => {
    expect(
      missingFiles(
        'fr',
        areaFiles.filter((f) => f !== 'place-feed.json'),
      ),
    ).toEqual(['fr/place-feed.json']);
  });

  it.each(translations)('%s translates every key of the save flow, nothing else, with the same placeholders', (lang) => {
    expect(problems(lang, flat(read(lang, 'app.json')), appEnglish, (key) => SAVE_FLOW.includes(key.split('.')[0]!))).toEqual([]);
  });

  it.each(areaFiles.filter((f) => f !== 'app.json'))('%s: every language translates every key, nothing else, with the same placeholders', (file) => {
    const english = flat(read('en', file));
    for (const lang of translations.filter((l) => !MAY_LACK[l]?.includes(file)))
      expect(problems(lang, flat(read(lang, file)), english), `${lang}/${file}`).toEqual([]);
  });

  it('notices a missing key, an extra key, a placeholder that differs and a plural form the language lacks', () => {
    const fr = flat(read('fr', 'app.json'));
    fr.delete('picker.chooseBoard');
    fr.set('picker.unknown', 'x');
    fr.set('success.savedTo', 'Enregistrée dans {{tableau}}');
    expect(problems('fr', fr, appEnglish, (key) => SAVE_FLOW.includes(key.split('.')[0]!))).toEqual([
      'missing picker.chooseBoard',
      'placeholders of success.savedTo: tableau vs board',
      'not in English: picker.unknown',
    ]);
    const ja = new Map([
      ['boards_other', '{{count}}'],
      ['boards_few', '{{count}}'],
    ]);
    expect(problems('ja', ja, new Map([['boards_other', '{{count}} boards']]))).toEqual(['no plural form few in ja: boards_few']);
  });

  it('quotes the server and its shared rules word for word, so fromEnglish finds their messages', () => {
    const server = read('en', 'app.json').server as Record<string, string>;
    const english = new Set<string>([...Object.values(catalogue).map((e) => e.message), ...Object.values(MESSAGES)]);
    // alreadySavedTo and tooLong are templates of what the server writes with a part of its own (fromEnglish matches them).
    const popupOwn = [
      'uhOh',
      'cantLogIn',
      'emailExistsFailed',
      'boardNameRequired',
      'sectionNameRequired',
      'popupBlocked',
      'ssoNoWindow',
      'ssoNoTokens',
      'alreadySavedTo',
      'tooLong',
    ];
    for (const [key, text] of Object.entries(server)) if (!popupOwn.includes(key)) expect(english, key).toContain(text);
  });

  it("keeps the wording the specs give, shared with the server's rules, letter for letter in English", () => {
    const app = read('en', 'app.json') as Record<string, Record<string, string>>;
    const auth = read('en', 'auth.json') as Record<string, string>;
    expect(app.auth!.captcha).toBe(SAFETY_MESSAGES.captcha);
    for (const [key, text] of Object.entries(MESSAGES)) if (key in app.server!) expect(app.server![key], key).toBe(text);
    for (const [key, text] of Object.entries({ ...SAFETY_MESSAGES, ...DEACTIVATION_REASONS })) if (key in auth) expect(auth[key], key).toBe(text);
  });
});

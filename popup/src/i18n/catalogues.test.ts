import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../../api/src/lib/rules/locales';
import { MESSAGES } from '../../../api/src/auth/rules';
import { catalogue } from '../../../api/src/lib/errors.contract';
import en from './en';
import { ERROR_MESSAGES } from './errors';

/** Namespaces every language must translate in full: the save flow and the site header (issue 20). */
const SAVE_FLOW = ['common', 'save', 'picker', 'board', 'section', 'success', 'auth', 'server', 'pages', 'errors'];
const PLURAL = /_(zero|one|two|few|many|other)$/;

const flat = (catalogue: object): Map<string, string> =>
  new Map(Object.entries(catalogue).flatMap(([ns, messages]) => Object.entries(messages as Record<string, string>).map(([key, text]) => [`${ns}.${key}`, text] as [string, string])));
/** `{{name}}` and the server's `{brand}`, sorted. */
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|\{(\w+)\}/g)].map((m) => m[1] ?? m[2]).sort();

// With the error catalogue's English (errors.ts), a chunk of its own beside the bundle's catalogue.
const saveFlow = flat({ ...en, errors: ERROR_MESSAGES });
const catalogues = await Promise.all(
  LOCALES.filter((l) => l !== 'en').map(async (locale) => ({ locale, messages: flat((await import(`./locales/${locale}.ts`)).default as object) })),
);

/** What a language's catalogue lacks, has beyond English, or fills differently; empty when it is right. */
function problems(locale: string, messages: Map<string, string>, source = saveFlow, required = (key: string) => SAVE_FLOW.includes(key.split('.')[0]!)): string[] {
  const found: string[] = [];
  const categories = new Intl.PluralRules(locale).resolvedOptions().pluralCategories;
  for (const [key] of source) {
    if (!required(key)) continue;
    if (PLURAL.test(key)) {
      // A counted message: every form the language has (one/few/many… by Intl.PluralRules).
      if (key.endsWith('_other')) for (const form of categories) if (!messages.has(key.replace(/_other$/, `_${form}`))) found.push(`missing ${key.replace(/_other$/, `_${form}`)}`);
      continue;
    }
    if (!messages.get(key)?.trim()) found.push(`missing ${key}`);
  }
  for (const [key, text] of messages) {
    const english = source.get(key) ?? source.get(key.replace(PLURAL, '_other'));
    if (english === undefined) found.push(`not in English: ${key}`);
    else if (placeholders(text).join() !== placeholders(english).join()) found.push(`placeholders of ${key}: ${placeholders(text)} vs ${placeholders(english)}`);
  }
  return found;
}

/**
 * Every area's own messages (`<area>/messages.ts`, defineMessages): a lazy chunk's pages, translated in full
 * into every language, as the save flow is.
 */
type Area = { namespace: string; english: Record<string, string>; load: (locale: string) => Promise<{ default: Record<string, string> }> };
const popupSource = new URL('..', import.meta.url);
const areaFiles = readdirSync(popupSource, { recursive: true, encoding: 'utf8' }).filter((file) => /(^|\/)messages\.ts$/.test(file));
const areas = await Promise.all(
  areaFiles.map(async (file) => {
    const { messages } = (await import(new URL(file, popupSource).href)) as { messages: Area };
    return {
      namespace: messages.namespace,
      source: flat({ [messages.namespace]: messages.english }),
      locales: await Promise.all(LOCALES.filter((l) => l !== 'en').map(async (locale) => ({ locale, messages: flat({ [messages.namespace]: (await messages.load(locale)).default }) }))),
    };
  }),
);

describe('message catalogues', () => {
  it('has one file per language, the SDK\'s 14 and a right-to-left one', () => {
    expect(readdirSync(new URL('./locales', import.meta.url)).filter((f) => f.endsWith('.ts')).sort()).toEqual(LOCALES.filter((l) => l !== 'en').map((l) => `${l}.ts`).sort());
    expect(LOCALES).toEqual(expect.arrayContaining(['en', 'de', 'fr', 'es', 'it', 'pt', 'nl', 'sv', 'pl', 'ru', 'tr', 'ja', 'ko', 'zh', 'ar']));
  });

  it.each(catalogues)('$locale translates every key of the save flow, nothing else, with the same placeholders', ({ locale, messages }) => {
    expect(problems(locale, messages)).toEqual([]);
  });

  it.each(areas)('area $namespace: every language translates every key, nothing else, with the same placeholders', ({ source, locales }) => {
    expect(locales.map((l) => l.locale).sort()).toEqual(LOCALES.filter((l) => l !== 'en').sort());
    for (const { locale, messages } of locales) expect(problems(locale, messages, source, () => true), locale).toEqual([]);
  });

  it('notices a missing key, an extra key and a placeholder that differs', () => {
    const fr = new Map(catalogues.find((c) => c.locale === 'fr')!.messages);
    fr.delete('picker.chooseBoard');
    fr.set('picker.unknown', 'x');
    fr.set('success.savedTo', 'Enregistrée dans {{tableau}}');
    expect(problems('fr', fr)).toEqual(['missing picker.chooseBoard', 'placeholders of success.savedTo: tableau vs board', 'not in English: picker.unknown']);
  });

  it('quotes the server and its shared rules word for word, so fromEnglish finds their messages', () => {
    const english = new Set<string>([...Object.values(catalogue).map((e) => e.message), ...Object.values(MESSAGES)]);
    // alreadySavedTo and tooLong are templates of what the server writes with a part of its own (fromEnglish matches them).
    const popupOwn = ['uhOh', 'cantLogIn', 'emailExistsFailed', 'boardNameRequired', 'sectionNameRequired', 'popupBlocked', 'ssoNoWindow', 'ssoNoTokens', 'alreadySavedTo', 'tooLong'];
    for (const [key, text] of Object.entries(en.server)) if (!popupOwn.includes(key)) expect(english, key).toContain(text);
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The extension's catalogues (extension/static/_locales, the browser's own format): every language the
 * product speaks, each with every English message, the same substitutions ($1) and the brand where
 * English names it; no message left in English but the brand's and addresses'.
 */
const DIR = 'extension/static/_locales';
const read = (lang: string) => JSON.parse(readFileSync(`${DIR}/${lang}/messages.json`, 'utf8')) as Record<string, { message: string }>;
const english = read('en');
const languages = readdirSync(DIR).filter((lang) => lang !== 'en');
const marks = (text: string) => [...text.matchAll(/\$\d|\{brand\}/g)].map((m) => m[0]).sort();

describe('the extension in every language', () => {
  it('has the product languages (Chrome names Portuguese and Chinese by region)', () => {
    expect(languages.sort()).toEqual(['ar', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt_BR', 'pt_PT', 'ru', 'sv', 'tr', 'zh_CN']);
  });

  it.each(languages)('%s has every message, with its substitutions, none left in English', (lang) => {
    const messages = read(lang);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, { message }] of Object.entries(messages)) {
      expect(marks(message), `${lang} ${key}`).toEqual(marks(english[key]!.message));
      if (english[key]!.message.length > 12) expect(message, `${lang} ${key}`).not.toBe(english[key]!.message);
    }
  });
});

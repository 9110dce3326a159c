import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/**
 * The extension's catalogues as the browser reads them: dist/extension/_locales/<chrome code>/messages.json,
 * which the build (npm run build) writes from locales/<lang>/extension.json. Every language the product
 * speaks, under the names Chrome gives them, each with every English message, the same substitutions ($1),
 * the brand filled in, and no message left in English but the brand's and addresses'. The words themselves
 * are held to English's keys and placeholders with every other catalogue (popup/src/i18n/catalogues.test.ts).
 */
const DIR = 'dist/extension/_locales';
const read = (lang: string) => JSON.parse(readFileSync(`${DIR}/${lang}/messages.json`, 'utf8')) as Record<string, { message: string }>;
const english = read('en');
const languages = readdirSync(DIR).filter((lang) => lang !== 'en');
const marks = (text: string) => [...text.matchAll(/\$\d/g)].map((m) => m[0]).sort();

describe('the extension in every language', () => {
  it('has the product languages (Chrome names Portuguese and Chinese by region)', () => {
    expect(languages.sort()).toEqual(['ar', 'de', 'es', 'fr', 'it', 'ja', 'ko', 'nl', 'pl', 'pt_BR', 'pt_PT', 'ru', 'sv', 'tr', 'zh_CN']);
    expect(read('pt_PT')).toEqual(read('pt_BR'));
  });

  it.each(languages)('%s has every message, with its substitutions and the brand filled in, none left in English', (lang) => {
    const messages = read(lang);
    expect(Object.keys(messages).sort()).toEqual(Object.keys(english).sort());
    for (const [key, { message }] of Object.entries(messages)) {
      expect(marks(message), `${lang} ${key}`).toEqual(marks(english[key]!.message));
      expect(message, `${lang} ${key}`).not.toContain('{brand}');
      if (english[key]!.message.length > 12) expect(message, `${lang} ${key}`).not.toBe(english[key]!.message);
    }
  });
});

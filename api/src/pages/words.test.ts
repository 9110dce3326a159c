import { rm, writeFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../lib/rules/locales.js';
import { testApp } from '../testing.js';
import { legalSource } from './legal.js';
import { WORDS } from './words.js';

/** The server-rendered pages in the reader's language, by the shell's rule. */
describe("the server's pages in the reader's language", () => {
  const page = async (path: string, headers: Record<string, string> = {}) => {
    const t = await testApp({ config: { brandName: 'Pin<wall>' } });
    const res = await t.app.request(path, { headers });
    return { html: await res.text(), res };
  };

  it('has every word in every language, non-empty, and the brand where English has it', () => {
    const keys = Object.keys(WORDS.en).sort();
    for (const locale of LOCALES) {
      expect(Object.keys(WORDS[locale]).sort(), locale).toEqual(keys);
      for (const key of keys) {
        const text = WORDS[locale][key as keyof typeof WORDS.en];
        expect(text.trim(), `${locale}.${key}`).not.toBe('');
        expect(text.includes('{brand}'), `${locale}.${key}`).toBe(WORDS.en[key as keyof typeof WORDS.en].includes('{brand}'));
        if (locale !== 'en') expect(text, `${locale}.${key}`).not.toBe(WORDS.en[key as keyof typeof WORDS.en]);
      }
    }
  });

  it('shows the bookmarklet page in French for a French browser, the brand escaped', async () => {
    const { html, res } = await page('/bookmarklet', { 'accept-language': 'fr-CA,en;q=0.5' });
    expect(html).toContain('<html lang="fr" dir="ltr">');
    expect(html).toContain('<h1>Enregistrer dans Pin&#60;wall&#62; depuis n’importe quelle page</h1>');
    expect(html).toContain('id="try-bookmarklet">Essayer</button>');
    expect(html).not.toContain('Drag this button');
    expect(res.headers.get('vary')).toContain('Accept-Language');
  });

  it('follows the chosen language (the cookie) over the browser, right to left for Arabic', async () => {
    const { html } = await page('/bookmarklet', { 'accept-language': 'fr', cookie: 'cb_lang=ar' });
    expect(html).toContain('<html lang="ar" dir="rtl">');
    expect(html).toContain('<h2>جرّبها هنا</h2>');
  });

  it('stays English, as before, for English or a language we do not have', async () => {
    for (const headers of [{}, { 'accept-language': 'xx' }] as Record<string, string>[]) {
      const { html } = await page('/bookmarklet', headers);
      expect(html).toContain('<html lang="en" dir="ltr">');
      expect(html).toContain('<h2>Install it</h2>');
    }
  });

  it("shows a policy in the reader's language when legal/{page}.{lang}.md exists, else the English", async () => {
    const translated = legalSource('terms-of-service', 'ar');
    await writeFile(translated, '# شروط الخدمة\n\nمرحبًا بك في {brand}.\n');
    try {
      const ar = (await page('/_/_/policy/terms-of-service/', { 'accept-language': 'ar' })).html;
      expect(ar).toContain('<html lang="ar" dir="rtl">');
      expect(ar).toContain('<title>شروط الخدمة | Pin&#60;wall&#62;</title>');
      expect(ar).toContain('<p>مرحبًا بك في Pin&#60;wall&#62;.</p>');
    } finally {
      await rm(translated);
    }
    // No French text: the English one, marked English.
    const fr = (await page('/_/_/policy/terms-of-service/', { 'accept-language': 'fr' })).html;
    expect(fr).toContain('<html lang="en" dir="ltr">');
    expect(fr).toContain('Terms of Service');
  });
});

import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

/** The shell opens in the visitor's language: `<html lang dir>`, and that language's catalogue preloaded. */
describe('the shell in the visitor language', () => {
  const htmlTag = async (path: string, headers: Record<string, string> = {}) => {
    const t = await testApp();
    const res = await t.app.request(path, { headers });
    return { tag: /<html[^>]*>/.exec(await res.text())?.[0], res };
  };

  it('is English for an English browser, or one whose languages we do not have', async () => {
    expect((await htmlTag('/pin/create/button/?url=x', { 'accept-language': 'en-GB,en;q=0.9' })).tag).toBe('<html lang="en" dir="ltr">');
    expect((await htmlTag('/login', { 'accept-language': 'xx, yy;q=0.5' })).tag).toBe('<html lang="en" dir="ltr">');
    expect((await htmlTag('/login')).tag).toBe('<html lang="en" dir="ltr">');
  });

  it("follows the browser, then the publisher's lang, then the user's choice", async () => {
    expect((await htmlTag('/login', { 'accept-language': 'de-AT;q=0.8, fr;q=0.9' })).tag).toBe('<html lang="fr" dir="ltr">');
    expect((await htmlTag('/pin/create/button/?url=x&lang=ja', { 'accept-language': 'de' })).tag).toBe('<html lang="ja" dir="ltr">');
    expect((await htmlTag('/pin/create/button/?url=x&lang=ja', { 'accept-language': 'de', cookie: 'cb_lang=ar' })).tag).toBe('<html lang="ar" dir="rtl">');
  });

  it('names the catalogue of that language for preloading, a hashed file cached for good', async () => {
    const { res } = await htmlTag('/login', { 'accept-language': 'fr' });
    const t = await testApp();
    const html = await (await t.app.request('/login', { headers: { 'accept-language': 'fr' } })).text();
    expect(res.headers.get('vary')).toContain('Accept-Language');
    // dist/ is built before the unit tests (`npm test`); the catalogue is one of the popup's hashed chunks.
    const chunk = /<link rel="modulepreload" href="(\/js\/chunks\/fr-[\w-]+\.js)">/.exec(html)?.[1];
    expect(chunk).toBeDefined();
    const file = await t.app.request(chunk!, { headers: { 'accept-encoding': 'br' } });
    expect(file.status).toBe(200);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(html).not.toContain('/js/chunks/de-');
    // With it, the error catalogue's English, which its translations of the server's messages are found by.
    expect(html).toMatch(/<link rel="modulepreload" href="\/js\/chunks\/errors-[\w-]+\.js">/);
    expect(await (await t.app.request('/login', { headers: { 'accept-language': 'en' } })).text()).not.toMatch(
      /modulepreload" href="\/js\/chunks\/(?:\w\w|errors)-/,
    );
  });
});

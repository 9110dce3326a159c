import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loaderCode } from '../../../bookmarklet/src/loader.js';
import { testApp } from '../testing.js';
import { escapeHtml } from '../lib/html.js';
import { EXTENSION_ZIP_PATH, installPage } from './bookmarklet.js';

describe('the bookmarklet install page', () => {
  it('is served with a strict CSP and cannot be framed', async () => {
    const t = await testApp();
    const res = await t.app.request('/bookmarklet');
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const html = await res.text();
    expect(html).not.toMatch(/<script>[^<]/); // no inline script
    expect(html).toContain('<script src="/js/bookmarklet-try.js"></script>');
  });

  it('holds a loader that injects the cache-busted script from the product origin', async () => {
    const t = await testApp({ config: { publicOrigin: 'https://corkboard.example' } });
    const html = await (await t.app.request('/bookmarklet')).text();
    const href = /id="bookmarklet" href="([^"]*)"/.exec(html)?.[1] ?? '';
    const code = decodeURIComponent(href.replace(/&#(\d+);/g, (_, n: string) => String.fromCharCode(Number(n))).slice('javascript:'.length));
    expect(code).toBe(loaderCode('https://corkboard.example'));
    expect(code).toContain(`"https://corkboard.example"`);
    expect(code).toContain("o+'/js/bookmarklet.js?r='+Date.now()");
    expect(code).toContain('securitypolicyviolation');
    // Short: it lives in a bookmark.
    expect(href.length).toBeLessThan(1500);
  });

  it('escapes what it interpolates', () => {
    expect(escapeHtml(`"><script>'&`)).toBe('&#34;&#62;&#60;script&#62;&#39;&#38;');
    expect(installPage('https://x.example/"><b>')).not.toContain('"><b>');
  });

  it('serves the try-it script and the sample image', async () => {
    const t = await testApp();
    const script = await t.app.request('/js/bookmarklet-try.js');
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain(loaderCode(t.deps.config.publicOrigin));
    const image = await t.app.request('/img/bookmarklet-sample.png');
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await image.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
  });

  it('has a repin page to send our own pin pages to', async () => {
    const t = await testApp();
    const res = await t.app.request('/pin/123/repin/x/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect((await t.app.request('/pin/abc/repin/x/')).status).toBe(404);
  });

  it('offers the Save extension beside the bookmarklet once it is built, and serves its zip', async () => {
    const html = installPage('https://x.example', '/css/popup.css', 'Corkboard', 'en', true);
    expect(html).toContain('<h2 id="extension-heading">Or add the Corkboard extension</h2>');
    expect(html).toContain(`<a class="primary" href="${EXTENSION_ZIP_PATH}" download>Download the extension (.zip)</a>`);
    expect(html).toContain('chrome://extensions');
    expect(html).toContain('about:debugging');
    expect(installPage('https://x.example', '/css/popup.css', 'Corkboard', 'en', false)).not.toContain('extension-heading');

    const t = await testApp();
    const res = await t.app.request(EXTENSION_ZIP_PATH);
    if (!existsSync('dist/corkboard-extension.zip')) return expect(res.status).toBe(404);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="corkboard-extension.zip"');
    expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync('dist/corkboard-extension.zip'))).toBe(true);
    expect(await (await t.app.request('/bookmarklet')).text()).toContain(`href="${EXTENSION_ZIP_PATH}"`);
  });
});

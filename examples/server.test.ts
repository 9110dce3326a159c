import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { createExamplesApp } from './server';

const app = createExamplesApp({ publicOrigin: 'http://localhost:9999', examplesOrigin: 'http://127.0.0.1:9998' }, fileURLToPath(new URL('.', import.meta.url)));

describe('the demo publisher site', () => {
  it('points its pages at the product wherever it runs', async () => {
    const html = await (await app.request('/')).text();
    expect(html).toContain('<script async defer src="http://localhost:9999/js/pinit.js"></script>');
    expect(html).toContain('media=http://127.0.0.1:9998/img/lemon-tart.png');
    expect(html).not.toContain('{{');
  });

  it('serves images and nothing outside its folder', async () => {
    expect((await app.request('/img/lemon-tart.png')).headers.get('content-type')).toBe('image/png');
    expect((await app.request('/video/kneading.webm')).headers.get('content-type')).toBe('video/webm');
    expect((await app.request('/../package.json')).status).toBe(404);
    expect((await app.request('/%2e%2e/package.json')).status).toBe(404);
    expect((await app.request('/server.ts')).status).toBe(404);
  });
});

describe('the demo site’s verification tags', () => {
  const post = (body: Record<string, string>) => app.request('/site-settings/', { method: 'POST', body: new URLSearchParams(body) });
  it('carries a pasted tag in the home page’s head, escapes nothing through, and lets the owner take them down', async () => {
    const res = await post({ meta_tag: '<meta name="corkboard-site-verification" content="tok_abcdefgh12">' });
    expect(res.status).toBe(303);
    await post({ meta_tag: '"><script>alert(1)</script>' });
    const home = await (await app.request('/')).text();
    expect(home).toContain('<meta name="corkboard-site-verification" content="tok_abcdefgh12">');
    expect(home).not.toContain('<script>alert(1)');
    expect(await (await app.request('/site-settings/')).text()).toContain('<code>tok_abcdefgh12</code>');
    await post({ remove: 'all' });
    expect(await (await app.request('/')).text()).not.toContain('corkboard-site-verification');
  });
});

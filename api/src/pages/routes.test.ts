import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

describe('popup pages', () => {
  it.each(['/pin/create/button/?url=x', '/pin/create/bookmarklet/', '/pin/123/', '/login', '/signup', '/'])('%s cannot be framed and keeps its opener', async (path) => {
    const t = await testApp();
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    // The pin preview shows the publisher's image or video where it lives.
    expect(csp).toContain("img-src 'self' https: http: data: blob:");
    expect(csp).toContain("media-src 'self' https: http:");
    expect(res.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    expect(await res.text()).toContain('<script type="module" src="/js/popup.js">');
  });

  it('has no page for an unknown create method', async () => {
    const t = await testApp();
    expect((await t.app.request('/pin/create/teleport/')).status).toBe(404);
  });
});

describe('built scripts', () => {
  // These read dist/: `npm test` builds before it runs the unit tests.
  it.each(['pinit.js', 'bookmarklet.js'])('/js/%s may be loaded by third-party pages', async (name) => {
    const t = await testApp();
    const res = await t.app.request(`/js/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('keeps the popup bundle to our own origin', async () => {
    const t = await testApp();
    const res = await t.app.request('/js/popup.js');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  });

  it('serves the lazy strength chunk, and nothing else from the chunks folder', async () => {
    const { readdir } = await import('node:fs/promises');
    const [chunk] = await readdir(new URL('../../../dist/js/chunks/', import.meta.url));
    const t = await testApp();
    const res = await t.app.request(`/js/chunks/${chunk}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
    expect((await t.app.request('/js/chunks/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await t.app.request('/js/chunks/missing-0000.js')).status).toBe(404);
  });

  it('serves only the files it knows', async () => {
    const t = await testApp();
    expect((await t.app.request('/js/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await t.app.request('/js/constructor')).status).toBe(404);
  });
});

describe('saving one of our own pin pages', () => {
  it.each(['/pin/123456789012345678/', '/amp/pin/123456789012345678/', '/pin/123456789012345678'])('redirects %s to its repin page', async (path) => {
    const t = await testApp();
    const res = await t.app.request(`/pin/create/button/?url=${encodeURIComponent(`http://localhost:8787${path}`)}&media=x`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pin/123456789012345678/repin/x/');
  });

  it.each(['https://evil.example/pin/1/', 'http://localhost:8787/pin/abc/', 'http://localhost:8787/user/pin/1/', 'not a url'])('does not redirect for %s', async (url) => {
    const t = await testApp();
    expect((await t.app.request(`/pin/create/button/?url=${encodeURIComponent(url)}`)).status).toBe(200);
  });
});

describe('board pages', () => {
  it.each(['/demo/recipes/', '/demo/home-decor/lighting/', '/demo/', '/someone/board-2/'])('%s is the app shell, with the popup pages’ CSP', async (path) => {
    const t = await testApp();
    const res = await t.app.request(path);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await res.text()).toContain('<script type="module" src="/js/popup.js">');
  });

  it('is the same answer for a board that does not exist: the page tells nothing, the API decides', async () => {
    const t = await testApp();
    const owner = await t.makeUser('owner');
    await t.makeBoard(owner.id, 'Hidden', 'secret');
    const secret = await t.app.request('/owner/hidden/');
    const none = await t.app.request('/owner/nothing-here/');
    expect([secret.status, none.status]).toEqual([200, 200]);
    expect(await secret.text()).toBe(await none.text());
  });

  it('sends a board URL with capitals to its one lower-case address', async () => {
    const t = await testApp();
    const res = await t.app.request('/Demo/Home-Decor/?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/demo/home-decor/?x=1');
  });

  it.each(['/v3/nothing/', '/resource/nothing/', '/media/nothing/', '/dev/nothing/', '/demo/not a slug/', '/demo/recipes/lighting/more/'])('is not served at %s', async (path) => {
    const t = await testApp();
    expect((await t.app.request(path)).status).toBe(404);
  });
});

import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

/** The hashed popup bundle and stylesheet the shell names. */
const SHELL_ASSETS =
  /<link rel="stylesheet" href="(\/css\/popup-[\w-]+\.css)">(?:\n<link rel="stylesheet" href="\/css\/pages-[\w-]+\.css">)?(?:\n<link rel="preload" [^>]+>)*\n<script type="module" src="(\/js\/(?:popup|save)-[\w-]+\.js)"><\/script>/;

describe('popup pages', () => {
  it.each(['/pin/create/button/?url=x', '/pin/create/bookmarklet/', '/pin/create/extension/', '/pin/123/', '/login', '/signup', '/'])(
    '%s cannot be framed and keeps its opener',
    async (path) => {
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
      expect(await res.text()).toMatch(SHELL_ASSETS);
    },
  );

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

  it('keeps the popup bundle to our own origin, under hashed names cached for good', async () => {
    const t = await testApp();
    const shell = await t.app.request('/pin/create/button/');
    expect(shell.headers.get('cache-control')).toBe('no-store');
    const [, css, js] = SHELL_ASSETS.exec(await shell.text())!;
    for (const path of [css!, js!]) {
      const res = await t.app.request(path);
      expect(res.status).toBe(200);
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin');
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    }
    expect((await t.app.request(css!)).headers.get('content-type')).toBe('text/css; charset=utf-8');
    // One name per file: the unhashed names are gone, so no page can cache a stale bundle under them.
    expect((await t.app.request('/js/popup.js')).status).toBe(404);
    expect((await t.app.request('/css/popup.css')).status).toBe(404);
  });

  it('sends the save popup its own bundle, its chunks and first reads named for the first round trip, and no data of anyone in it', async () => {
    const t = await testApp();
    const anonymous = await (await t.app.request('/pin/create/button/?advertiser_id=42')).text();
    expect(anonymous).toMatch(/<script type="module" src="\/js\/save-[\w-]+\.js">/);
    // Who is looking is asked of the API beside the bundle; a visitor without a session has no boards to fetch.
    expect(anonymous).toContain('<link rel="preload" as="fetch" href="/resource/ViewerResource/get/?data=%7B%22options%22%3A%7B%7D%7D" crossorigin>');
    expect(anonymous).not.toContain('BoardPickerBoardsResource');
    // A visitor is shown the log-in first: its code is named beside the bundle, and not for a reader with a session.
    expect(anonymous).toMatch(/<link rel="modulepreload" href="\/js\/chunks\/AuthModal-[\w-]+\.js">/);
    const res = await t.app.request('/pin/create/button/?advertiser_id=42', { headers: { cookie: 'cb_session=anything' } });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    const boards = /<link rel="preload" as="fetch" href="(\/resource\/BoardPickerBoardsResource\/get\/\?data=[^"]+)" crossorigin>/.exec(html)?.[1];
    expect(JSON.parse(decodeURIComponent(boards!.split('data=')[1]!))).toEqual({
      options: { field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true, advertiser_id: '42' },
    });
    // Not a board of the viewer's in the page itself: it is the same for anyone, the reads are the API's to answer.
    expect(html).not.toContain('application/json');
    expect(html).not.toContain('AuthModal');
    const chunks = [...html.matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]!);
    expect(chunks.length).toBeGreaterThan(0);
    for (const chunk of chunks) expect((await t.app.request(chunk)).headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // An advertiser id that is not one is left out, as the popup leaves it out of its own read.
    expect(await (await t.app.request('/pin/create/button/?advertiser_id=x%22%3E', { headers: { cookie: 'cb_session=anything' } })).text()).toContain(
      encodeURIComponent(JSON.stringify({ options: { field_set_key: 'board_picker', shortlist_suggestions: 2, isDesktop: true } })),
    );
  });

  it("names home's feed beside the bundle for a reader with a session, and not its chunk (drawn that early, home's sections shift)", async () => {
    const t = await testApp();
    const visitor = await (await t.app.request('/')).text();
    expect(visitor).not.toContain('HomeFeedResource');
    const reader = await (await t.app.request('/', { headers: { cookie: 'cb_session=anything' } })).text();
    expect(reader).toContain('<link rel="preload" as="fetch" href="/resource/HomeFeedResource/get/?data=%7B%22options%22%3A%7B%7D%7D" crossorigin>');
    expect(reader).not.toMatch(/(HomePage|BoardPage|AdminApp)-[\w-]+\.js/);
  });

  it('gives the bookmarklet install page the hashed stylesheet', async () => {
    const t = await testApp();
    const [, css] = SHELL_ASSETS.exec(await (await t.app.request('/')).text())!;
    expect(await (await t.app.request('/bookmarklet')).text()).toContain(`<link rel="stylesheet" href="${css}">`);
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

describe('built files as a CDN serves them', () => {
  it('keeps pinit.js on its stable URL: loadable by any page, briefly cached, revalidated in the background', async () => {
    const t = await testApp();
    const res = await t.app.request('/js/pinit.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('last-modified')).toMatch(/ GMT$/);
  });

  // Issue 28's audit: markup that loads /pinit.js (not /js/pinit.js) rendered nothing.
  it('serves pinit.js at the root too, the same bytes and headers', async () => {
    const t = await testApp();
    const root = await t.app.request('/pinit.js');
    const js = await t.app.request('/js/pinit.js');
    expect(root.status).toBe(200);
    expect(root.headers.get('content-type')).toBe(js.headers.get('content-type'));
    expect(root.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(Buffer.from(await root.arrayBuffer()).equals(Buffer.from(await js.arrayBuffer()))).toBe(true);
  });

  it('sends brotli, then gzip, then the plain file, as Accept-Encoding allows; each decodes to the same script', async () => {
    const t = await testApp();
    const get = (acceptEncoding?: string) =>
      t.app.request('/js/pinit.js', { headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });
    const plain = await get();
    expect(plain.headers.get('content-encoding')).toBeNull();
    const source = Buffer.from(await plain.arrayBuffer());
    expect(source.toString()).toContain('corkboard');

    const br = await get('gzip, deflate, br, zstd');
    expect(br.headers.get('content-encoding')).toBe('br');
    const brBytes = Buffer.from(await br.arrayBuffer());
    expect(brBytes.length).toBeLessThan(source.length / 2);
    expect(brotliDecompressSync(brBytes).equals(source)).toBe(true);

    const gzip = await get('gzip');
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(source)).toBe(true);

    expect((await get('br;q=0, gzip;q=0.5')).headers.get('content-encoding')).toBe('gzip');
    expect((await get('*')).headers.get('content-encoding')).toBe('br');
    expect((await get('identity')).headers.get('content-encoding')).toBeNull();
    // Each representation has its own validator, and all say Vary.
    const tags = [plain, br, gzip].map((res) => res.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    for (const res of [plain, br, gzip]) expect(res.headers.get('vary')).toBe('Accept-Encoding');
  });

  it('answers 304 with no body to a current ETag or date, and the file to a stale one', async () => {
    const t = await testApp();
    const first = await t.app.request('/js/bookmarklet.js', { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+-br"$/);

    const again = await t.app.request('/js/bookmarklet.js', { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    expect(again.headers.get('cache-control')).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(again.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    // The same content in another encoding, or weakly compared, is still current.
    expect((await t.app.request('/js/bookmarklet.js', { headers: { 'accept-encoding': 'gzip', 'if-none-match': `"x", W/${etag}` } })).status).toBe(304);

    const stale = await t.app.request('/js/bookmarklet.js', { headers: { 'accept-encoding': 'br', 'if-none-match': '"an-old-build"' } });
    expect(stale.status).toBe(200);
    expect((await stale.arrayBuffer()).byteLength).toBeGreaterThan(1000);

    const lastModified = first.headers.get('last-modified')!;
    expect((await t.app.request('/js/bookmarklet.js', { headers: { 'if-modified-since': lastModified } })).status).toBe(304);
    expect((await t.app.request('/js/bookmarklet.js', { headers: { 'if-modified-since': 'Thu, 01 Jan 2004 00:00:00 GMT' } })).status).toBe(200);
    // If-None-Match decides when both are sent.
    expect((await t.app.request('/js/bookmarklet.js', { headers: { 'if-none-match': '"an-old-build"', 'if-modified-since': lastModified } })).status).toBe(200);
  });
});

describe('saving one of our own pin pages', () => {
  it.each(['/pin/123456789012345678/', '/amp/pin/123456789012345678/', '/pin/123456789012345678'])('redirects %s to its repin page', async (path) => {
    const t = await testApp();
    const res = await t.app.request(`/pin/create/button/?url=${encodeURIComponent(`http://localhost:8787${path}`)}&media=x`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pin/123456789012345678/repin/x/');
  });

  it('carries the host page’s guid and origin (and lang, advertiser_id) to the repin page, so the popup can answer it', async () => {
    const t = await testApp();
    const query = new URLSearchParams({
      url: 'http://localhost:8787/pin/42/',
      media: 'https://img.example/a.jpg',
      description: 'Tart',
      guid: 'g-123',
      origin: 'https://news.example',
      lang: 'fr',
      advertiser_id: '7',
    });
    const res = await t.app.request(`/pin/create/button/?${query}`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/pin/42/repin/x/?guid=g-123&origin=https%3A%2F%2Fnews.example&lang=fr&advertiser_id=7');
  });

  it.each(['https://evil.example/pin/1/', 'http://localhost:8787/pin/abc/', 'http://localhost:8787/user/pin/1/', 'not a url'])(
    'does not redirect for %s',
    async (url) => {
      const t = await testApp();
      expect((await t.app.request(`/pin/create/button/?url=${encodeURIComponent(url)}`)).status).toBe(200);
    },
  );
});

describe('board pages', () => {
  // Nobody of these names exists here: the status is 404 (not-found.test.ts), the answer the same shell.
  it.each(['/demo/recipes/', '/demo/home-decor/lighting/', '/demo/', '/someone/board-2/'])('%s is the app shell, with the popup pages’ CSP', async (path) => {
    const t = await testApp();
    const res = await t.app.request(path);
    expect(res.status).toBe(404);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(await res.text()).toMatch(SHELL_ASSETS);
  });

  it('is the same answer for a board that does not exist: the page tells nothing, the API decides', async () => {
    const t = await testApp();
    const owner = await t.makeUser('owner');
    await t.makeBoard(owner.id, 'Hidden', 'secret');
    const secret = await t.app.request('/owner/hidden/');
    const none = await t.app.request('/owner/nothing-here/');
    expect([secret.status, none.status]).toEqual([404, 404]);
    expect(await secret.text()).toBe(await none.text());
  });

  it('sends a board URL with capitals to its one lower-case address', async () => {
    const t = await testApp();
    const res = await t.app.request('/Demo/Home-Decor/?x=1');
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/demo/home-decor/?x=1');
  });

  it.each(['/v3/nothing/', '/resource/nothing/', '/media/nothing/', '/dev/nothing/', '/demo/not a slug/', '/demo/recipes/lighting/more/'])(
    'is not served at %s',
    async (path) => {
      const t = await testApp();
      expect((await t.app.request(path)).status).toBe(404);
    },
  );
});

describe('the pin builder page', () => {
  it('/pin-builder/ is the app shell with the popup pages’ CSP; its segment is never a board page', async () => {
    const t = await testApp();
    const res = await t.app.request('/pin-builder/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await res.text()).toMatch(SHELL_ASSETS);
    const bare = await t.app.request('/pin-builder?adCreate=1');
    expect([bare.status, bare.headers.get('location')]).toEqual([301, '/pin-builder/?adCreate=1']);
    expect((await t.app.request('/pin-builder/some-board/')).status).toBe(404);
    const scheduled = await t.app.request('/pin-builder/scheduled/');
    expect(scheduled.status).toBe(200);
    expect(await scheduled.text()).toMatch(SHELL_ASSETS);
  });
});

describe('the search page', () => {
  it('/search/ and /search lead to /search/pins/ with the query kept, not to a profile named "search"', async () => {
    const t = await testApp();
    for (const bare of ['/search/?q=lake', '/search?q=lake']) {
      const search = await t.app.request(bare);
      expect([bare, search.status, search.headers.get('location')]).toEqual([bare, 301, '/search/pins/?q=lake']);
    }
  });
});

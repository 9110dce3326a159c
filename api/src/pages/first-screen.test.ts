import { createHash } from 'node:crypto';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { world as embedsWorld } from '../embeds/testing.js';
import { readAsViewer } from './read-as-viewer.js';
import { pageRoutes } from './routes.js';

/** olga's public board with two pins and her secret, archived and protected ones (embeds/testing.ts), one pin titled with markup. */
async function world() {
  const w = await embedsWorld();
  await w.t.db.updateTable('pins').set({ description: '<img src=x onerror=alert(1)>' }).where('id', '=', w.pins.open2).execute();
  return { ...w, pins: { lake: w.pins.open, lamp: w.pins.open2 } };
}

const screenOf = (html: string) => /<div id="first-screen">([\s\S]*?)<div id="app">/.exec(html)?.[1];

describe('a board page’s first screen, in its HTML', () => {
  it('draws the board and every tile of its first page as links, each picture with its box, srcset and sizes', async () => {
    const { t, pins } = await world();
    const res = await t.app.request('/olga/lake-days/');
    expect(res.status).toBe(200);
    const screen = screenOf(await res.text());
    expect(screen).toBeDefined();
    expect(screen).toContain('<h1>Lake days</h1>');
    expect(screen).toContain('<a href="/olga/">');
    expect(screen).toContain('2 Pins');
    const tiles = [...(screen ?? '').matchAll(/<a class="tile" href="\/pin\/(\d+)\/">(<img [^>]+>)/g)];
    expect(tiles.map((m) => m[1]).sort()).toEqual([pins.lake, pins.lamp].sort());
    for (const [, , img] of tiles) {
      expect(img).toMatch(/ width="\d+" height="\d+"/);
      expect(img).toMatch(/ srcset="[^"]*236x\.jpg 236w/);
      expect(img).toMatch(/ sizes="[^"]+"/);
    }
    // The first tile of a column is asked for at once and first.
    expect(tiles[0]![2]).toContain('loading="eager" fetchpriority="high"');
  });

  it('draws the pictures below the first screen only for a reader without script: others get their box until the app draws them', async () => {
    const { t, browser, pins } = await world();
    const board = (await t.db.selectFrom('pins').select('board_id').where('id', '=', pins.lake).executeTakeFirstOrThrow()).board_id;
    // Thirteen pins: four balanced columns of up to four rows, the fourth row below the first screen.
    for (let n = 0; n < 11; n++)
      expect((await browser.post('PinResource', 'create', { board_id: board, image_url: t.images.url(`more-${n}`), description: `More ${n}` })).status).toBe(
        200,
      );
    await t.runJobs();
    const screen = screenOf(await (await t.app.request('/olga/lake-days/')).text()) ?? '';
    const tiles = [...screen.matchAll(/<a class="tile" href="\/pin\/\d+\/">(.*?)<\/a>/g)].map((m) => m[1]!);
    expect(tiles).toHaveLength(13);
    const waiting = tiles.filter((tile) => tile.startsWith('<svg class="tile-wait"'));
    expect(waiting).toHaveLength(3);
    for (const tile of waiting) {
      // The box has the picture's shape and its name; the picture itself only where no script runs.
      expect(tile).toMatch(
        /^<svg class="tile-wait" viewBox="0 0 \d+ \d+" role="img" aria-label="[^"]+"><\/svg><noscript><img [^>]+ loading="lazy"[^>]*><\/noscript>/,
      );
    }
    expect(tiles.filter((tile) => tile.startsWith('<img '))).toHaveLength(10);
    // The eager pictures, and only they, are marked for the browser to report their paint (the loader waits for it).
    const marked = tiles.filter((tile) => tile.includes(' elementtiming="first-screen"'));
    expect(marked).toHaveLength(tiles.filter((tile) => tile.startsWith('<img ') && tile.includes('loading="eager"')).length);
    expect(marked.length).toBeGreaterThan(0);
    for (const tile of marked) expect(tile).toMatch(/^<img [^>]* loading="eager"/);
  });

  it('asks for the app’s files once the page has loaded, by a loader the CSP allows by its hash alone', async () => {
    const { t } = await world();
    const res = await t.app.request('/olga/lake-days/');
    const html = await res.text();
    // No script or module named for the browser to fetch beside the first pictures.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    const files = JSON.parse(/<script type="application\/json" id="app-files">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as {
      script: string;
      modules: string[];
    };
    expect(files.script).toMatch(/^\/js\/popup-[\w-]+\.js$/);
    expect(files.modules.some((href) => /^\/js\/chunks\/BoardPage-/.test(href))).toBe(true);
    for (const href of [files.script, ...files.modules]) expect((await t.app.request(href)).status).toBe(200);
    // The one inline script that runs: its hash is in the policy, which allows no other inline script.
    const inline = [...html.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const scripts = /script-src ([^;]+)/.exec(res.headers.get('content-security-policy') ?? '')?.[1];
    expect(scripts).toBe(`'self' 'sha256-${hash}'`);
  });

  it('carries its stylesheets in the page, each allowed by its hash, and the plain shell keeps their links', async () => {
    const { t } = await world();
    const res = await t.app.request('/olga/lake-days/');
    const html = await res.text();
    expect(html).not.toContain('rel="stylesheet"');
    const styles = [...html.matchAll(/<style>([^<]*)<\/style>/g)].map((m) => m[1]!);
    expect(styles).toHaveLength(2);
    const csp = res.headers.get('content-security-policy') ?? '';
    const hashes = styles.map((text) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`);
    expect(/style-src ([^;]+)/.exec(csp)?.[1]).toBe(`'self' ${hashes.join(' ')}`);
    // The very stylesheets the links name: the plain shell (a secret board draws nothing) links them.
    const plain = await (await t.app.request('/olga/secret-plans/')).text();
    const links = [...plain.matchAll(/<link rel="stylesheet" href="([^"]+)">/g)].map((m) => m[1]!);
    expect(await Promise.all(links.map(async (href) => (await t.app.request(href)).text()))).toEqual(styles);
  });

  it('writes what people typed as text, never as markup', async () => {
    const { t } = await world();
    const html = await (await t.app.request('/olga/lake-days/')).text();
    const screen = screenOf(html) ?? '';
    expect(screen).not.toContain('<img src=x');
    expect(screen).toContain('&#60;img src=x onerror=alert(1)&#62;');
    // The reads handed to the app: JSON in a data block, with no `<` that could end it.
    const handed = /<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html)?.[1];
    expect(handed).toBeDefined();
    expect(JSON.stringify(JSON.parse(handed ?? '{}'))).toContain('<img src=x onerror=alert(1)>');
  });

  it('hands the app the reads it drew from, the very answers the API gives, instead of having them asked again', async () => {
    const { t } = await world();
    const html = await (await t.app.request('/olga/lake-days/')).text();
    const handed = JSON.parse(/<script type="application\/json" id="first-reads">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}') as Record<string, unknown>;
    const paths = Object.keys(handed);
    expect(paths.map((path) => /^\/resource\/(\w+)\//.exec(path)?.[1]).sort()).toEqual(['BoardFeedResource', 'BoardResource', 'ViewerResource']);
    for (const path of paths) {
      expect(html).not.toContain(`rel="preload" as="fetch" href="${path.replace(/&/g, '&amp;')}"`);
      expect(handed[path]).toEqual((await (await t.app.request(path)).json()).resource_response.data);
    }
    expect(html).not.toContain('rel="preload" as="fetch"');
  });

  it('holds the row of "More actions" for anyone but the board’s owner', async () => {
    const { t, browser } = await world();
    const stranger = screenOf(await (await t.app.request('/olga/lake-days/')).text());
    const owner = screenOf(await (await t.app.request('/olga/lake-days/', { headers: { cookie: browser.cookies } })).text());
    expect(stranger).toContain('class="secondary held" tabindex="-1" aria-hidden="true">More actions</button>');
    expect(owner).toBeDefined();
    expect(owner).not.toContain('held');
  });

  it('draws nothing of a secret board, not even for its owner (the app reads it as the viewer)', async () => {
    const { t, browser } = await world();
    const stranger = await t.app.request('/olga/secret-plans/');
    const owner = await t.app.request('/olga/secret-plans/', { headers: { cookie: browser.cookies } });
    for (const html of [await stranger.text(), await owner.text()]) {
      expect(screenOf(html)).toBeUndefined();
      expect(html).not.toContain('About hidden');
    }
  });

  it('draws nothing of an archived board', async () => {
    const { t } = await world();
    const html = await (await t.app.request('/olga/old-stuff/')).text();
    expect(screenOf(html)).toBeUndefined();
  });

  it('is sent without its first screen when the reads take longer than the page waits', async () => {
    const routes = pageRoutes(undefined, {
      card: async () => ({
        kind: 'board',
        id: '1',
        url: 'http://localhost:8787/slow/board/',
        title: 'Slow',
        description: '',
        author: { name: 'Slow', username: 'slow', url: 'http://localhost:8787/slow/' },
        image: null,
        thumbnail: null,
      }),
      turn: (_, next) => next(),
      read: () => new Promise(() => undefined),
    });
    const res = await routes.request('/slow/board/');
    expect(res.status).toBe(200);
    expect(screenOf(await res.text())).toBeUndefined();
  });
});

describe('home’s first screen, in its HTML', () => {
  it('greets a signed-in reader and draws the first page of what they follow; nothing of their secret boards', async () => {
    const { t, olga, pins } = await world();
    const reader = await t.makeUser('reader');
    const browser = t.client();
    await browser.logIn(reader.email, reader.password);
    expect((await browser.post('UserFollowResource', 'create', { user_id: olga.id })).status).toBe(200);
    const screen = screenOf(await (await t.app.request('/', { headers: { cookie: browser.cookies } })).text());
    expect(screen).toContain('<h1>Welcome, reader</h1>');
    expect(screen).toContain('From people and boards you follow');
    const tiles = [...(screen ?? '').matchAll(/<a class="tile" href="\/pin\/(\d+)\/">/g)].map((m) => m[1]);
    expect(tiles.sort()).toEqual([pins.lake, pins.lamp].sort());
    // The search box is held, not live: what is typed there before the app takes over would be lost.
    expect(screen).toMatch(/<input [^>]*type="search"[^>]*disabled>/);
  });

  it('draws nothing for a visitor, a stale session or a reader who follows nobody', async () => {
    const { t } = await world();
    const loner = await t.makeUser('loner');
    const browser = t.client();
    await browser.logIn(loner.email, loner.password);
    for (const cookie of [undefined, 'cb_session=stale', browser.cookies]) {
      const res = await t.app.request('/', { headers: cookie ? { cookie } : {} });
      expect(res.status).toBe(200);
      expect(screenOf(await res.text())).toBeUndefined();
    }
  });
});

describe('a read as the page’s viewer', () => {
  const echo = new Hono().get('/resource/Echo/get/', (c) =>
    c.req.header('cookie') === 'session=s'
      ? c.json({ resource_response: { data: { language: c.req.header('accept-language'), origin: c.req.header('origin') ?? null } } })
      : c.json({ resource_response: { error: { api_error_code: 3, http_status: 401, message: 'Log in.' } } }, 401),
  );
  const page = (headers: Record<string, string>) =>
    new Hono().get('/page', async (c) => c.json((await readAsViewer(echo, c, '/resource/Echo/get/')) ?? 'refused')).request('/page', { headers });

  it('carries the viewer’s session and language, and nothing the browser alone may send', async () => {
    const res = await page({ cookie: 'session=s', 'accept-language': 'fr', origin: 'https://evil.example' });
    expect(await res.json()).toEqual({ language: 'fr', origin: null });
  });

  it('is nothing when the API refuses it', async () => {
    expect(await (await page({})).json()).toBe('refused');
  });
});

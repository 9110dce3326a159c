import { parseFeed } from '@rowanmanning/feed-parser';
import { describe, expect, it } from 'vitest';
import { usernameProblem } from '../users/rules.js';
import { world } from './testing.js';

/**
 * What the world outside our pages sees: a link preview's head on the pin, board and profile pages,
 * oEmbed and its iframe pages, and the RSS and Atom feeds. Whatever a logged-out stranger may not see
 * (a secret, protected or archived board and its pins, a suspended or deactivated account) gets the
 * generic head, a 404 from oEmbed, the embeds and the feeds: nothing of it leaks.
 */

const ORIGIN = 'http://localhost:8787';
type World = Awaited<ReturnType<typeof world>>;
const page = async (w: World, path: string, headers: Record<string, string> = {}) => {
  const res = await w.t.app.request(path, { headers: { accept: 'text/html', 'user-agent': 'Slackbot-LinkExpanding 1.0', ...headers } });
  return { status: res.status, headers: res.headers, text: await res.text() };
};
const metaOf = (html: string, key: string) => new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html)?.[1] ?? null;
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? null;
// oEmbed answers are its own JSON (not the envelope) when they succeed, the envelope when they fail.
const oembed = async (w: World, query: string): Promise<{ status: number; headers: Headers; body: any }> => w.t.client().send(`/oembed?${query}`);
const oembedOf = (w: World, url: string, more = '') => oembed(w, `url=${encodeURIComponent(url)}&format=json${more}`);

/** What no preview of a hidden thing may carry: its names, descriptions, images. */
const SECRETS = /Secret plans|Campaign|Old stuff|About hidden|About old|About promo|\/media\//;

describe('link previews', () => {
  it('give a pin page its title, description, canonical URL, Open Graph image with its size and a large Twitter card', async () => {
    const w = await world();
    const { status, text } = await page(w, `/pin/${w.pins.open}/`);
    expect(status).toBe(200);
    expect(titleOf(text)).toBe('About lake | Corkboard');
    expect(metaOf(text, 'description')).toBe('About lake');
    expect(text).toContain(`<link rel="canonical" href="${ORIGIN}/pin/${w.pins.open}/">`);
    expect(metaOf(text, 'og:url')).toBe(`${ORIGIN}/pin/${w.pins.open}/`);
    expect(metaOf(text, 'og:type')).toBe('article');
    expect(metaOf(text, 'og:image')).toMatch(new RegExp(`^${ORIGIN}/media/\\d+/736x\\.jpg$`));
    expect(Number(metaOf(text, 'og:image:width'))).toBeGreaterThan(0);
    expect(Number(metaOf(text, 'og:image:height'))).toBeGreaterThan(0);
    expect(metaOf(text, 'twitter:card')).toBe('summary_large_image');
    // Discovery: the oEmbed address of this very page.
    expect(text).toContain(`type="application/json+oembed"`);
    expect(text).toContain(`/oembed?url=${encodeURIComponent(`${ORIGIN}/pin/${w.pins.open}/`)}&#38;format=json`);
    // Still the app's shell: the page runs as before.
    expect(text).toContain('<div id="app"></div>');
  });

  it('give a board and a profile their heads, with their feeds linked', async () => {
    const w = await world();
    const board = (await page(w, '/olga/lake-days/')).text;
    expect(titleOf(board)).toBe('Lake days | Corkboard');
    expect(metaOf(board, 'og:description')).toBe('A board by olga on Corkboard.');
    expect(metaOf(board, 'og:image')).toMatch(/\/media\/\d+\/736x\.jpg$/);
    expect(board).toContain(`<link rel="alternate" href="${ORIGIN}/olga/lake-days.rss" type="application/rss+xml"`);
    expect(board).toContain(`<link rel="alternate" href="${ORIGIN}/olga/lake-days.atom" type="application/atom+xml"`);
    // The board page's own code is named beside the bundle (the app would ask for it only once it has run); with
    // the board's first screen drawn, in the files the page asks for once it has loaded.
    const pageChunk = /"(\/js\/chunks\/BoardPage-[\w-]+\.js)"/.exec(/<script type="application\/json" id="app-files">([^<]*)</.exec(board)?.[1] ?? '')?.[1];
    expect((await w.t.app.request(pageChunk!)).status).toBe(200);
    const profile = (await page(w, '/olga/')).text;
    expect(profile).not.toContain('BoardPage-');
    expect(metaOf(profile, 'og:type')).toBe('profile');
    expect(metaOf(profile, 'og:url')).toBe(`${ORIGIN}/olga/`);
    expect(profile).toContain(`<link rel="alternate" href="${ORIGIN}/olga/feed.rss" type="application/rss+xml"`);
  });

  it('speak the page’s language where the owner wrote nothing', async () => {
    const w = await world();
    const fr = (await page(w, '/olga/lake-days/', { 'accept-language': 'fr-FR,fr;q=0.9' })).text;
    expect(fr).toContain('<html lang="fr"');
    expect(metaOf(fr, 'description')).toBe('Un tableau de olga sur Corkboard.');
    // Every language of the app has its own words.
    const ja = (await page(w, '/olga/lake-days/?lang=ja')).text;
    expect(metaOf(ja, 'description')).toBe('Corkboardのolgaさんのボード。');
  });

  it('escape what people wrote', async () => {
    const w = await world();
    await w.t.db.updateTable('pins').set({ title: '"><script>alert(1)</script>' }).where('id', '=', w.pins.open).execute();
    const { text } = await page(w, `/pin/${w.pins.open}/`);
    expect(text).not.toContain('<script>alert(1)');
    expect(metaOf(text, 'og:title')).toBe('&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;');
  });

  it('give a secret, protected or archived board, its pins and a missing one the generic head, the same for each', async () => {
    const w = await world();
    const generic = (await page(w, '/pin/999999/')).text;
    expect(titleOf(generic)).toBe('Corkboard');
    expect(metaOf(generic, 'og:image')).toBeNull();
    expect(metaOf(generic, 'twitter:card')).toBe('summary');
    for (const path of [`/pin/${w.pins.secret}/`, `/pin/${w.pins.protected}/`, `/pin/${w.pins.archived}/`]) {
      const { status, text } = await page(w, path);
      expect(status, path).toBe(200);
      expect(text, path).toBe(generic);
      expect(text, path).not.toMatch(SECRETS);
    }
    // A board a stranger may not see answers as a missing one does: the not-found page, 404, the same bytes.
    const missingBoard = await page(w, '/olga/nothing-here/');
    expect(missingBoard.status).toBe(404);
    expect(titleOf(missingBoard.text)).toBe('Corkboard');
    for (const path of ['/olga/secret-plans/', '/olga/campaign/', '/olga/old-stuff/']) {
      const { status, text } = await page(w, path);
      expect(status, path).toBe(404);
      expect(text, path).toBe(missingBoard.text);
      expect(text, path).not.toMatch(SECRETS);
    }
  });

  it('give the generic head even to the owner’s own browser: the head is what a stranger may see', async () => {
    const w = await world();
    const { text } = await page(w, `/pin/${w.pins.secret}/`, { cookie: w.browser.cookies });
    expect(titleOf(text)).toBe('Corkboard');
    expect(text).not.toMatch(SECRETS);
  });

  it('give a suspended or deactivated account’s profile, boards and pins the generic head', async () => {
    const w = await world();
    for (const state of ['suspended', 'deactivated'] as const) {
      await w.t.db.updateTable('users').set({ state }).where('id', '=', w.olga.id).execute();
      for (const path of ['/olga/', '/olga/lake-days/', `/pin/${w.pins.open}/`]) {
        const { text } = await page(w, path);
        expect(titleOf(text), `${state} ${path}`).toBe('Corkboard');
        expect(text).not.toMatch(/Lake days|About lake|\/media\//);
      }
    }
  });

  it('refuse to be framed: frame-ancestors none and X-Frame-Options on the pages', async () => {
    const w = await world();
    const { headers } = await page(w, `/pin/${w.pins.open}/`);
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
    // And the API's answers too.
    const api = await w.t.client().send(`/oembed?url=${encodeURIComponent(`${ORIGIN}/pin/${w.pins.open}/`)}`);
    expect(api.headers.get('x-frame-options')).toBe('DENY');
  });
});

describe('oEmbed', () => {
  it('answers a pin’s URL with a rich iframe of its embed page, its thumbnail, author and provider', async () => {
    const w = await world();
    const res = await oembedOf(w, `${ORIGIN}/pin/${w.pins.open}/`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      version: '1.0',
      type: 'rich',
      title: 'About lake',
      author_name: 'olga',
      author_url: `${ORIGIN}/olga/`,
      provider_name: 'Corkboard',
      provider_url: `${ORIGIN}/`,
      width: 345,
      thumbnail_url: expect.stringMatching(/\/media\/\d+\/236x\.jpg$/),
      thumbnail_width: 236,
      thumbnail_height: 157,
    });
    expect(res.body.html).toContain(`<iframe src="${ORIGIN}/embed/pin/${w.pins.open}/?size=medium" width="345" height="${res.body.height}"`);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('answers boards and profiles with their own embeds, within maxwidth and maxheight', async () => {
    const w = await world();
    const board = await oembedOf(w, `${ORIGIN}/olga/lake-days/`, '&maxwidth=300&maxheight=250');
    expect(board.status).toBe(200);
    expect(board.body).toMatchObject({ type: 'rich', title: 'Lake days', width: 300, height: 250 });
    expect(board.body.html).toContain(`src="${ORIGIN}/embed/board/olga/lake-days/?width=300&#38;height=192"`);
    const profile = await oembedOf(w, `${ORIGIN}/olga/`);
    expect(profile.body.html).toContain(`src="${ORIGIN}/embed/user/olga/?width=400&#38;height=240"`);
    // A pin at a maxwidth that takes the large card, and one that takes only the small one.
    expect((await oembedOf(w, `${ORIGIN}/pin/${w.pins.open}/`, '&maxwidth=700')).body.width).toBe(600);
    expect((await oembedOf(w, `${ORIGIN}/pin/${w.pins.open}/`, '&maxwidth=300')).body.width).toBe(236);
  });

  it('answers 404 for a secret, protected or archived board, their pins, a suspended owner and what is missing', async () => {
    const w = await world();
    for (const path of [
      `/pin/${w.pins.secret}/`,
      `/pin/${w.pins.protected}/`,
      `/pin/${w.pins.archived}/`,
      '/pin/999999/',
      '/olga/secret-plans/',
      '/olga/campaign/',
      '/olga/old-stuff/',
      '/nobody/',
      '/settings/account/x/y/',
    ]) {
      const res = await oembedOf(w, `${ORIGIN}${path}`);
      expect(res.status, path).toBe(404);
      expect(JSON.stringify(res.body)).not.toMatch(SECRETS);
    }
    await w.t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', w.olga.id).execute();
    expect((await oembedOf(w, `${ORIGIN}/pin/${w.pins.open}/`)).status).toBe(404);
    expect((await oembedOf(w, `${ORIGIN}/olga/`)).status).toBe(404);
  });

  it('answers every bad input with a clear error: another site’s URL, no URL, another format, nonsense sizes', async () => {
    const w = await world();
    const pin = encodeURIComponent(`${ORIGIN}/pin/${w.pins.open}/`);
    const cases: Array<[string, number, number]> = [
      [`url=${encodeURIComponent('https://elsewhere.example/pin/1/')}`, 400, 390],
      [`url=${encodeURIComponent('http://localhost:9999/pin/1/')}`, 400, 390],
      ['url=not%20a%20url', 400, 390],
      ['url=javascript%3Aalert(1)', 400, 390],
      ['format=json', 400, 1],
      [`url=${pin}&format=xml`, 501, 391],
      [`url=${pin}&format=yaml`, 501, 391],
      [`url=${pin}&maxwidth=wide`, 400, 1],
      [`url=${pin}&maxwidth=-5`, 400, 1],
      [`url=${pin}&maxwidth=0`, 400, 1],
      [`url=${pin}&maxheight=1e9`, 400, 1],
      [`url=${pin}&maxwidth=99999999`, 400, 1],
      [`url=${pin}&maxwidth=100`, 404, 30],
      [`url=${encodeURIComponent(`${ORIGIN}/olga/lake-days/`)}&maxheight=80`, 404, 30],
    ];
    for (const [query, status, code] of cases) {
      const res = await oembed(w, query);
      expect(res.status, query).toBe(status);
      expect(res.body.resource_response.error.api_error_code, query).toBe(code);
      expect(res.body.resource_response.error.message, query).toBeTruthy();
    }
  });
});

describe('embed pages', () => {
  const embed = async (w: World, path: string) => {
    const res = await w.t.app.request(path, { headers: { accept: 'text/html', cookie: w.browser.cookies } });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('draw the SDK’s widget with its engine, may be framed by anyone and set no cookie', async () => {
    const w = await world();
    const { status, headers, text } = await embed(w, `/embed/pin/${w.pins.open}/?size=large`);
    expect(status).toBe(200);
    expect(text).toContain(`<a data-pin-do="embedPin" data-pin-width="large" data-pin-lang="en" href="${ORIGIN}/pin/${w.pins.open}/"`);
    expect(text).toContain('<script async src="/js/pinit-embed.js"></script>');
    expect(headers.get('content-security-policy')).toContain('frame-ancestors *');
    expect(headers.get('x-frame-options')).toBeNull();
    expect(headers.get('set-cookie')).toBeNull();
    const board = await embed(w, '/embed/board/olga/lake-days/?width=300&height=192');
    expect(board.text).toContain('data-pin-do="embedBoard" data-pin-board-width="300" data-pin-scale-height="192"');
    expect((await embed(w, '/embed/user/olga/')).text).toContain('data-pin-do="embedUser"');
  });

  it('are 404 with nothing of a hidden board, its pins or a missing one', async () => {
    const w = await world();
    for (const path of [
      `/embed/pin/${w.pins.secret}/`,
      `/embed/pin/${w.pins.archived}/`,
      `/embed/pin/${w.pins.protected}/`,
      '/embed/pin/999999/',
      '/embed/board/olga/secret-plans/',
      '/embed/board/olga/campaign/',
      '/embed/user/nobody/',
    ]) {
      const { status, text, headers } = await embed(w, path);
      expect(status, path).toBe(404);
      expect(text).not.toMatch(SECRETS);
      expect(headers.get('set-cookie')).toBeNull();
    }
  });
});

describe('feeds', () => {
  const get = async (w: World, path: string, headers: Record<string, string> = {}) => {
    const res = await w.t.app.request(path, { headers });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('list a board’s newest pins as RSS 2.0 and Atom, each with its image, link and description', async () => {
    const w = await world();
    const rss = await get(w, '/olga/lake-days.rss');
    expect(rss.status).toBe(200);
    expect(rss.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8');
    const feed = parseFeed(rss.text);
    expect(feed.meta.type).toBe('rss');
    expect(feed.title).toBe('Lake days | Corkboard');
    expect(feed.url).toBe(`${ORIGIN}/olga/lake-days/`);
    expect(feed.items.map((i) => i.url).sort()).toEqual([`${ORIGIN}/pin/${w.pins.open2}/`, `${ORIGIN}/pin/${w.pins.open}/`].sort());
    const first = feed.items.find((i) => i.url === `${ORIGIN}/pin/${w.pins.open}/`)!;
    expect(first.title).toBe('About lake');
    expect(first.description).toBe('About lake');
    expect(first.media[0]?.url).toMatch(/\/media\/\d+\/736x\.jpg$/);
    const atom = parseFeed((await get(w, '/olga/lake-days.atom')).text);
    expect(atom.meta.type).toBe('atom');
    expect(atom.items).toHaveLength(2);
  });

  it('list a profile’s newest pins on boards anyone may see', async () => {
    const w = await world();
    const feed = parseFeed((await get(w, '/olga/feed.rss')).text);
    expect(feed.items.map((i) => i.url).sort()).toEqual([`${ORIGIN}/pin/${w.pins.open}/`, `${ORIGIN}/pin/${w.pins.open2}/`].sort());
    expect(parseFeed((await get(w, '/olga/feed.atom')).text).items).toHaveLength(2);
  });

  it('answer 304 to a reader whose copy is current, by ETag or by date, and 200 once a pin is added', async () => {
    const w = await world();
    const first = await get(w, '/olga/lake-days.rss');
    const etag = first.headers.get('etag')!;
    const lastModified = first.headers.get('last-modified')!;
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    expect((await get(w, '/olga/lake-days.rss', { 'if-none-match': etag })).status).toBe(304);
    expect((await get(w, '/olga/lake-days.rss', { 'if-modified-since': lastModified })).status).toBe(304);
    expect((await get(w, '/olga/lake-days.rss', { 'if-none-match': '"other"', 'if-modified-since': lastModified })).status).toBe(200);
    w.t.clock.advance(60_000);
    const board = await w.t.db.selectFrom('boards').select('id').where('slug', '=', 'lake-days').executeTakeFirstOrThrow();
    expect((await w.browser.post('PinResource', 'create', { board_id: board.id, link: 'https://news.example/new', description: 'A new one' })).status).toBe(
      200,
    );
    const again = await get(w, '/olga/lake-days.rss', { 'if-none-match': etag });
    expect(again.status).toBe(200);
    expect(parseFeed(again.text).items[0]?.description).toBe('A new one');
    expect((await get(w, '/olga/lake-days.rss', { 'if-modified-since': lastModified })).status).toBe(200);
  });

  it('are 404 for a secret, protected or archived board, a missing one, and a suspended or deactivated account', async () => {
    const w = await world();
    for (const path of ['/olga/secret-plans.rss', '/olga/campaign.rss', '/olga/old-stuff.atom', '/olga/nothing.rss', '/nobody/feed.rss']) {
      const res = await get(w, path);
      expect(res.status, path).toBe(404);
      expect(res.text).not.toMatch(SECRETS);
    }
    for (const state of ['suspended', 'deactivated'] as const) {
      await w.t.db.updateTable('users').set({ state }).where('id', '=', w.olga.id).execute();
      expect((await get(w, '/olga/lake-days.rss')).status, state).toBe(404);
      expect((await get(w, '/olga/feed.rss')).status, state).toBe(404);
    }
  });

  it('list only the newest page of a big board', async () => {
    const w = await world();
    const board = await w.t.db.selectFrom('boards').select('id').where('slug', '=', 'lake-days').executeTakeFirstOrThrow();
    for (let i = 0; i < 27; i++)
      await w.browser.post('PinResource', 'create', { board_id: board.id, link: `https://many.example/${i}`, description: `Pin ${i}` });
    expect(parseFeed((await get(w, '/olga/lake-days.rss')).text).items).toHaveLength(25);
  });
});

describe('the embeds’ addresses', () => {
  it('are never a username', () => {
    expect(usernameProblem('oembed')).toBe('reserved');
    expect(usernameProblem('embed')).toBe('reserved');
  });
});

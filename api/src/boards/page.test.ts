import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';

/** The board page's reads: BoardResource get (by URL or id) and BoardFeedResource get. */

async function member(t: TestApp, name?: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

/** Saves `n` pins to a board (one image, links that differ), the clock moving a minute between them, and runs their ingest. */
async function savePins(t: TestApp, browser: ReturnType<TestApp['client']>, boardId: string, n: number, section?: string) {
  const ids: string[] = [];
  for (let i = 0; i < n; i++) {
    t.clock.advance(60_000);
    const res = await browser.post('PinResource', 'create', {
      board_id: boardId,
      section,
      image_url: t.images.url('tart'),
      link: `https://publisher.example/${boardId}/${section ?? ''}/${i}`,
      description: `Pin ${i}`,
      method: 'button',
    });
    expect(res.status).toBe(200);
    ids.push(res.body.resource_response.data.id);
  }
  // The image copies, as the server's worker makes them after the saves.
  await t.runJobs();
  return ids;
}

const NOT_FOUND = { api_error_code: 40, http_status: 404, message: "Sorry, we couldn't find that board." };

describe('BoardResource get (the board page)', () => {
  it('shows a public board to a visitor: name, owner, pin count, sections with their counts and URLs', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'cook');
    const board = await t.makeBoard(user.id, 'Home décor');
    const lighting = await t.makeSection(board, 'Lighting');
    t.clock.advance(1); // sections are listed in the order they were made
    await t.makeSection(board, 'Living room');
    await savePins(t, browser, board, 2);
    await savePins(t, browser, board, 1, lighting);

    const res = await t.client().get('BoardResource', { username: 'cook', slug: 'home-decor' });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({
      id: board,
      name: 'Home décor',
      url: '/cook/home-decor/',
      privacy: 'public',
      pin_count: 3,
      section_count: 2,
      owner: { id: user.id, username: 'cook', full_name: 'cook' },
      image_cover_url: expect.stringMatching(/^http:\/\/localhost:8787\/media\/\d+\/236x\.jpg$/),
      sections: [
        { id: lighting, title: 'Lighting', slug: 'lighting', pin_count: 1, url: '/cook/home-decor/lighting/' },
        { title: 'Living room', slug: 'living-room', pin_count: 0, url: '/cook/home-decor/living-room/' },
      ],
    });
    // By id it is the same board; URL parts are read without regard to case.
    expect((await t.client().get('BoardResource', { board_id: board })).body).toEqual(res.body);
    expect((await t.client().get('BoardResource', { username: 'Cook', slug: 'Home-Decor' })).body).toEqual(res.body);
  });

  it('shows a secret board to its owner and accepted collaborators only; to anyone else it does not exist', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    const board = await t.makeBoard(owner.user.id, 'Surprise party', 'secret');
    await savePins(t, owner.browser, board, 1);
    const friend = await member(t, 'friend');
    await t.db.insertInto('board_collaborators').values({ board_id: board, user_id: friend.user.id, status: 'accepted', created_at: 1 }).execute();
    const invited = await member(t, 'invited');
    await t.db.insertInto('board_collaborators').values({ board_id: board, user_id: invited.user.id, status: 'invited', created_at: 1 }).execute();
    const stranger = await member(t, 'stranger');
    const key = { username: 'owner', slug: 'surprise-party' };

    for (const browser of [owner.browser, friend.browser]) {
      const seen = await browser.get('BoardResource', key);
      expect(seen.status).toBe(200);
      expect(seen.body.resource_response.data).toMatchObject({ id: board, privacy: 'secret', pin_count: 1 });
      const feed = await browser.get('BoardFeedResource', { board_id: board });
      expect(feed.body.resource_response.data.pins).toHaveLength(1);
    }
    // Nobody else can tell it from a board that does not exist: the same status and body, by URL, by id, and for its pins.
    const none = await t.client().get('BoardResource', { username: 'owner', slug: 'no-such-board' });
    expect(none.status).toBe(404);
    expect(none.body.resource_response.error).toEqual(NOT_FOUND);
    for (const browser of [stranger.browser, invited.browser, t.client()]) {
      for (const answer of [
        await browser.get('BoardResource', key),
        await browser.get('BoardResource', { board_id: board }),
        await browser.get('BoardFeedResource', { board_id: board }),
      ]) {
        expect(answer.status).toBe(404);
        expect(answer.body).toEqual(none.body);
      }
    }
  });

  it('keeps a protected board (an advertiser’s) to its members too', async () => {
    const t = await testApp();
    const owner = await member(t, 'brand');
    const board = await t.makeBoard(owner.user.id, 'Campaign');
    await t.db.updateTable('boards').set({ privacy: 'protected' }).where('id', '=', board).execute();
    expect((await owner.browser.get('BoardResource', { username: 'brand', slug: 'campaign' })).body.resource_response.data).toMatchObject({
      privacy: 'protected',
    });
    const visitor = await t.client().get('BoardResource', { username: 'brand', slug: 'campaign' });
    expect(visitor.status).toBe(404);
    expect(visitor.body.resource_response.error).toEqual(NOT_FOUND);
  });

  // Issue 28: its owner sees an archived board (marked archived) to unarchive it; no one else does.
  it('shows an archived board to its owner alone', async () => {
    const t = await testApp();
    const owner = await member(t, 'tidy');
    const board = await t.makeBoard(owner.user.id, 'Old stuff');
    await t.db.updateTable('boards').set({ archived_at: 1 }).where('id', '=', board).execute();
    expect((await owner.browser.get('BoardResource', { username: 'tidy', slug: 'old-stuff' })).body.resource_response.data).toMatchObject({
      id: board,
      archived: true,
    });
    expect((await owner.browser.get('BoardFeedResource', { board_id: board })).status).toBe(200);
    const stranger = await member(t, 'nosy');
    for (const browser of [stranger.browser, t.client()]) {
      expect((await browser.get('BoardResource', { username: 'tidy', slug: 'old-stuff' })).body.resource_response.error).toEqual(NOT_FOUND);
      expect((await browser.get('BoardFeedResource', { board_id: board })).body.resource_response.error).toEqual(NOT_FOUND);
    }
  });

  it('answers an unknown user, slug or id with not found', async () => {
    const t = await testApp();
    const owner = await t.makeUser('real');
    await t.makeBoard(owner.id, 'Recipes');
    for (const key of [{ username: 'nobody', slug: 'recipes' }, { username: 'real', slug: 'desserts' }, { board_id: '123456789012345678' }]) {
      const res = await t.client().get('BoardResource', key);
      expect(res.status).toBe(404);
      expect(res.body.resource_response.error).toEqual(NOT_FOUND);
    }
    // Another user's board of the same name is not this one.
    const other = await t.makeUser('other');
    await t.makeBoard(other.id, 'Desserts');
    expect((await t.client().get('BoardResource', { username: 'real', slug: 'desserts' })).status).toBe(404);
  });

  it.each([
    [{}, /^Name the board by board_id, or by username and slug\.$/],
    [{ username: 'cook' }, /^Name the board by board_id, or by username and slug\.$/],
    [{ slug: 'recipes' }, /^Name the board by board_id, or by username and slug\.$/],
    [{ board_id: '1', username: 'cook', slug: 'recipes' }, /^Name the board by board_id, or by username and slug\.$/],
    [{ board_id: 'recipes' }, /^board_id: Must be an id\.$/],
    [{ username: 'co ok', slug: 'recipes' }, /^username: Must be a username/],
    [{ username: '../etc', slug: 'recipes' }, /^username: Must be a username/],
    [{ username: 'cook', slug: 'Recipes & more' }, /^slug: Must be a board slug/],
    [{ username: 'cook', slug: '-recipes' }, /^slug: Must be a board slug/],
    [{ username: 'cook', slug: 'a'.repeat(101) }, /^slug: Must be at most 100 characters\.$/],
    [{ username: 42, slug: 'recipes' }, /^username: /],
  ])('refuses %j with a clear message', async (options, message) => {
    const t = await testApp();
    const res = await t.client().get('BoardResource', options);
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.api_error_code).toBe(1);
    expect(res.body.resource_response.error?.message_detail).toMatch(message);
  });

  it('has no other actions for visitors: creating still needs a log-in', async () => {
    const t = await testApp();
    expect((await t.client().post('BoardResource', 'create', { name: 'Sneaky' })).status).toBe(401);
  });
});

describe('board URLs', () => {
  it('gives boards whose names make the same slug URLs of their own, and sections likewise', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'maker');
    const names = ['Home decor', 'Home-decor', 'HOME DÉCOR!', '旅行', '料理'];
    const urls: string[] = [];
    for (const name of names) urls.push((await browser.post('BoardResource', 'create', { name })).body.resource_response.data.url);
    expect(urls).toEqual(['/maker/home-decor/', '/maker/home-decor-2/', '/maker/home-decor-3/', '/maker/board/', '/maker/board-2/']);
    for (const [i, url] of urls.entries()) {
      const [, username, slug] = url.split('/');
      expect((await t.client().get('BoardResource', { username, slug })).body.resource_response.data.name).toBe(names[i]);
    }
    // Another owner starts from the plain slug again.
    const other = await member(t, 'other');
    expect((await other.browser.post('BoardResource', 'create', { name: 'Home decor' })).body.resource_response.data.url).toBe('/other/home-decor/');

    const board = await t.makeBoard(user.id, 'Sections');
    const first = (await browser.post('BoardSectionResource', 'create', { board_id: board, name: 'Living room' })).body.resource_response.data;
    const second = (await browser.post('BoardSectionResource', 'create', { board_id: board, name: 'Living-room' })).body.resource_response.data;
    expect([first.slug, second.slug]).toEqual(['living-room', 'living-room-2']);
  });

  it('keeps a slug short whatever a name expands to', async () => {
    const t = await testApp();
    const { browser } = await member(t, 'long');
    // U+FDFA expands to a phrase of 18 words under NFKD.
    const url: string = (await browser.post('BoardResource', 'create', { name: '\uFDFA'.repeat(50) })).body.resource_response.data.url;
    const slug = url.split('/')[2] ?? '';
    expect(slug.length).toBeLessThanOrEqual(80);
    expect(slug).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect((await t.client().get('BoardResource', { username: 'long', slug })).status).toBe(200);
  });
});

describe('BoardFeedResource get (the board page’s pins)', () => {
  it('lists a board’s pins newest first with their 236x images, 25 a page, and a bookmark for the rest', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'cook');
    const board = await t.makeBoard(user.id, 'Recipes');
    const saved = await savePins(t, browser, board, 27);
    const visitor = t.client();

    const first = (await visitor.get('BoardFeedResource', { board_id: board })).body.resource_response.data;
    expect(first.pins).toHaveLength(25);
    expect(first.pins.map((p: { id: string }) => p.id)).toEqual(saved.slice().reverse().slice(0, 25));
    expect(first.pins[0]).toMatchObject({
      id: saved[26],
      description: 'Pin 26',
      images: { '236x': { url: expect.stringMatching(/^http:\/\/localhost:8787\/media\/\d+\/236x\.jpg$/), width: 236, height: 157 } },
      board: { id: board, url: '/cook/recipes/' },
    });
    expect(first.bookmark).toMatch(/^\d+:\d+$/);

    const second = (await visitor.get('BoardFeedResource', { board_id: board, bookmark: first.bookmark })).body.resource_response.data;
    expect(second.pins.map((p: { id: string }) => p.id)).toEqual([saved[1], saved[0]]);
    expect(second.bookmark).toBe('-end-');
    expect((await visitor.get('BoardFeedResource', { board_id: board, bookmark: '-end-' })).body.resource_response.data).toEqual({
      pins: [],
      bookmark: '-end-',
    });

    // A page size of the client's choosing, up to 50; a page that ends exactly at the last pin ends the feed.
    const ten = (await visitor.get('BoardFeedResource', { board_id: board, page_size: 10 })).body.resource_response.data;
    expect(ten.pins).toHaveLength(10);
    const all = (await visitor.get('BoardFeedResource', { board_id: board, page_size: 27 })).body.resource_response.data;
    expect(all.pins).toHaveLength(27);
    expect(all.bookmark).toBe('-end-');
  });

  it('pages through pins saved in the same millisecond without losing or repeating one', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'fast');
    const board = await t.makeBoard(user.id, 'Burst');
    const ids: string[] = [];
    for (let i = 0; i < 7; i++) {
      ids.push(
        (
          await browser.post('PinResource', 'create', {
            board_id: board,
            image_url: t.images.url('tart'),
            link: `https://publisher.example/${i}`,
            method: 'button',
          })
        ).body.resource_response.data.id,
      );
    }
    const seen: string[] = [];
    let bookmark: string | undefined;
    do {
      const page = (await t.client().get('BoardFeedResource', { board_id: board, page_size: 3, bookmark })).body.resource_response.data;
      seen.push(...page.pins.map((p: { id: string }) => p.id));
      bookmark = page.bookmark;
    } while (bookmark !== '-end-');
    expect(seen).toEqual(ids.slice().sort().reverse());
  });

  it('lists one section’s pins, and refuses a section of another board', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'cook');
    const board = await t.makeBoard(user.id, 'Home');
    const lighting = await t.makeSection(board, 'Lighting');
    await savePins(t, browser, board, 2);
    const lamps = await savePins(t, browser, board, 2, lighting);
    const feed = (await t.client().get('BoardFeedResource', { board_id: board, section_id: lighting })).body.resource_response.data;
    expect(feed.pins.map((p: { id: string }) => p.id)).toEqual(lamps.slice().reverse());
    expect(feed.pins[0].section).toEqual({ id: lighting, title: 'Lighting', slug: 'lighting' });

    const elsewhere = await t.makeSection(await t.makeBoard(user.id, 'Elsewhere'), 'Other');
    const refused = await t.client().get('BoardFeedResource', { board_id: board, section_id: elsewhere });
    expect(refused.status).toBe(404);
    expect(refused.body.resource_response.error?.message).toBe("Sorry, we couldn't find that section.");
  });

  it('lists a pin that is only a link, without images, in its place', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'reader');
    const board = await t.makeBoard(user.id, 'Reading');
    await savePins(t, browser, board, 1);
    t.clock.advance(60_000);
    const link = (await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/notes', color: '#336699', method: 'button' }))
      .body.resource_response.data.id;
    const feed = (await t.client().get('BoardFeedResource', { board_id: board })).body.resource_response.data;
    expect(feed.pins).toHaveLength(2);
    expect(feed.pins[0]).toMatchObject({ id: link, image_url: null, images: null, link: 'https://publisher.example/notes', dominant_color: '#336699' });
  });

  it('answers an empty board with no pins and the end marker', async () => {
    const t = await testApp();
    const owner = await t.makeUser();
    const board = await t.makeBoard(owner.id, 'Empty');
    expect((await t.client().get('BoardFeedResource', { board_id: board })).body.resource_response.data).toEqual({ pins: [], bookmark: '-end-' });
  });

  it.each([
    [{ board_id: undefined }, /^board_id: /],
    [{ board_id: 'x' }, /^board_id: Must be an id\.$/],
    [{ section_id: 'lighting' }, /^section_id: Must be an id\.$/],
    [{ page_size: 0 }, /^page_size: Must be a whole number from 1 to 50\.$/],
    [{ page_size: 51 }, /^page_size: Must be a whole number from 1 to 50\.$/],
    [{ page_size: 2.5 }, /^page_size: Must be a whole number from 1 to 50\.$/],
    [{ page_size: '25' }, /^page_size: Must be a whole number from 1 to 50\.$/],
    [{ bookmark: 'abc' }, /^bookmark: Must be a bookmark this feed gave\.$/],
    [{ bookmark: '1:2; drop table pins' }, /^bookmark: Must be a bookmark this feed gave\.$/],
    [{ bookmark: 12 }, /^bookmark: /],
  ])('refuses %j with a clear message', async (change, message) => {
    const t = await testApp();
    const owner = await t.makeUser();
    const board = await t.makeBoard(owner.id, 'Recipes');
    const res = await t.client().get('BoardFeedResource', { board_id: board, ...change });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.api_error_code).toBe(1);
    expect(res.body.resource_response.error?.message_detail).toMatch(message);
  });
});

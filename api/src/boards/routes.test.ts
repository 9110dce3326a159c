import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { boardLocks, LOCK_TTL_MS } from './locks.js';
import { imageFixtures } from '../images/fixtures.js';

const fixtures = await imageFixtures();

describe('BoardPickerBoardsResource get', () => {
  it('lists the viewer’s boards, digits last, with their section counts; archived and others’ boards left out', async () => {
    const t = await testApp();
    const me = await t.makeUser('me');
    const other = await t.makeUser('other');
    await t.makeBoard(me.id, '2027 goals');
    await t.makeBoard(me.id, 'travel');
    const home = await t.makeBoard(me.id, 'Home decor');
    await t.makeSection(home, 'Lighting');
    const archived = await t.makeBoard(me.id, 'Old stuff');
    await t.db.updateTable('boards').set({ archived_at: 1 }).where('id', '=', archived).execute();
    await t.makeBoard(other.id, 'Not mine', 'secret');
    const shared = await t.makeBoard(other.id, 'Shared with me');
    await t.db.insertInto('board_collaborators').values({ board_id: shared, user_id: me.id, status: 'accepted', created_at: 1 }).execute();

    const browser = t.client();
    await browser.logIn(me.email, me.password);
    const data = (await browser.get('BoardPickerBoardsResource')).body.resource_response.data;
    expect(data.all_boards.map((b: { name: string }) => b.name)).toEqual(['Home decor', 'Shared with me', 'travel', '2027 goals']);
    const homeBoard = data.all_boards[0];
    expect(homeBoard).toMatchObject({ section_count: 1, pin_count: 0, url: '/me/home-decor/' });
    expect(homeBoard.sections).toBeUndefined();
    expect(data.all_boards[1]).toMatchObject({ is_collaborative: true, owner: { username: 'other' } });
    expect(data.boards_shortlist).toEqual([]);
    expect(data.bookmark).toBe('-end-');
    // The sections come when the board is opened.
    const sections = (await browser.get('BoardSectionsRepinResource', { board_id: homeBoard.id })).body.resource_response.data;
    expect(sections.map((s: { title: string }) => s.title)).toEqual(['Lighting']);
  });

  it('pages the list in its order, and searches it by folded words on the server', async () => {
    const t = await testApp();
    const me = await t.makeUser('me');
    const other = await t.makeUser('other');
    const names = ['Board 10', 'board 2', 'Crème brûlée', 'creme fraiche', 'Travel: Japan', '2027 goals', '10 things', 'Ápples', 'zebra'];
    for (const name of names) await t.makeBoard(me.id, name);
    const shared = await t.makeBoard(other.id, 'Cooking together');
    await t.db.insertInto('board_collaborators').values({ board_id: shared, user_id: me.id, status: 'accepted', created_at: 1 }).execute();
    const browser = t.client();
    await browser.logIn(me.email, me.password);

    const seen: string[] = [];
    let bookmark: string | undefined;
    for (let pages = 0; bookmark !== '-end-'; pages++) {
      expect(pages).toBeLessThan(10);
      const data = (await browser.get('BoardPickerBoardsResource', { page_size: 3, ...(bookmark ? { bookmark } : {}) })).body.resource_response.data;
      expect(data.all_boards.length).toBeLessThanOrEqual(3);
      seen.push(...data.all_boards.map((b: { name: string }) => b.name));
      bookmark = data.bookmark;
    }
    expect(seen).toEqual([
      'Ápples',
      'board 2',
      'Board 10',
      'Cooking together',
      'Crème brûlée',
      'creme fraiche',
      'Travel: Japan',
      'zebra',
      '10 things',
      '2027 goals',
    ]);

    const search = async (query: string) =>
      (await browser.get('BoardPickerBoardsResource', { query })).body.resource_response.data.all_boards.map((b: { name: string }) => b.name);
    expect(await search('CREME')).toEqual(['Crème brûlée', 'creme fraiche']);
    expect(await search('brul crè')).toEqual(['Crème brûlée']);
    expect(await search('japan')).toEqual(['Travel: Japan']);
    expect(await search('apan')).toEqual([]);
    expect(await search('coo')).toEqual(['Cooking together']);

    const bad = await browser.get('BoardPickerBoardsResource', { bookmark: 'not a bookmark' });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body.resource_response.error)).toContain('bookmark: Must be a bookmark');
  });
});

async function member(t: Awaited<ReturnType<typeof testApp>>, name?: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

const PIN = { image_url: fixtures.url('a'), link: 'https://publisher.example/', method: 'button' };

describe('BoardResource create', () => {
  it('creates a public board by default and answers with it and its owner', async () => {
    const t = await testApp();
    const { user, browser } = await member(t, 'maker');
    const res = await browser.post('BoardResource', 'create', { name: '  Weeknight dinners ', aux_data: { source: 'board_picker' } });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({
      name: 'Weeknight dinners',
      privacy: 'public',
      url: '/maker/weeknight-dinners/',
      owner: { id: user.id, username: 'maker' },
      pin_count: 0,
    });
    const row = await t.db.selectFrom('boards').selectAll().where('id', '=', res.body.resource_response.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ owner_id: user.id, name: 'Weeknight dinners', privacy: 'public' });
  });

  it('creates a secret board when asked', async () => {
    const t = await testApp();
    const { browser } = await member(t);
    const res = await browser.post('BoardResource', 'create', { name: 'Surprise', privacy: 'secret' });
    expect(res.body.resource_response.data.privacy).toBe('secret');
  });

  it.each([
    [{ name: '' }, "name: Don't forget to name your board!"],
    [{ name: '   ' }, "name: Don't forget to name your board!"],
    [{ name: 'x'.repeat(51) }, 'name: Please enter no more than 50 characters.'],
    [{ name: 'Fine', privacy: 'protected' }, /privacy/],
  ])('refuses %j with the spec message and writes nothing', async (options, message) => {
    const t = await testApp();
    const { browser } = await member(t);
    const res = await browser.post('BoardResource', 'create', options);
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toMatch(message);
    expect(await t.db.selectFrom('boards').selectAll().execute()).toEqual([]);
  });

  it('accepts a 50-character name', async () => {
    const t = await testApp();
    const { browser } = await member(t);
    expect((await browser.post('BoardResource', 'create', { name: 'x'.repeat(50) })).status).toBe(200);
  });

  it('refuses a second board with the same name', async () => {
    const t = await testApp();
    const { browser } = await member(t);
    await browser.post('BoardResource', 'create', { name: 'Recipes' });
    const res = await browser.post('BoardResource', 'create', { name: 'recipes' });
    expect(res.status).toBe(409);
    expect(res.body.resource_response.error?.message).toBe('You already have a board with that name.');
    expect(await t.db.selectFrom('boards').selectAll().execute()).toHaveLength(1);
  });
});

describe('BoardSectionResource create', () => {
  it('creates a trimmed section and counts it on the board', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const board = await t.makeBoard(user.id, 'Home');
    const res = await browser.post('BoardSectionResource', 'create', { board_id: board, name: '  Lighting  ', name_source: 0 });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({ title: 'Lighting', board_id: board, type: 'board_section' });
    expect((await t.db.selectFrom('boards').select('section_count').where('id', '=', board).executeTakeFirstOrThrow()).section_count).toBe(1);
    const list = await browser.get('BoardSectionsRepinResource', { board_id: board });
    expect(list.body.resource_response.data.map((s: { title: string }) => s.title)).toEqual(['Lighting']);
  });

  it.each(['', '    '])('refuses the empty name %j and writes nothing', async (name) => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const board = await t.makeBoard(user.id, 'Home');
    const res = await browser.post('BoardSectionResource', 'create', { board_id: board, name });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toBe("name: Don't forget to name your section!");
    expect(await t.db.selectFrom('board_sections').selectAll().execute()).toEqual([]);
  });

  it('refuses a section on a board that is not yours', async () => {
    const t = await testApp();
    const owner = await t.makeUser('owner');
    const board = await t.makeBoard(owner.id, 'Theirs');
    const { browser } = await member(t, 'intruder');
    expect((await browser.post('BoardSectionResource', 'create', { board_id: board, name: 'Mine now' })).status).toBe(403);
    expect(await t.db.selectFrom('board_sections').selectAll().execute()).toEqual([]);
  });

  it('moves the initial pins into the new section', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const board = await t.makeBoard(user.id, 'Home');
    const pin = (await browser.post('PinResource', 'create', { ...PIN, board_id: board })).body.resource_response.data.id;
    const section = (await browser.post('BoardSectionResource', 'create', { board_id: board, name: 'Lamps', initial_pins: [pin] })).body.resource_response.data;
    expect(section.pin_count).toBe(1);
    expect((await t.db.selectFrom('pins').select('section_id').where('id', '=', pin).executeTakeFirstOrThrow()).section_id).toBe(section.id);
  });
});

describe('moving pins', () => {
  it('BulkEditResource moves pins between boards and sections and recounts both boards', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const from = await t.makeBoard(user.id, 'From');
    const to = await t.makeBoard(user.id, 'To');
    const section = await t.makeSection(to, 'Corner');
    const pin = (await browser.post('PinResource', 'create', { ...PIN, board_id: from })).body.resource_response.data.id;
    const res = await browser.post('BulkEditResource', 'update', { board_id: to, section_id: section, pin_ids: [pin] });
    expect(res.status).toBe(200);
    const counts = await t.db.selectFrom('boards').select(['id', 'pin_count']).orderBy('name').execute();
    expect(counts).toEqual([
      { id: from, pin_count: 0 },
      { id: to, pin_count: 1 },
    ]);
    expect((await t.db.selectFrom('board_sections').select('pin_count').where('id', '=', section).executeTakeFirstOrThrow()).pin_count).toBe(1);
  });

  it('refuses a move to where the pins already are', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const board = await t.makeBoard(user.id, 'Here');
    const pin = (await browser.post('PinResource', 'create', { ...PIN, board_id: board })).body.resource_response.data.id;
    const res = await browser.post('BulkEditResource', 'update', { board_id: board, pin_ids: [pin] });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.api_error_code).toBe(44);
  });

  it('refuses to move someone else’s pins', async () => {
    const t = await testApp();
    const owner = await member(t, 'owner');
    const board = await t.makeBoard(owner.user.id, 'Theirs');
    const pin = (await owner.browser.post('PinResource', 'create', { ...PIN, board_id: board })).body.resource_response.data.id;
    const thief = await member(t, 'thief');
    const mine = await t.makeBoard(thief.user.id, 'Mine');
    expect((await thief.browser.post('BulkEditResource', 'update', { board_id: mine, pin_ids: [pin] })).status).toBe(403);
    expect((await t.db.selectFrom('pins').select('board_id').where('id', '=', pin).executeTakeFirstOrThrow()).board_id).toBe(board);
  });

  it('answers 2171, 2172 and 2173 while another action on the same board is still running', async () => {
    const t = await testApp();
    // Another holder of the same shared locks (as another server would be) keeps the target board busy.
    const locks = boardLocks(t.deps);
    const { user, browser } = await member(t);
    const from = await t.makeBoard(user.id, 'From');
    const to = await t.makeBoard(user.id, 'To');
    const section = await t.makeSection(to, 'Corner');
    const pin = (await browser.post('PinResource', 'create', { ...PIN, board_id: from })).body.resource_response.data.id;
    let finish = () => {};
    const running = locks.run([to], 'board_busy', () => new Promise<void>((resolve) => (finish = resolve)));
    const answers = [
      await browser.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] }),
      await browser.post('BoardSectionEditResource', 'update', { board_id: to, section_id: section, pins: [pin] }),
      await browser.post('BulkEditSelectAllResource', 'update', { board_id: from, new_board_id: to, pin_ids: [pin] }),
    ];
    expect(answers.map((r) => [r.status, r.body.resource_response.error?.api_error_code])).toEqual([
      [409, 2171],
      [409, 2172],
      [409, 2173],
    ]);
    expect(answers[0]?.body.resource_response.error?.message).toBe('Please wait until the previous board action finishes.');
    expect((await t.db.selectFrom('pins').select('board_id').where('id', '=', pin).executeTakeFirstOrThrow()).board_id).toBe(from);
    finish();
    await running;
    expect((await browser.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] })).status).toBe(200);
  });

  it('lets the lock of a server that died mid-move lapse after a minute, and frees only its own lock', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    const from = await t.makeBoard(user.id, 'From');
    const to = await t.makeBoard(user.id, 'To');
    const pin = (await browser.post('PinResource', 'create', { ...PIN, board_id: from })).body.resource_response.data.id;
    // What a killed server leaves behind: its lock row, never released.
    await t.db
      .insertInto('board_locks')
      .values({ key: to, holder: 'a-server-killed-mid-move', expires_at: t.clock.now() + LOCK_TTL_MS })
      .execute();
    expect((await browser.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] })).body.resource_response.error?.api_error_code).toBe(2171);
    t.clock.advance(LOCK_TTL_MS);
    expect((await browser.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] })).status).toBe(200);
    expect(await t.db.selectFrom('board_locks').selectAll().execute()).toEqual([]);
  });
});

describe('board title suggestions', () => {
  it('suggests names from the pin’s words, leaving out boards the user has', async () => {
    const t = await testApp();
    const { user, browser } = await member(t);
    await t.makeBoard(user.id, 'Tart');
    const res = await browser.send(
      `/v3/pins/0/board_title_suggestions/?description=${encodeURIComponent('Lemon tart, the easy way. A lemon tart for Sunday.')}`,
    );
    const titles = res.body.resource_response.data.map((s: { title: string }) => s.title);
    expect(titles[0]).toBe('Lemon Tart');
    expect(titles).toContain('Lemon');
    expect(titles).not.toContain('Tart');
    expect(titles.length).toBeLessThanOrEqual(5);
  });
});

import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { imageFixtures } from '../images/fixtures.js';

const fixtures = await imageFixtures();

const PIN = {
  image_url: fixtures.url('tart'),
  link: 'https://publisher.example/lemon-tart',
  description: 'Lemon tart, the easy way',
  method: 'button',
  guid: 'abc123',
};

async function loggedIn(t: TestApp, name?: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

const countPins = async (t: TestApp) => (await t.db.selectFrom('pins').select('id').execute()).length;

describe('PinResource create', () => {
  it('saves the pin, counts it on the board and the user, and sets an empty cover', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Recipes');
    const res = await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    expect(res.status).toBe(200);
    const data = res.body.resource_response.data;
    expect(data).toMatchObject({ board: { id: board, name: 'Recipes' }, pinner: { id: user.id }, section: null });

    // Answered at once: the pin, its counts and its ingest job are written; the image is not fetched yet.
    const saved = await t.db.selectFrom('pins').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    expect(saved).toMatchObject({
      board_id: board,
      pinner_id: user.id,
      link: PIN.link,
      image_url: PIN.image_url,
      image_id: null,
      description: PIN.description,
      method: 'button',
      guid: 'abc123',
    });
    expect(await t.db.selectFrom('jobs').select(['kind', 'payload', 'status']).execute()).toEqual([
      { kind: 'image.ingest', payload: JSON.stringify({ pin_id: data.id }), status: 'queued' },
    ]);
    expect(await t.db.selectFrom('images').selectAll().execute()).toEqual([]);
    // The counts are rows of counter_deltas until the worker folds them into the columns (counts/store.ts).
    await t.settleCounts();
    expect(await t.db.selectFrom('boards').select(['pin_count', 'image_cover_url']).where('id', '=', board).executeTakeFirstOrThrow()).toEqual({
      pin_count: 1,
      image_cover_url: null,
    });
    const userRow = await t.db.selectFrom('users').select('pin_count').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(userRow.pin_count).toBe(1);

    // The worker's job: the image copies are made, the pin linked to them, the empty cover filled.
    await t.runJobs();
    // Only the AVIF renditions' job is left, due after the JPEGs (images/avif.ts).
    expect(await t.db.selectFrom('jobs').select('kind').execute()).toEqual([{ kind: 'image.avif' }]);
    const row = await t.db.selectFrom('pins').selectAll().where('id', '=', data.id).executeTakeFirstOrThrow();
    const boardRow = await t.db.selectFrom('boards').selectAll().where('id', '=', board).executeTakeFirstOrThrow();
    expect(boardRow).toMatchObject({ pin_count: 1, image_cover_url: `http://localhost:8787/media/${row.image_id}/236x.jpg`, last_pinned_at: t.clock.now() });
    const image = await t.db.selectFrom('images').selectAll().executeTakeFirstOrThrow();
    expect(image).toMatchObject({ id: row.image_id, source_url: PIN.image_url, status: 'ready', width: 600, height: 400 });
    expect(image.dominant_color).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('saves into a section and moves the cover to the pin', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Home');
    const section = await t.makeSection(board, 'Lighting');
    await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    await t.runJobs();
    const res = await browser.post('PinResource', 'create', { ...PIN, image_url: fixtures.url('lamp'), board_id: board, section });
    expect(res.body.resource_response.data.section).toEqual({ id: section, title: 'Lighting' });
    await t.runJobs();
    const boardRow = await t.db.selectFrom('boards').selectAll().where('id', '=', board).executeTakeFirstOrThrow();
    expect(boardRow).toMatchObject({ pin_count: 2, image_cover_url: expect.stringMatching(/\/media\/\d+\/236x\.jpg$/) });
    const lamp = await t.db.selectFrom('images').select('id').where('source_url', '=', fixtures.url('lamp')).executeTakeFirstOrThrow();
    expect(boardRow.image_cover_url).toContain(lamp.id);
    const sectionRow = await t.db.selectFrom('board_sections').selectAll().where('id', '=', section).executeTakeFirstOrThrow();
    expect(sectionRow.pin_count).toBe(1);
  });

  it('refuses a board that is not yours, and writes nothing', async () => {
    const t = await testApp();
    const owner = await t.makeUser('owner');
    const board = await t.makeBoard(owner.id, 'Theirs');
    const { browser } = await loggedIn(t, 'intruder');
    const res = await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    expect(res.status).toBe(403);
    expect(res.body.resource_response.error).toMatchObject({
      api_error_code: 3,
      message_detail: 'You can only save to your own boards and boards you collaborate on.',
    });
    expect(await countPins(t)).toBe(0);
    expect((await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).pin_count).toBe(0);
    expect(await t.db.selectFrom('images').selectAll().execute()).toEqual([]);
  });

  it('does not reveal that someone else’s secret board exists', async () => {
    const t = await testApp();
    const owner = await t.makeUser('owner');
    const board = await t.makeBoard(owner.id, 'Surprise party', 'secret');
    const { browser } = await loggedIn(t, 'intruder');
    const res = await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    expect(res.status).toBe(404);
    expect(res.body.resource_response.error?.message).toBe("Sorry, we couldn't find that board.");
    expect(await countPins(t)).toBe(0);
  });

  it('lets a collaborator save', async () => {
    const t = await testApp();
    const owner = await t.makeUser('owner');
    const board = await t.makeBoard(owner.id, 'Group board');
    const { user, browser } = await loggedIn(t, 'friend');
    await t.db.insertInto('board_collaborators').values({ board_id: board, user_id: user.id, status: 'accepted', created_at: 1 }).execute();
    expect((await browser.post('PinResource', 'create', { ...PIN, board_id: board })).status).toBe(200);
  });

  it('refuses a section of another board', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const a = await t.makeBoard(user.id, 'A');
    const b = await t.makeBoard(user.id, 'B');
    const sectionOfB = await t.makeSection(b, 'Elsewhere');
    const res = await browser.post('PinResource', 'create', { ...PIN, board_id: a, section: sectionOfB });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toBe('section: That section is not on this board.');
    expect(await countPins(t)).toBe(0);
  });

  it.each([
    [{ board_id: undefined }, /board_id/],
    [{ board_id: '1; drop table pins' }, /board_id: Must be an id/],
    [{ image_url: 'javascript:alert(1)' }, /image_url: Must be an http or https URL/],
    [{ image_url: undefined, link: undefined }, /^image_url: A Pin needs an image or a link\.$/],
    [{ image_url: null, link: null, color: '#d9a441' }, /^image_url: A Pin needs an image or a link\.$/],
    [{ image_url: '', link: '' }, /image_url: Must be an http or https URL/],
    [{ link: 'file:///etc/passwd' }, /link: Must be an http or https URL/],
    [{ description: 'x'.repeat(501) }, /description: Please enter no more than 500 characters/],
    [{ method: 'teleport' }, /method/],
    [{ color: 'red; background:url(x)' }, /color: Must be a hex colour/],
  ])('refuses a bad body %j with a clear message and writes nothing', async (change, message) => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Recipes');
    const res = await browser.post('PinResource', 'create', { ...PIN, board_id: board, ...change });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.api_error_code).toBe(1);
    expect(res.body.resource_response.error?.message_detail).toMatch(message);
    expect(await countPins(t)).toBe(0);
  });

  it('needs a log-in', async () => {
    const t = await testApp();
    const owner = await t.makeUser();
    const board = await t.makeBoard(owner.id, 'Recipes');
    const res = await t.client().post('PinResource', 'create', { ...PIN, board_id: board });
    expect(res.status).toBe(401);
    expect(await countPins(t)).toBe(0);
  });
});

describe('a pin that is only a link (the colour tile)', () => {
  const LINK = { link: 'https://publisher.example/notes', description: 'Market notes', method: 'button' };

  it('saves the link with its colour and no image, counts it, and leaves the cover alone', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Reading');
    const res = await browser.post('PinResource', 'create', { ...LINK, color: '#D9A441', board_id: board });
    expect(res.status).toBe(200);
    const id = res.body.resource_response.data.id;
    const row = await t.db.selectFrom('pins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_url: null, image_id: null, link: LINK.link, color: '#D9A441', description: 'Market notes' });
    await t.settleCounts();
    const boardRow = await t.db.selectFrom('boards').selectAll().where('id', '=', board).executeTakeFirstOrThrow();
    expect(boardRow).toMatchObject({ pin_count: 1, image_cover_url: null });
    expect(await t.db.selectFrom('images').selectAll().execute()).toEqual([]);

    // Its page reads it without an image, its colour in dominant_color.
    const pin = (await t.client().get('PinResource', { id })).body.resource_response.data;
    expect(pin).toMatchObject({ id, image_url: null, images: null, link: LINK.link, dominant_color: '#D9A441' });
  });

  it('needs no colour, and keeps the cover an earlier image pin gave the board, even into a section', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Mixed');
    const section = await t.makeSection(board, 'Links');
    await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    await t.runJobs();
    const cover = (await t.db.selectFrom('boards').select('image_cover_url').where('id', '=', board).executeTakeFirstOrThrow()).image_cover_url;
    expect(cover).toMatch(/\/236x\.jpg$/);
    const res = await browser.post('PinResource', 'create', { ...LINK, board_id: board, section });
    expect(res.status).toBe(200);
    expect((await t.db.selectFrom('pins').select('color').where('id', '=', res.body.resource_response.data.id).executeTakeFirstOrThrow()).color).toBeNull();
    await t.settleCounts();
    expect(await t.db.selectFrom('boards').select(['image_cover_url', 'pin_count']).where('id', '=', board).executeTakeFirstOrThrow()).toEqual({
      image_cover_url: cover,
      pin_count: 2,
    });
  });

  it('says Psst! when the same link is saved again to the board, and writes nothing', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Reading');
    expect((await browser.post('PinResource', 'create', { ...LINK, board_id: board })).status).toBe(200);
    const again = await browser.post('PinResource', 'create', { ...LINK, color: '#112233', board_id: board });
    expect(again.status).toBe(409);
    expect(again.body.resource_response.error?.message_detail).toBe('Psst! You already saved this Pin to Reading');
    // The same link with an image is another pin.
    expect((await browser.post('PinResource', 'create', { ...PIN, link: LINK.link, board_id: board })).status).toBe(200);
    expect(await countPins(t)).toBe(2);
  });

  it.each([['#abc'], ['d9a441'], ['#d9a44'], ['#d9a4411'], ['#12345g'], ['red'], [' #d9a441'], [12]])(
    'refuses the colour %j with a clear message and writes nothing',
    async (color) => {
      const t = await testApp();
      const { user, browser } = await loggedIn(t);
      const board = await t.makeBoard(user.id, 'Reading');
      const res = await browser.post('PinResource', 'create', { ...LINK, color, board_id: board });
      expect(res.status).toBe(400);
      expect(res.body.resource_response.error).toMatchObject({ api_error_code: 1 });
      expect(res.body.resource_response.error?.message_detail).toMatch(/^color: /);
      expect(await countPins(t)).toBe(0);
    },
  );

  it('is repinned as a link with its colour', async () => {
    const t = await testApp();
    const author = await loggedIn(t, 'author');
    const source = (await author.browser.post('PinResource', 'create', { ...LINK, color: '#336699', board_id: await t.makeBoard(author.user.id, 'Theirs') }))
      .body.resource_response.data.id;
    const fan = await loggedIn(t, 'fan');
    const res = await fan.browser.post('RepinResource', 'create', { pin_id: source, board_id: await t.makeBoard(fan.user.id, 'Mine') });
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('pins').selectAll().where('id', '=', res.body.resource_response.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_url: null, image_id: null, link: LINK.link, color: '#336699', pinner_id: fan.user.id });
  });
});

describe('reading a pin', () => {
  it('shows image, description, link and board, on the resource and on /v3/pins/{id}/', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t, 'cook');
    const board = await t.makeBoard(user.id, 'Recipes');
    const id = (await browser.post('PinResource', 'create', { ...PIN, board_id: board })).body.resource_response.data.id;
    // Until its copies are made the pin shows its original image.
    expect((await t.client().get('PinResource', { id })).body.resource_response.data).toMatchObject({ image_url: PIN.image_url, images: null });
    await t.runJobs();
    const viaResource = (await t.client().get('PinResource', { id })).body.resource_response.data;
    expect(viaResource).toMatchObject({
      id,
      type: 'pin',
      description: PIN.description,
      link: PIN.link,
      image_url: PIN.image_url,
      images: { '736x': { url: expect.stringMatching(/^http:\/\/localhost:8787\/media\/\d+\/736x\.jpg$/), width: 600, height: 400 } },
      method: 'button',
      board: { id: board, name: 'Recipes', url: '/cook/recipes/' },
      pinner: { id: user.id, username: 'cook' },
    });
    const viaV3 = await t.client().send(`/v3/pins/${id}/`);
    expect(viaV3.body.resource_response.data).toEqual(viaResource);
  });

  it('hides pins on secret boards from everyone but the board’s members', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Secret', 'secret');
    const id = (await browser.post('PinResource', 'create', { ...PIN, board_id: board })).body.resource_response.data.id;
    expect((await browser.get('PinResource', { id })).status).toBe(200);
    const stranger = await t.client().get('PinResource', { id });
    expect(stranger.status).toBe(404);
    expect(stranger.body.resource_response.error?.message).toBe("Sorry, we couldn't find that Pin.");
  });

  it('answers an id that is not an id with 400, and a missing pin with 404', async () => {
    const t = await testApp();
    expect((await t.client().send('/v3/pins/abc/')).status).toBe(400);
    expect((await t.client().send('/v3/pins/123456789012345678/')).status).toBe(404);
  });
});

describe('saving the same pin again', () => {
  it('says so, by board name, and writes nothing', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Recipes');
    await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    const again = await browser.post('PinResource', 'create', { ...PIN, board_id: board });
    expect(again.status).toBe(409);
    expect(again.body.resource_response.error?.message_detail).toBe('Psst! You already saved this Pin to Recipes');
    expect(await countPins(t)).toBe(1);
    const other = await t.makeBoard(user.id, 'Desserts');
    expect((await browser.post('PinResource', 'create', { ...PIN, board_id: other })).status).toBe(200);
  });
});

describe('RepinResource create', () => {
  it('saves someone’s pin to your board', async () => {
    const t = await testApp();
    const author = await loggedIn(t, 'author');
    const source = (await author.browser.post('PinResource', 'create', { ...PIN, board_id: await t.makeBoard(author.user.id, 'Theirs') })).body
      .resource_response.data.id;
    const fan = await loggedIn(t, 'fan');
    const mine = await t.makeBoard(fan.user.id, 'Mine');
    const res = await fan.browser.post('RepinResource', 'create', { pin_id: source, board_id: mine });
    expect(res.status).toBe(200);
    const row = await t.db.selectFrom('pins').selectAll().where('id', '=', res.body.resource_response.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ board_id: mine, pinner_id: fan.user.id, image_url: PIN.image_url, link: PIN.link, description: PIN.description });
  });

  it('cannot repin a pin from someone’s secret board', async () => {
    const t = await testApp();
    const author = await loggedIn(t, 'author');
    const source = (await author.browser.post('PinResource', 'create', { ...PIN, board_id: await t.makeBoard(author.user.id, 'Hidden', 'secret') })).body
      .resource_response.data.id;
    const fan = await loggedIn(t, 'fan');
    const res = await fan.browser.post('RepinResource', 'create', { pin_id: source, board_id: await t.makeBoard(fan.user.id, 'Mine') });
    expect(res.status).toBe(404);
    expect(await countPins(t)).toBe(1);
  });
});

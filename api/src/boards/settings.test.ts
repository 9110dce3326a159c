import { describe, expect, it } from 'vitest';
import { testApp, type Answer } from '../testing.js';
import { imageFixtures } from '../images/fixtures.js';

/** Issue 28: board settings from the board page (cover, archive), and the cover after pins leave. */
const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer): number | undefined => res.body.resource_response.error?.api_error_code;
const fixtures = await imageFixtures();

async function world() {
  const t = await testApp();
  const owner = await t.makeUser('olive');
  const collab = await t.makeUser('cara');
  const stranger = await t.makeUser('stan');
  const b = { owner: t.client(), collab: t.client(), stranger: t.client(), visitor: t.client() };
  await b.owner.logIn(owner.email, owner.password);
  await b.collab.logIn(collab.email, collab.password);
  await b.stranger.logIn(stranger.email, stranger.password);
  const board = await t.makeBoard(owner.id, 'Garden');
  const other = await t.makeBoard(owner.id, 'Kitchen');
  await b.owner.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [collab.id] });
  await b.collab.post('BoardInviteResource', 'update', { board_id: board });
  const save = async (image: string) =>
    data(await b.owner.post('PinResource', 'create', { board_id: board, image_url: fixtures.url(image), link: `https://example.com/${image}` })).id as string;
  const tart = await save('tart');
  const lamp = await save('lamp');
  await t.runJobs();
  const imageOf = async (pin: string) => (await t.db.selectFrom('pins').select('image_id').where('id', '=', pin).executeTakeFirstOrThrow()).image_id as string;
  const row = () =>
    t.db.selectFrom('boards').select(['pin_count', 'image_cover_url', 'cover_pin_id', 'archived_at']).where('id', '=', board).executeTakeFirstOrThrow();
  return { t, owner, b, board, other, pins: { tart, lamp }, imageOf, row };
}

describe('board cover choice', () => {
  it('the owner chooses one of its pins’ images as cover; later saves into a section keep it; null gives it back to the rule', async () => {
    const { t, b, board, pins, imageOf, row } = await world();
    const chosen = data(await b.owner.post('BoardResource', 'update', { board_id: board, cover_pin_id: pins.tart }));
    expect(chosen).toMatchObject({ cover_pin_id: pins.tart, image_cover_url: `http://localhost:8787/media/${await imageOf(pins.tart)}/236x.jpg` });
    const section = await t.makeSection(board, 'Beds');
    await b.owner.post('PinResource', 'create', {
      board_id: board,
      section,
      image_url: fixtures.url('lamp', { w: 300, h: 300 }),
      link: 'https://example.com/x',
    });
    await t.runJobs();
    expect((await row()).image_cover_url).toContain(await imageOf(pins.tart));
    expect(data(await b.owner.post('BoardResource', 'update', { board_id: board, cover_pin_id: null }))).toMatchObject({ cover_pin_id: null });
  });

  it('refuses a pin of another board, a pin without an image, a collaborator and a stranger, changing nothing', async () => {
    const { t, b, board, other, pins, row } = await world();
    const elsewhere = data(await b.owner.post('PinResource', 'create', { board_id: other, link: 'https://example.com/k', color: '#336699' })).id;
    const noImage = data(await b.owner.post('PinResource', 'create', { board_id: board, link: 'https://example.com/n', color: '#336699' })).id;
    const before = await row();
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, cover_pin_id: elsewhere }))).toBe(361);
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, cover_pin_id: noImage }))).toBe(361);
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, cover_pin_id: 'nope' }))).toBe(1);
    expect(code(await b.collab.post('BoardResource', 'update', { board_id: board, cover_pin_id: pins.tart }))).toBe(3);
    expect(code(await b.stranger.post('BoardResource', 'update', { board_id: board, cover_pin_id: pins.tart }))).toBe(3);
    expect(await row()).toEqual(before);
    void t;
  });
});

describe('the cover and count after pins leave', () => {
  it('moving the last pins away leaves no count and no cover; moving its cover’s pin away shows another pin’s', async () => {
    const { t, b, board, other, pins, imageOf, row } = await world();
    // The first image ready filled the empty cover; move that pin away first.
    const coverFirst = (await row()).image_cover_url?.includes(await imageOf(pins.tart)) ? [pins.tart, pins.lamp] : [pins.lamp, pins.tart];
    await b.owner.post('BulkEditResource', 'update', { board_id: other, pin_ids: [coverFirst[0]] });
    await t.settleCounts();
    expect(await row()).toMatchObject({ pin_count: 1, image_cover_url: expect.stringContaining(await imageOf(coverFirst[1]!)) });
    await b.owner.post('BulkEditResource', 'update', { board_id: other, pin_ids: [coverFirst[1]] });
    await t.settleCounts();
    expect(await row()).toMatchObject({ pin_count: 0, image_cover_url: null });
    expect(data(await b.owner.get('BoardResource', { board_id: board }))).toMatchObject({ pin_count: 0, image_cover_url: null });
  });

  it('a board that receives its first pin by a move shows that pin’s image as cover, as a save would give it', async () => {
    const { t, b, other, pins, imageOf } = await world();
    const otherRow = () => t.db.selectFrom('boards').select(['pin_count', 'image_cover_url']).where('id', '=', other).executeTakeFirstOrThrow();
    expect(await otherRow()).toMatchObject({ pin_count: 0, image_cover_url: null });
    await b.owner.post('BulkEditResource', 'update', { board_id: other, pin_ids: [pins.lamp] });
    await t.settleCounts();
    expect(await otherRow()).toMatchObject({ pin_count: 1, image_cover_url: expect.stringContaining(await imageOf(pins.lamp)) });
    expect(data(await b.owner.get('BoardResource', { board_id: other }))).toMatchObject({ image_cover_url: expect.stringContaining(await imageOf(pins.lamp)) });
  });

  it('deleting the chosen cover’s pin gives the cover back to the rule', async () => {
    const { b, board, pins, imageOf, row } = await world();
    await b.owner.post('BoardResource', 'update', { board_id: board, cover_pin_id: pins.lamp });
    await b.owner.post('PinResource', 'delete', { id: pins.lamp });
    expect(await row()).toMatchObject({ cover_pin_id: null, image_cover_url: expect.stringContaining(await imageOf(pins.tart)) });
  });
});

describe('archiving a board', () => {
  it('the owner archives: it leaves the profile and the picker, others meet it as missing, nothing is saved to it; unarchiving brings it back', async () => {
    const { b, board, pins } = await world();
    expect(data(await b.owner.post('BoardResource', 'update', { board_id: board, archived: true }))).toMatchObject({ archived: true });
    expect(code(await b.collab.get('BoardResource', { board_id: board }))).toBe(40);
    expect(code(await b.visitor.get('BoardResource', { board_id: board }))).toBe(40);
    expect(data(await b.owner.get('BoardResource', { board_id: board }))).toMatchObject({ archived: true });
    const listed = data(await b.owner.get('BoardsResource', { username: 'olive' })).boards.map((x: { id: string }) => x.id);
    expect(listed).not.toContain(board);
    expect(data(await b.owner.get('BoardsResource', { username: 'olive', archived: true })).boards.map((x: { id: string }) => x.id)).toEqual([board]);
    expect(data(await b.stranger.get('BoardsResource', { username: 'olive', archived: true })).boards).toEqual([]);
    expect(data(await b.owner.get('BoardPickerBoardsResource', {})).all_boards.map((x: { id: string }) => x.id)).not.toContain(board);
    expect(code(await b.owner.post('PinResource', 'create', { board_id: board, link: 'https://example.com/z', color: '#336699' }))).toBe(360);
    expect(code(await b.owner.post('BoardSectionResource', 'create', { board_id: board, name: 'Later' }))).toBe(360);
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, name: 'Renamed' }))).toBe(360);
    expect(code(await b.collab.post('BoardResource', 'update', { board_id: board, archived: false }))).toBe(40);
    expect(data(await b.owner.post('BoardResource', 'update', { board_id: board, archived: false }))).toMatchObject({ archived: false });
    expect(data(await b.collab.get('BoardResource', { board_id: board }))).toMatchObject({ archived: false, pin_count: 2 });
    void pins;
  });

  it('refuses bad input with a clear error', async () => {
    const { b, board } = await world();
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, archived: 'yes' }))).toBe(1);
    expect(code(await b.visitor.post('BoardResource', 'update', { board_id: board, archived: true }))).toBe(7);
  });
});

describe('sections from the board page', () => {
  it('the owner and a collaborator add the first section of a board with none; a stranger may not', async () => {
    const { t, b, board } = await world();
    expect(data(await b.collab.post('BoardSectionResource', 'create', { board_id: board, name: 'Beds' }))).toMatchObject({ title: 'Beds', board_id: board });
    expect(data(await b.owner.post('BoardSectionResource', 'create', { board_id: board, name: 'Paths' }))).toMatchObject({ title: 'Paths' });
    expect(code(await b.stranger.post('BoardSectionResource', 'create', { board_id: board, name: 'Mine' }))).toBe(3);
    expect(code(await b.owner.post('BoardSectionResource', 'create', { board_id: board, name: '   ' }))).toBe(1);
    expect(await t.db.selectFrom('board_sections').select('title').where('board_id', '=', board).orderBy('title').execute()).toEqual([
      { title: 'Beds' },
      { title: 'Paths' },
    ]);
  });
});

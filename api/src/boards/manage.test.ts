import { describe, expect, it } from 'vitest';
import { testApp, type Answer } from '../testing.js';

/** Issue 19: who may edit and delete boards and pins: owner, collaborator, stranger, visitor. */
const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer): number | undefined => res.body.resource_response.error?.api_error_code;

async function world(privacy: 'public' | 'secret' = 'secret') {
  const t = await testApp();
  const owner = await t.makeUser('olive');
  const collab = await t.makeUser('cara');
  const stranger = await t.makeUser('stan');
  const b = { owner: t.client(), collab: t.client(), stranger: t.client(), visitor: t.client() };
  await b.owner.logIn(owner.email, owner.password);
  await b.collab.logIn(collab.email, collab.password);
  await b.stranger.logIn(stranger.email, stranger.password);
  const board = await t.makeBoard(owner.id, 'Garden', privacy);
  await b.owner.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [collab.id] });
  await b.collab.post('BoardInviteResource', 'update', { board_id: board });
  const pin = async (who: typeof b.owner, n: string) =>
    data(await who.post('PinResource', 'create', { board_id: board, link: `https://example.com/${n}`, color: '#336699' })).id as string;
  const pins = { owner: await pin(b.owner, 'o'), collab: await pin(b.collab, 'c') };
  await t.makeSection(board, 'Beds');
  return { t, owner, collab, b, board, pins };
}

describe('BoardResource update and delete', () => {
  it('the owner renames (the URL follows), re-describes and makes a board public', async () => {
    const { b, board } = await world();
    const res = await b.owner.post('BoardResource', 'update', { board_id: board, name: 'Vegetable garden', description: 'Beds & rows', privacy: 'public' });
    expect(data(res)).toMatchObject({ name: 'Vegetable garden', url: '/olive/vegetable-garden/', privacy: 'public' });
    expect(data(await b.visitor.get('BoardResource', { username: 'olive', slug: 'vegetable-garden' })).description).toBe('Beds & rows');
  });

  it('refuses a collaborator (403), a stranger (as missing), a visitor (401) and a taken name, changing nothing', async () => {
    const { t, owner, b, board } = await world();
    await t.makeBoard(owner.id, 'Kitchen');
    expect(code(await b.collab.post('BoardResource', 'update', { board_id: board, name: 'Mine' }))).toBe(3);
    expect(code(await b.stranger.post('BoardResource', 'update', { board_id: board, name: 'Mine' }))).toBe(40);
    expect(code(await b.visitor.post('BoardResource', 'update', { board_id: board, name: 'Mine' }))).toBe(7);
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, name: 'kitchen' }))).toBe(41);
    expect(code(await b.owner.post('BoardResource', 'update', { board_id: board, name: '' }))).toBe(1);
    expect(await t.db.selectFrom('boards').select('name').where('id', '=', board).executeTakeFirst()).toEqual({ name: 'Garden' });
  });

  it('only the owner deletes a board, with its pins, sections and collaborators; counts follow', async () => {
    const { t, owner, collab, b, board } = await world();
    expect(code(await b.collab.post('BoardResource', 'delete', { board_id: board }))).toBe(3);
    expect(code(await b.stranger.post('BoardResource', 'delete', { board_id: board }))).toBe(40);
    expect(code(await b.visitor.post('BoardResource', 'delete', { board_id: board }))).toBe(7);
    expect(await t.db.selectFrom('pins').select('id').where('board_id', '=', board).execute()).toHaveLength(2);
    expect((await b.owner.post('BoardResource', 'delete', { board_id: board })).status).toBe(200);
    // Gone for everyone else at once, before its job removes its pins in batches.
    expect(code(await b.collab.get('BoardResource', { board_id: board }))).toBe(40);
    expect(code(await b.stranger.get('BoardResource', { board_id: board }))).toBe(40);
    expect(await t.db.selectFrom('board_collaborators').selectAll().execute()).toHaveLength(0);
    await t.runJobs();
    for (const table of ['boards', 'pins', 'board_sections', 'board_collaborators'] as const) {
      expect(await t.db.selectFrom(table).selectAll().execute()).toHaveLength(0);
    }
    const counts = await t.db.selectFrom('users').select(['id', 'pin_count']).where('id', 'in', [owner.id, collab.id]).execute();
    expect(counts.map((c) => c.pin_count)).toEqual([0, 0]);
    expect(code(await b.owner.post('BoardResource', 'delete', { board_id: board }))).toBe(40);
  });
});

describe('PinResource update and delete', () => {
  it('the pinner edits and deletes their pin; the board’s owner may too; counts go down', async () => {
    const { t, b, board, pins } = await world();
    expect(data(await b.collab.post('PinResource', 'update', { id: pins.collab, title: 'Tomatoes', description: 'Cherry' }))).toMatchObject({
      title: 'Tomatoes',
      description: 'Cherry',
    });
    expect((await b.owner.post('PinResource', 'update', { id: pins.collab, description: 'Owner’s note' })).status).toBe(200);
    expect((await b.owner.post('PinResource', 'delete', { id: pins.collab })).status).toBe(200);
    expect((await b.owner.post('PinResource', 'delete', { id: pins.owner })).status).toBe(200);
    await t.settleCounts();
    expect(await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirst()).toEqual({ pin_count: 0 });
  });

  it('a collaborator may not change the owner’s pin; a stranger meets it as missing; a visitor is asked to log in', async () => {
    const { t, b, pins } = await world();
    expect(code(await b.collab.post('PinResource', 'delete', { id: pins.owner }))).toBe(3);
    expect(code(await b.collab.post('PinResource', 'update', { id: pins.owner, title: 'x' }))).toBe(3);
    expect(code(await b.stranger.post('PinResource', 'delete', { id: pins.owner }))).toBe(50);
    expect(code(await b.visitor.post('PinResource', 'delete', { id: pins.owner }))).toBe(7);
    expect(code(await b.owner.post('PinResource', 'update', { id: pins.owner, title: 'x'.repeat(101) }))).toBe(1);
    expect(await t.db.selectFrom('pins').selectAll().execute()).toHaveLength(2);
  });

  it('on a public board a stranger sees the pin but may not delete it (403)', async () => {
    const { b, pins } = await world('public');
    expect(code(await b.stranger.post('PinResource', 'delete', { id: pins.owner }))).toBe(3);
  });
});

describe('sections: BoardSectionResource update and delete, BoardSectionPinsResource delete', () => {
  async function sectioned() {
    const w = await world();
    const section = data(
      await w.b.owner.post('BoardSectionResource', 'create', { board_id: w.board, name: 'Herbs', initial_pins: [w.pins.owner, w.pins.collab] }),
    ).id as string;
    return { ...w, section };
  }
  const pinSections = (w: Awaited<ReturnType<typeof world>>) => w.t.db.selectFrom('pins').select('section_id').orderBy('id').execute();

  it('a member renames a section (its slug follows) and takes pins out of it', async () => {
    const w = await sectioned();
    expect(data(await w.b.collab.post('BoardSectionResource', 'update', { section_id: w.section, name: 'Kitchen herbs' }))).toMatchObject({
      title: 'Kitchen herbs',
      slug: 'kitchen-herbs',
    });
    expect(code(await w.b.owner.post('BoardSectionResource', 'update', { section_id: w.section, name: 'beds' }))).toBe(43);
    expect((await w.b.owner.post('BoardSectionPinsResource', 'delete', { section_id: w.section, pins: [w.pins.owner] })).status).toBe(200);
    expect(await w.t.db.selectFrom('board_sections').select('pin_count').where('id', '=', w.section).executeTakeFirst()).toEqual({ pin_count: 1 });
  });

  it('deleting a section keeps its pins on the board', async () => {
    const w = await sectioned();
    expect((await w.b.owner.post('BoardSectionResource', 'delete', { section_id: w.section })).status).toBe(200);
    expect((await pinSections(w)).every((p) => p.section_id === null)).toBe(true);
    expect(await w.t.db.selectFrom('boards').select(['pin_count', 'section_count']).where('id', '=', w.board).executeTakeFirst()).toEqual({
      pin_count: 2,
      section_count: 1,
    });
  });

  it('a stranger meets a secret board’s section as missing, a visitor is asked to log in; nothing changes', async () => {
    const w = await sectioned();
    expect(code(await w.b.stranger.post('BoardSectionResource', 'delete', { section_id: w.section }))).toBe(40);
    expect(code(await w.b.stranger.post('BoardSectionPinsResource', 'delete', { section_id: w.section, pins: [w.pins.owner] }))).toBe(40);
    expect(code(await w.b.visitor.post('BoardSectionResource', 'update', { section_id: w.section, name: 'x' }))).toBe(7);
    expect((await pinSections(w)).every((p) => p.section_id === w.section)).toBe(true);
  });
});

describe('BulkEditResource delete (bulk delete from Organise)', () => {
  it('the owner deletes any of the board’s Pins; counts and the database follow', async () => {
    const { t, owner, collab, b, board, pins } = await world();
    const res = await b.owner.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [pins.owner, pins.collab] });
    expect(res.status).toBe(200);
    expect(await t.db.selectFrom('pins').select('id').where('board_id', '=', board).execute()).toEqual([]);
    expect(await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirst()).toEqual({ pin_count: 0 });
    const counts = await t.db.selectFrom('users').select('pin_count').where('id', 'in', [owner.id, collab.id]).execute();
    expect(counts.map((c) => c.pin_count)).toEqual([0, 0]);
  });

  it('a collaborator deletes their own Pins only; a stranger, a visitor and Pins of another board are refused whole', async () => {
    const { t, owner, b, board, pins } = await world();
    const other = await t.makeBoard(owner.id, 'Other');
    const elsewhere = data(await b.owner.post('PinResource', 'create', { board_id: other, link: 'https://example.com/x', color: '#336699' })).id as string;
    expect(code(await b.collab.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [pins.collab, pins.owner] }))).toBe(3);
    expect(code(await b.stranger.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [pins.owner] }))).toBe(40);
    expect(code(await b.visitor.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [pins.owner] }))).toBe(7);
    expect(code(await b.owner.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [pins.owner, elsewhere] }))).toBe(50);
    expect(code(await b.owner.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [] }))).toBe(1);
    expect(code(await b.owner.post('BulkEditResource', 'delete', { board_id: board, pin_ids: ['nope'] }))).toBe(1);
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(3);
    expect((await b.collab.post('BulkEditResource', 'delete', { board_id: board, pin_ids: [pins.collab] })).status).toBe(200);
    expect(await t.db.selectFrom('pins').select('id').where('id', '=', pins.collab).execute()).toEqual([]);
  });
});

describe('who may move and invite: owner, collaborator, stranger, visitor', () => {
  it('members move pins within the board (a section), others are refused and nothing moves', async () => {
    const { t, b, board, pins } = await world();
    const [section] = await t.db.selectFrom('board_sections').select('id').where('board_id', '=', board).execute();
    const move = (who: typeof b.owner, pin: string) =>
      who.post('BulkEditSelectAllResource', 'update', { board_id: board, new_board_id: board, new_section_id: section!.id, pin_ids: [pin] });
    expect(code(await move(b.stranger, pins.owner))).toBe(40);
    expect(code(await move(b.visitor, pins.owner))).toBe(7);
    expect(await t.db.selectFrom('pins').select('section_id').where('section_id', 'is not', null).execute()).toEqual([]);
    expect((await move(b.owner, pins.owner)).status).toBe(200);
    expect((await move(b.collab, pins.collab)).status).toBe(200);
    expect(await t.db.selectFrom('board_sections').select('pin_count').where('id', '=', section!.id).executeTakeFirst()).toEqual({ pin_count: 2 });
  });

  it('only the owner invites; a collaborator is forbidden, a stranger meets the board as missing, a visitor logs in', async () => {
    const { t, b, board } = await world();
    const newcomer = await t.makeUser('nina');
    const invite = (who: typeof b.owner) => who.post('BoardInviteResource', 'create', { board_id: board, invited_user_ids: [newcomer.id] });
    expect(code(await invite(b.collab))).toBe(3);
    expect(code(await invite(b.stranger))).toBe(40);
    expect(code(await invite(b.visitor))).toBe(7);
    expect(await t.db.selectFrom('board_collaborators').select('user_id').where('user_id', '=', newcomer.id).execute()).toEqual([]);
    expect((await invite(b.owner)).status).toBe(200);
  });
});

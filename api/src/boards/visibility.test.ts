import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { testApp, type Answer } from '../testing.js';

/**
 * docs/decisions.md, "Security: sessions, reset links, board visibility, existence": a board you may
 * not see answers exactly as a board that does not exist, on every route that takes a board id; a pin
 * is visible exactly when its board is, and answers as a pin that does not exist otherwise.
 */

const data = (res: Answer) => res.body.resource_response.data;

async function world() {
  const t = await testApp();
  const olga = await t.makeUser('olga');
  const vic = await t.makeUser('vic');
  const brand = await t.makeUser('brand');
  const advertiser = newId();
  await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: brand.id, name: 'Brand', created_at: 1 }).execute();
  // OWNER permission: a member acts for the advertiser without two-factor.
  await t.db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: olga.id, permissions: '["OWNER"]' }).execute();

  const olgaBrowser = t.client();
  await olgaBrowser.logIn(olga.email, olga.password);
  const secret = await t.makeBoard(olga.id, 'Secret plans', 'secret');
  const publicBoard = await t.makeBoard(olga.id, 'Open');
  const archived = await t.makeBoard(olga.id, 'Old stuff');
  const made = await olgaBrowser.post('BoardResource', 'create', { name: 'Campaign', advertiser_id: advertiser });
  expect(data(made).privacy).toBe('protected');
  const protectedBoard: string = data(made).id;

  const pinOn = async (board: string, n: string) => {
    const res = await olgaBrowser.post('PinResource', 'create', { board_id: board, link: `https://example.com/${n}`, title: `Pin ${n}` });
    expect(res.status).toBe(200);
    return data(res).id as string;
  };
  const pins = {
    secret: await pinOn(secret, 's'),
    protected: await pinOn(protectedBoard, 'p'),
    archived: await pinOn(archived, 'a'),
    public: await pinOn(publicBoard, 'o'),
  };
  await t.makeSection(secret, 'Hidden section');
  await t.db.updateTable('boards').set({ archived_at: t.clock.now() }).where('id', '=', archived).execute();

  const vicBrowser = t.client();
  await vicBrowser.logIn(vic.email, vic.password);
  const own = await t.makeBoard(vic.id, 'Mine');
  const ownSection = await t.makeSection(own, 'Corner');
  const ownPin = data(await vicBrowser.post('PinResource', 'create', { board_id: own, link: 'https://example.com/mine' })).id as string;
  const third = await t.makeUser('third');

  return {
    t,
    olga,
    vic,
    third,
    advertiser,
    olgaBrowser,
    vicBrowser,
    visitor: t.client(),
    boards: { secret, protected: protectedBoard, archived, public: publicBoard },
    pins,
    own,
    ownSection,
    ownPin,
  };
}
type World = Awaited<ReturnType<typeof world>>;

const hidden = ['secret', 'protected', 'archived'] as const;

/** The whole answer a user sees: status and body (code, message, detail, data). */
const whole = (res: Answer) => ({ status: res.status, body: res.body });

describe('every route that takes a board id answers a board you may not see as one that does not exist', () => {
  const routes: Array<[string, (w: World, board: string) => Promise<Answer>]> = [
    ['BoardResource get', (w, b) => w.vicBrowser.get('BoardResource', { board_id: b })],
    ['BoardResource get (visitor)', (w, b) => w.visitor.get('BoardResource', { board_id: b })],
    ['BoardFeedResource get', (w, b) => w.vicBrowser.get('BoardFeedResource', { board_id: b })],
    ['BoardFeedResource get (visitor)', (w, b) => w.visitor.get('BoardFeedResource', { board_id: b })],
    ['BoardSectionResource create', (w, b) => w.vicBrowser.post('BoardSectionResource', 'create', { board_id: b, name: 'Sneaky' })],
    ['BoardSectionsRepinResource get', (w, b) => w.vicBrowser.get('BoardSectionsRepinResource', { board_id: b })],
    ['BulkEditResource update', (w, b) => w.vicBrowser.post('BulkEditResource', 'update', { board_id: b, pin_ids: [w.ownPin] })],
    [
      'BulkEditSelectAllResource update',
      (w, b) => w.vicBrowser.post('BulkEditSelectAllResource', 'update', { board_id: b, new_board_id: b, pin_ids: [w.ownPin] }),
    ],
    [
      'BulkEditSelectAllResource update (source only)',
      (w, b) =>
        w.vicBrowser.post('BulkEditSelectAllResource', 'update', { board_id: b, new_board_id: w.own, new_section_id: w.ownSection, pin_ids: [w.ownPin] }),
    ],
    [
      'BoardSectionEditResource update',
      (w, b) => w.vicBrowser.post('BoardSectionEditResource', 'update', { section_id: w.ownSection, board_id: b, pins: [w.ownPin] }),
    ],
    ['PinResource create', (w, b) => w.vicBrowser.post('PinResource', 'create', { board_id: b, link: 'https://example.com/x' })],
    [
      'PinResource create (with a section)',
      (w, b) => w.vicBrowser.post('PinResource', 'create', { board_id: b, section: w.ownSection, link: 'https://example.com/x' }),
    ],
    ['RepinResource create', (w, b) => w.vicBrowser.post('RepinResource', 'create', { pin_id: w.pins.public, board_id: b })],
    ['BoardInviteResource create', (w, b) => w.vicBrowser.post('BoardInviteResource', 'create', { board_id: b, invited_user_ids: [w.third.id] })],
    ['BoardInviteResource delete (oneself)', (w, b) => w.vicBrowser.post('BoardInviteResource', 'delete', { board_id: b, invited_user_id: w.vic.id })],
    ['BoardInviteResource delete (someone else)', (w, b) => w.vicBrowser.post('BoardInviteResource', 'delete', { board_id: b, invited_user_id: w.olga.id })],
    ['BoardCollaboratorsResource get', (w, b) => w.vicBrowser.get('BoardCollaboratorsResource', { board_id: b })],
  ];

  for (const [name, call] of routes) {
    it(name, async () => {
      const w = await world();
      const missing = whole(await call(w, newId()));
      expect(missing.status).toBe(404);
      expect(missing.body.resource_response.error?.api_error_code).toBe(40);
      for (const kind of hidden) expect(whole(await call(w, w.boards[kind])), kind).toEqual(missing);
    });
  }

  it('nothing was written by any of those calls', async () => {
    const w = await world();
    for (const [, call] of routes) for (const kind of hidden) await call(w, w.boards[kind]);
    await w.t.settleCounts();
    const counts = await w.t.db.selectFrom('boards').select(['name', 'pin_count', 'section_count']).where('owner_id', '=', w.olga.id).orderBy('name').execute();
    expect(counts).toEqual([
      { name: 'Campaign', pin_count: 1, section_count: 0 },
      { name: 'Old stuff', pin_count: 1, section_count: 0 },
      { name: 'Open', pin_count: 1, section_count: 0 },
      { name: 'Secret plans', pin_count: 1, section_count: 1 },
    ]);
    expect(await w.t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
    expect(await w.t.db.selectFrom('pins').select('board_id').where('id', '=', w.ownPin).executeTakeFirst()).toEqual({ board_id: w.own });
  });

  it('a public board of someone else is visible, so saving to it may say forbidden', async () => {
    const w = await world();
    const res = await w.vicBrowser.post('PinResource', 'create', { board_id: w.boards.public, link: 'https://example.com/x' });
    expect(res.status).toBe(403);
    expect(res.body.resource_response.error?.api_error_code).toBe(3);
  });
});

describe('a pin is visible exactly when its board is', () => {
  const routes: Array<[string, (w: World, pin: string) => Promise<Answer>]> = [
    ['PinResource get', (w, p) => w.vicBrowser.get('PinResource', { id: p })],
    ['PinResource get (visitor)', (w, p) => w.visitor.get('PinResource', { id: p })],
    ['/v3/pins/{id}/ (visitor)', (w, p) => w.visitor.send(`/v3/pins/${p}/`)],
    ['/v3/pins/{id}/', (w, p) => w.vicBrowser.send(`/v3/pins/${p}/`)],
    ['/v3/pins/{id}/board_title_suggestions/', (w, p) => w.vicBrowser.send(`/v3/pins/${p}/board_title_suggestions/`)],
    ['PinCreateSuccessResource get', (w, p) => w.vicBrowser.get('PinCreateSuccessResource', { pin_id: p })],
    ['RepinResource create', (w, p) => w.vicBrowser.post('RepinResource', 'create', { pin_id: p, board_id: w.own })],
    ['BulkEditResource update', (w, p) => w.vicBrowser.post('BulkEditResource', 'update', { board_id: w.own, pin_ids: [p] })],
    [
      'BulkEditSelectAllResource update',
      (w, p) => w.vicBrowser.post('BulkEditSelectAllResource', 'update', { board_id: w.own, new_board_id: w.own, pin_ids: [p] }),
    ],
    [
      'BoardSectionEditResource update',
      (w, p) => w.vicBrowser.post('BoardSectionEditResource', 'update', { section_id: w.ownSection, board_id: w.own, pins: [p] }),
    ],
  ];

  for (const [name, call] of routes) {
    it(name, async () => {
      const w = await world();
      const missing = whole(await call(w, newId()));
      expect(missing.status).toBe(404);
      expect(missing.body.resource_response.error?.api_error_code).toBe(50);
      for (const kind of hidden) expect(whole(await call(w, w.pins[kind])), kind).toEqual(missing);
    });
  }

  it('members see the pins of their secret and protected boards; a visible pin of a board you do not own is not yours to move', async () => {
    const w = await world();
    expect((await w.olgaBrowser.get('PinResource', { id: w.pins.protected })).status).toBe(200);
    expect((await w.olgaBrowser.get('PinResource', { id: w.pins.secret })).status).toBe(200);
    expect((await w.visitor.get('PinResource', { id: w.pins.public })).status).toBe(200);
    const move = await w.vicBrowser.post('BulkEditResource', 'update', { board_id: w.own, pin_ids: [w.pins.public] });
    expect(move.status).toBe(403);
  });

  it('a repin of a pin on a protected board by an outsider is refused and writes nothing', async () => {
    const w = await world();
    const res = await w.vicBrowser.post('RepinResource', 'create', { pin_id: w.pins.protected, board_id: w.own });
    expect(res.status).toBe(404);
    expect(await w.t.db.selectFrom('pins').select('id').where('board_id', '=', w.own).execute()).toHaveLength(1);
  });
});

describe('an archived board takes no new saves, sections, moves or invites, even from its owner', () => {
  // Issue 28: the owner sees their archived board (to unarchive it), so they are told why, not "not found".
  it('answers the owner that it is archived, and writes nothing', async () => {
    const w = await world();
    const o = w.olgaBrowser;
    const calls: Array<(b: string) => Promise<Answer>> = [
      (b) => o.post('PinResource', 'create', { board_id: b, link: 'https://example.com/late' }),
      (b) => o.post('RepinResource', 'create', { pin_id: w.pins.public, board_id: b }),
      (b) => o.post('BoardSectionResource', 'create', { board_id: b, name: 'Late' }),
      (b) => o.get('BoardSectionsRepinResource', { board_id: b }),
      (b) => o.post('BulkEditResource', 'update', { board_id: b, pin_ids: [w.pins.public] }),
      (b) => o.post('BoardInviteResource', 'create', { board_id: b, invited_user_ids: [w.vic.id] }),
    ];
    for (const call of calls) expect((await call(w.boards.archived)).body.resource_response.error?.api_error_code).toBe(360);
    expect(await w.t.db.selectFrom('pins').select('id').where('board_id', '=', w.boards.archived).execute()).toHaveLength(1);
    // Moving a pin out of an archived board is a change to it too.
    const out = await o.post('BulkEditResource', 'update', { board_id: w.boards.public, pin_ids: [w.pins.archived] });
    expect(out.body.resource_response.error?.api_error_code).toBe(360);
    expect(await w.t.db.selectFrom('pins').select('id').where('board_id', '=', w.boards.archived).execute()).toHaveLength(1);
  });
});

describe('invites on a secret board', () => {
  it('an invitee can still decline an invite to a secret board they cannot see yet', async () => {
    const w = await world();
    expect((await w.olgaBrowser.post('BoardInviteResource', 'create', { board_id: w.boards.secret, invited_user_ids: [w.vic.id] })).status).toBe(200);
    const decline = await w.vicBrowser.post('BoardInviteResource', 'delete', { board_id: w.boards.secret, invited_user_id: w.vic.id });
    expect(decline.status).toBe(200);
    expect(await w.t.db.selectFrom('board_collaborators').selectAll().execute()).toEqual([]);
  });
});

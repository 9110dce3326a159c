import { describe, expect, it } from 'vitest';
import { EMBEDS_PATH } from '../embeds/routes.js';
import { newId } from '../lib/ids.js';
import { testApp, TEST_ORIGIN, type Answer } from '../testing.js';
import { runAdvertiserAdmin } from '../operators/commands/advertisers.js';
import { buildPayload, type QuickPromoteValues } from '../advertisers/rules/promote.js';

/**
 * The holes the object policy closes, through the API as a browser meets them. Each
 * failed on the code before policy/rules.ts: a collaborator carried the owner's pins off, a suspended
 * owner's things were served and reached, and a business promoted a stranger's pin.
 */
const data = (res: Answer) => res.body.resource_response.data;
const error = (res: Answer) => res.body.resource_response.error;

async function people() {
  const t = await testApp();
  const olive = await t.makeUser('olive');
  const cara = await t.makeUser('cara');
  const stan = await t.makeUser('stan');
  const b = { olive: t.client(), cara: t.client(), stan: t.client(), visitor: t.client() };
  await b.olive.logIn(olive.email, olive.password);
  await b.cara.logIn(cara.email, cara.password);
  await b.stan.logIn(stan.email, stan.password);
  return { t, olive, cara, stan, b };
}

const save = async (
  who: { post: (n: string, a: string, o: Record<string, unknown>) => Promise<Answer> },
  board: string,
  n: string,
  more: Record<string, unknown> = {},
) => data(await who.post('PinResource', 'create', { board_id: board, link: `https://example.com/${n}`, color: '#336699', ...more })).id as string;

describe('a collaborator cannot carry the owner’s pins off to a board of their own', () => {
  async function world() {
    const w = await people();
    const garden = await w.t.makeBoard(w.olive.id, 'Garden', 'secret');
    await w.b.olive.post('BoardInviteResource', 'create', { board_id: garden, invited_user_ids: [w.cara.id] });
    await w.b.cara.post('BoardInviteResource', 'update', { board_id: garden });
    const mine = await w.t.makeBoard(w.cara.id, 'Mine', 'public');
    const mySection = await w.t.makeSection(mine, 'Loot');
    const pins = { olive: await save(w.b.olive, garden, 'o'), cara: await save(w.b.cara, garden, 'c') };
    const where = async () => Object.fromEntries((await w.t.db.selectFrom('pins').select(['id', 'board_id']).execute()).map((p) => [p.id, p.board_id]));
    return { ...w, garden, mine, mySection, pins, where };
  }

  it('refuses every move resource (403) and moves nothing, not even the collaborator’s own pin sent with it', async () => {
    const { b, garden, mine, mySection, pins, where } = await world();
    const before = await where();
    const attempts = [
      b.cara.post('BulkEditResource', 'update', { board_id: mine, pin_ids: [pins.cara, pins.olive] }),
      b.cara.post('BulkEditSelectAllResource', 'update', { board_id: garden, new_board_id: mine, pin_ids: [pins.olive] }),
      b.cara.post('BoardSectionEditResource', 'update', { board_id: mine, section_id: mySection, pins: [pins.olive] }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(403);
      expect(error(res)).toMatchObject({ api_error_code: 3 });
    }
    expect(await where()).toEqual(before);
    // The owner's pin stays secret: not readable on the collaborator's public board.
    expect(data(await b.visitor.get('BoardFeedResource', { board_id: mine })).pins).toEqual([]);
  });

  it('still lets the collaborator take their own pin, and the owner take anyone’s, to another board', async () => {
    const { t, b, olive, garden, mine, pins, where } = await world();
    expect((await b.cara.post('BulkEditResource', 'update', { board_id: mine, pin_ids: [pins.cara] })).status).toBe(200);
    const kitchen = await t.makeBoard(olive.id, 'Kitchen');
    expect((await b.olive.post('BulkEditResource', 'update', { board_id: kitchen, pin_ids: [pins.olive] })).status).toBe(200);
    expect(await where()).toEqual({ [pins.cara]: mine, [pins.olive]: kitchen });
    expect((await t.db.selectFrom('boards').select('pin_count').where('id', '=', garden).executeTakeFirstOrThrow()).pin_count).toBe(0);
  });
});

describe('a suspended or deactivated owner’s things answer exactly as missing ones', () => {
  async function world() {
    const w = await people();
    const lake = await w.t.makeBoard(w.olive.id, 'Lake days');
    await w.b.olive.post('BoardInviteResource', 'create', { board_id: lake, invited_user_ids: [w.cara.id] });
    await w.b.cara.post('BoardInviteResource', 'update', { board_id: lake });
    const pin = await save(w.b.olive, lake, 'swim');
    // Stan's pin on a board of his own: it goes when Stan is suspended, whoever owns the board.
    const stansBoard = await w.t.makeBoard(w.stan.id, 'Stan’s');
    await w.b.stan.post('BoardInviteResource', 'create', { board_id: stansBoard, invited_user_ids: [w.olive.id] });
    return { ...w, lake, pin, stansBoard };
  }
  const setState = (t: Awaited<ReturnType<typeof testApp>>, userId: string, state: string) =>
    t.db.updateTable('users').set({ state }).where('id', '=', userId).execute();

  it('its boards, board feeds, pins, /v3/pins/:id/ and pin embeds, to visitors, strangers and its collaborators', async () => {
    const { t, olive, b, lake, pin } = await world();
    const reads = (who: typeof b.visitor, boardId: string, pinId: string) => ({
      'BoardResource get (id)': () => who.get('BoardResource', { board_id: boardId }),
      'BoardResource get (URL)': () => who.get('BoardResource', { username: 'olive', slug: boardId === lake ? 'lake-days' : 'no-such-board' }),
      'BoardFeedResource get': () => who.get('BoardFeedResource', { board_id: boardId }),
      'BoardCollaboratorsResource get': () => who.get('BoardCollaboratorsResource', { board_id: boardId }),
      'PinResource get': () => who.get('PinResource', { id: pinId }),
      '/v3/pins/:id/': () => who.send(`/v3/pins/${pinId}/`),
    });
    // What a board and a pin that never existed answer, to compare with.
    const missing = Object.fromEntries(
      await Promise.all(Object.entries(reads(b.visitor, newId(), newId())).map(async ([name, read]) => [name, await read()] as const)),
    );
    for (const state of ['suspended', 'deactivated']) {
      await setState(t, olive.id, state);
      for (const [whoName, who] of Object.entries({ visitor: b.visitor, stranger: b.stan, collaborator: b.cara })) {
        for (const [name, read] of Object.entries(reads(who, lake, pin))) {
          const res = await read();
          expect({ status: res.status, body: res.body }, `${state} ${whoName} ${name}`).toEqual({ status: missing[name]!.status, body: missing[name]!.body });
          expect(res.status, `${state} ${whoName} ${name}`).toBe(404);
        }
      }
      const embeds = await t
        .client()
        .send(`${EMBEDS_PATH}?data=${encodeURIComponent(JSON.stringify({ options: { pins: [pin], boards: ['olive/lake-days'] } }))}`, {
          headers: { origin: 'https://publisher.example' },
        });
      expect(data(embeds), state).toMatchObject({ pins: { [pin]: null }, boards: { 'olive/lake-days': null } });
    }
    await setState(t, olive.id, 'active');
    expect(data(await b.visitor.get('PinResource', { id: pin })).id).toBe(pin);
    expect((await b.visitor.send(`/v3/pins/${pin}/`)).status).toBe(200);
  });

  it('a suspended pinner’s pins leave other people’s boards too: the pin answers as missing and the feed skips it', async () => {
    const { t, cara, b, lake } = await world();
    const carasPin = await save(b.cara, lake, 'cara');
    await setState(t, cara.id, 'suspended');
    expect(error(await b.stan.get('PinResource', { id: carasPin }))).toMatchObject({ api_error_code: 50 });
    expect(data(await b.stan.get('BoardFeedResource', { board_id: lake })).pins.map((p: { id: string }) => p.id)).not.toContain(carasPin);
  });

  it('their group boards leave their collaborators’ profiles and board pickers, and they leave the collaborator lists', async () => {
    const { t, olive, cara, b, lake } = await world();
    const names = (res: Answer, key: string) => (data(res)[key] as Array<{ name: string }>).map((x) => x.name);
    expect(names(await b.visitor.get('BoardsResource', { username: 'cara' }), 'boards')).toEqual(['Lake days']);
    expect(names(await b.cara.get('BoardPickerBoardsResource', {}), 'all_boards')).toEqual(['Lake days']);
    await setState(t, olive.id, 'suspended');
    expect(names(await b.visitor.get('BoardsResource', { username: 'cara' }), 'boards')).toEqual([]);
    expect(names(await b.cara.get('BoardPickerBoardsResource', {}), 'all_boards')).toEqual([]);
    await setState(t, olive.id, 'active');
    const collaborators = async () =>
      (data(await b.olive.get('BoardCollaboratorsResource', { board_id: lake })) as Array<{ username: string }>).map((p) => p.username);
    expect(await collaborators()).toEqual(['cara']);
    await setState(t, cara.id, 'deactivated');
    expect(await collaborators()).toEqual([]);
  });

  it('typeahead does not suggest them', async () => {
    const { t, olive, b } = await world();
    expect(data(await b.cara.get('ShareSuggestionsTypeaheadResource', { term: 'oli' })).map((u: { username: string }) => u.username)).toEqual(['olive']);
    await setState(t, olive.id, 'suspended');
    expect(data(await b.cara.get('ShareSuggestionsTypeaheadResource', { term: 'oli' }))).toEqual([]);
  });

  it('invites do not reach them: inviting one answers as for someone who does not exist, and writes nothing', async () => {
    const { t, olive, cara, b } = await world();
    await setState(t, olive.id, 'suspended');
    const mine = await t.makeBoard(cara.id, 'Cara’s');
    const invite = await b.cara.post('BoardInviteResource', 'create', { board_id: mine, invited_user_ids: [olive.id] });
    expect(invite.status).toBe(400);
    expect(error(invite)!.message_detail).toBe('invited_user_ids: Some of those people do not exist.');
    expect(await t.db.selectFrom('board_collaborators').select('user_id').where('board_id', '=', mine).execute()).toEqual([]);
  });

  it('an invite a suspended owner sent is not shown to the invited person', async () => {
    const { t, stan, b, stansBoard } = await world();
    expect(data(await b.olive.get('BoardInviteResource', { board_id: stansBoard }))).toMatchObject({ board: { id: stansBoard } });
    await setState(t, stan.id, 'deactivated');
    expect(error(await b.olive.get('BoardInviteResource', { board_id: stansBoard }))).toMatchObject({ api_error_code: 40 });
  });

  it('follows do not reach them: following or unfollowing answers as a missing profile, and writes nothing', async () => {
    const { t, olive, b } = await world();
    await setState(t, olive.id, 'suspended');
    for (const action of ['create', 'delete']) {
      const follow = await b.cara.post('UserFollowResource', action, { user_id: olive.id });
      expect(follow.status, action).toBe(404);
      expect(error(follow), action).toMatchObject({ api_error_code: 200, message: "Sorry, we couldn't find that profile." });
    }
    expect(await t.db.selectFrom('follows').selectAll().where('followee_id', '=', olive.id).execute()).toEqual([]);
  });
});

describe('quick promote: a business promotes only its own pins', () => {
  const VALUES: QuickPromoteValues = {
    name: 'Lemon tart',
    destination_url: 'https://bakery.example/tart',
    budget: '12.50',
    duration: '10',
    inclusive_end_date: '',
    is_ongoing: false,
    advertiser_id: '',
    ages: [],
    interests: [],
    genders: [],
    ad_type: 'CONSIDERATION',
    selected_ocpm_tag: null,
    isAutoTargeting: true,
  };
  const promote = (who: { send: (p: string, i: RequestInit) => Promise<Answer> }, advertiserId: string, pinId: string) =>
    who.send(`/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(buildPayload({ ...VALUES, advertiser_id: advertiserId }, pinId)),
    });

  it('refuses a stranger’s public pin (403 code 250) and writes no campaign; its own pins, and its members’ acting for it, pass', async () => {
    const { t, olive, stan, b } = await people();
    const advertiserId = data(
      await b.olive.post('BusinessConvertResource', 'create', { business_name: 'Lemon Bakery', website_url: 'https://bakery.example/', country: 'US' }),
    ).advertiser_id as string;
    const strangersPin = await save(b.stan, await t.makeBoard(stan.id, 'Tarts'), 'stan');
    const ownPin = await save(b.olive, await t.makeBoard(olive.id, 'Bakes'), 'olive');

    const refused = await promote(b.olive, advertiserId, strangersPin);
    expect(refused.status).toBe(403);
    expect(error(refused)).toMatchObject({ api_error_code: 250, message: 'A business can promote only its own Pins.' });
    for (const table of ['campaigns', 'ad_groups', 'pin_promotions'] as const) expect(await t.db.selectFrom(table).selectAll().execute(), table).toEqual([]);

    expect((await promote(b.olive, advertiserId, ownPin)).status).toBe(200);

    // A member with two-factor acting for the business: the pin saved for it is the business's; their own is not.
    await runAdvertiserAdmin(t.deps, ['advertiser-member', advertiserId, 'cara@example.com']);
    const cara = await t.db.selectFrom('users').select('id').where('username', '=', 'cara').executeTakeFirstOrThrow();
    await t.passMfa(cara.id);
    const forBusiness = data(await b.cara.post('BoardResource', 'create', { name: 'Campaign', advertiser_id: advertiserId })).id as string;
    const savedForIt = await save(b.cara, forBusiness, 'for-it', { advertiser_id: advertiserId });
    const personal = await save(b.cara, await t.makeBoard(cara.id, 'Mine'), 'mine');
    expect((await promote(b.cara, advertiserId, savedForIt)).status).toBe(200);
    expect(error(await promote(b.cara, advertiserId, personal))).toMatchObject({ api_error_code: 250 });
  });
});

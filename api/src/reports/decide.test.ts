import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { runAdmin } from '../operators/commands/accounts.js';
import { type TestApp, testApp } from '../testing.js';

/** The secret TestApp.passMfa gives an account. */
const SECRET = 'JBSWY3DPEHPK3PXP';
const code = (t: TestApp) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(SECRET), digits: 6, period: 30, timestamp: t.clock.now() });

type Client = ReturnType<TestApp['client']>;
const postJson = (c: Client, path: string, body: unknown) =>
  c.send(path, { method: 'POST', headers: { origin: 'http://localhost:8787', 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function member(t: TestApp, address = '198.51.100.1') {
  const user = await t.makeUser();
  const c = t.client({ address });
  await c.logIn(user.email, user.password);
  return { user, c };
}

async function operator(t: TestApp) {
  const user = await t.makeUser();
  await runAdmin(t.deps, ['operator', user.email]);
  const c = t.client();
  await c.logIn(user.email, user.password);
  await t.passMfa(user.id);
  return { user, c };
}

/** An owner with a public pin, two members who reported it and a visitor who reported it. */
async function reported(t: TestApp) {
  const owner = await member(t, '198.51.100.50');
  const board = await t.makeBoard(owner.user.id, 'Recipes');
  const pin = (await owner.c.post('PinResource', 'create', { board_id: board, link: 'https://a.example/soup', color: '#336699', title: 'Soup' })).body
    .resource_response.data.id as string;
  const a = await member(t, '198.51.100.2');
  const b = await member(t, '198.51.100.3');
  for (const r of [a.c, b.c, t.client({ address: '203.0.113.4' })]) {
    expect((await postJson(r, '/v3/reports/', { object_kind: 'pin', object_id: pin, reason: 'spam' })).status).toBe(200);
  }
  return { owner, board, pin, a, b };
}

const notices = (t: TestApp, userId: string) =>
  t.db
    .selectFrom('notifications')
    .select(['kind', 'note', 'pin_id', 'actor_id'])
    .where('recipient_id', '=', userId)
    .where('kind', 'not in', ['pin_saved', 'new_follower'])
    .execute();

describe('an operator decides on reports', () => {
  it('hide: closes every report, hides the pin, writes the audit row, tells each reporter and the owner why; the notices name no operator', async () => {
    const t = await testApp();
    const { owner, pin, a, b } = await reported(t);
    const op = await operator(t);
    const queue = (await op.c.send('/v3/admin/reports/')).body.resource_response.data.items;
    expect(queue[0]).toMatchObject({
      object_kind: 'pin',
      object_id: pin,
      open_reports: 3,
      title: 'Soup',
      owner_username: owner.user.username,
      url: `/pin/${pin}/`,
      hidden: null,
    });
    expect(queue[0].notes).toHaveLength(3);

    const decided = await postJson(op.c, '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'hide', reason: 'Spam links' });
    expect(decided.body.resource_response.data).toEqual({ closed: 3 });
    expect(await t.db.selectFrom('pins').select(['hidden', 'hidden_reason']).where('id', '=', pin).executeTakeFirstOrThrow()).toEqual({
      hidden: 'hidden',
      hidden_reason: 'Spam links',
    });
    expect(await t.db.selectFrom('reports').select('state').where('state', '=', 'open').execute()).toEqual([]);
    expect(await t.db.selectFrom('operator_actions').where('action', 'not like', 'operator.%').select(['action', 'subject_id', 'reason']).execute()).toEqual([
      { action: 'report.hide', subject_id: pin, reason: 'Spam links' },
    ]);
    expect(await notices(t, owner.user.id)).toEqual([{ kind: 'moderation_hidden', note: 'Spam links', pin_id: pin, actor_id: owner.user.id }]);
    for (const r of [a, b]) expect(await notices(t, r.user.id)).toEqual([{ kind: 'report_reviewed', note: null, pin_id: null, actor_id: r.user.id }]);

    // The reporter reads it on their notifications list: no operator is named.
    const list = (await a.c.get('NotificationsResource', { page_size: 25 })).body.resource_response.data.notifications;
    expect(list[0]).toMatchObject({ kind: 'report_reviewed', note: null, actor: { id: a.user.id } });
    const ownerList = (await owner.c.get('NotificationsResource', { page_size: 25 })).body.resource_response.data.notifications;
    expect(ownerList.find((n: { kind: string }) => n.kind === 'moderation_hidden')).toMatchObject({ note: 'Spam links', pin: { id: pin } });

    // Decided once: a second decision is refused with a clear error and writes nothing.
    const again = await postJson(op.c, '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'remove', reason: 'Again' });
    expect(again.status).toBe(409);
    expect(again.body.resource_response.error!.api_error_code).toBe(2175);
    expect(await t.db.selectFrom('operator_actions').where('action', 'not like', 'operator.%').select('id').execute()).toHaveLength(1);
    expect((await t.db.selectFrom('pins').select('hidden').where('id', '=', pin).executeTakeFirstOrThrow()).hidden).toBe('hidden');

    // The owner appeals once; a second appeal is refused.
    expect((await postJson(owner.c, '/v3/reports/appeal/', { object_kind: 'pin', object_id: pin, note: 'It is soup' })).status).toBe(200);
    const twice = await postJson(owner.c, '/v3/reports/appeal/', { object_kind: 'pin', object_id: pin });
    expect(twice.body.resource_response.error!.api_error_code).toBe(2176);
    // A stranger cannot appeal someone else's pin.
    expect((await postJson(a.c, '/v3/reports/appeal/', { object_kind: 'pin', object_id: pin })).status).toBe(404);

    // The appeal upheld: restored, shown to everyone again, the owner told why; the appeal stays used.
    expect((await t.client().get('PinResource', { id: pin })).status).toBe(404);
    expect(
      (await postJson(op.c, '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'restore', reason: 'An ingredient, not spam' })).body
        .resource_response.data,
    ).toEqual({ closed: 1 });
    expect(await t.db.selectFrom('pins').select(['hidden', 'hidden_reason']).where('id', '=', pin).executeTakeFirstOrThrow()).toEqual({
      hidden: null,
      hidden_reason: null,
    });
    expect((await t.client().get('PinResource', { id: pin })).status).toBe(200);
    expect((await notices(t, owner.user.id)).map((n) => [n.kind, n.note])).toContainEqual(['moderation_restored', 'An ingredient, not spam']);
  });

  it('warn tells the owner and changes nothing else; suspend asks the fresh proof and suspends the owner as People does', async () => {
    const t = await testApp();
    const { owner, pin } = await reported(t);
    const op = await operator(t);
    expect((await postJson(op.c, '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'warn', reason: 'Mind the rules' })).status).toBe(
      200,
    );
    expect((await t.db.selectFrom('pins').select('hidden').where('id', '=', pin).executeTakeFirstOrThrow()).hidden).toBeNull();
    expect(await notices(t, owner.user.id)).toEqual([{ kind: 'moderation_warned', note: 'Mind the rules', pin_id: pin, actor_id: owner.user.id }]);

    const c = await member(t, '198.51.100.9');
    await postJson(c.c, '/v3/reports/', { object_kind: 'pin', object_id: pin, reason: 'harassment' });
    const noProof = await postJson(op.c, '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'suspend', reason: 'Repeated' });
    expect(noProof.status).toBe(401);
    const wrong = await postJson(op.c, '/v3/admin/reports/decide/', {
      object_kind: 'pin',
      object_id: pin,
      decision: 'suspend',
      reason: 'Repeated',
      password: 'nope nope',
      code: code(t),
    });
    expect(wrong.status).toBe(401);
    expect((await t.db.selectFrom('users').select('state').where('id', '=', owner.user.id).executeTakeFirstOrThrow()).state).toBe('active');
    expect(await t.db.selectFrom('reports').select('id').where('state', '=', 'open').execute()).toHaveLength(1);

    const ok = await postJson(op.c, '/v3/admin/reports/decide/', {
      object_kind: 'pin',
      object_id: pin,
      decision: 'suspend',
      reason: 'Repeated',
      password: op.user.password,
      code: code(t),
    });
    expect(ok.body.resource_response.data).toEqual({ closed: 1 });
    expect(await t.db.selectFrom('users').select(['state', 'state_set_by']).where('id', '=', owner.user.id).executeTakeFirstOrThrow()).toEqual({
      state: 'suspended',
      state_set_by: 'operator',
    });
    expect(
      (await t.db.selectFrom('operator_actions').where('action', 'not like', 'operator.%').select('action').orderBy('created_at').execute()).map(
        (r) => r.action,
      ),
    ).toEqual(['report.warn', 'account.suspend', 'report.suspend']);
    expect(await notices(t, c.user.id)).toEqual([{ kind: 'report_reviewed', note: null, pin_id: null, actor_id: c.user.id }]);
  });

  it('refuses every bad decision with a clear error and writes nothing; strangers and members find no such route', async () => {
    const t = await testApp();
    const { pin, a } = await reported(t);
    const op = await operator(t);
    const cases: Array<[unknown, number, number?]> = [
      [{ object_kind: 'pin', object_id: 'no-such-pin', decision: 'hide', reason: 'x' }, 409, 2175],
      [{ object_kind: 'pin', object_id: pin, decision: 'ban', reason: 'x' }, 400],
      [{ object_kind: 'pin', object_id: pin, decision: 'hide', reason: '   ' }, 400],
      [{ object_kind: 'pin', object_id: pin, decision: 'hide', reason: 'x'.repeat(501) }, 400],
      [{ object_kind: 'pin', object_id: pin, decision: 'hide' }, 400],
      [{ object_kind: 'comment', object_id: pin, decision: 'hide', reason: 'x' }, 400],
      [{ object_kind: 'pin', object_id: pin, decision: 'hide', reason: 'x', extra: 1 }, 400],
      [{ object_kind: 'user', object_id: a.user.id, decision: 'hide', reason: 'x' }, 400, 2177],
      [{ object_kind: 'user', object_id: a.user.id, decision: 'restore', reason: 'x' }, 400, 2177],
    ];
    for (const [body, status, errorCode] of cases) {
      const res = await postJson(op.c, '/v3/admin/reports/decide/', body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (errorCode) expect(res.body.resource_response.error!.api_error_code).toBe(errorCode);
    }
    const notJson = await op.c.send('/v3/admin/reports/decide/', {
      method: 'POST',
      headers: { origin: 'http://localhost:8787', 'content-type': 'application/json' },
      body: '{',
    });
    expect(notJson.status).toBe(400);
    // A member, a visitor: as if there were no such route.
    expect((await postJson(a.c, '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'hide', reason: 'x' })).status).toBe(404);
    expect((await postJson(t.client(), '/v3/admin/reports/decide/', { object_kind: 'pin', object_id: pin, decision: 'hide', reason: 'x' })).status).toBe(404);
    expect(await t.db.selectFrom('reports').select('id').where('state', '=', 'open').execute()).toHaveLength(3);
    expect(await t.db.selectFrom('operator_actions').where('action', 'not like', 'operator.%').select('id').execute()).toEqual([]);
    expect((await t.db.selectFrom('pins').select('hidden').where('id', '=', pin).executeTakeFirstOrThrow()).hidden).toBeNull();
  });

  it('hide from my view: only the member who reported it, gone from their home feed only; a stranger gets not found', async () => {
    const t = await testApp();
    const { pin, a, b, owner, board } = await reported(t);
    for (const r of [a, b]) await r.c.post('UserFollowResource', 'create', { user_id: owner.user.id });
    const feedIds = async (c: Client) => (await c.get('HomeFeedResource')).body.resource_response.data.pins.map((p: { id: string }) => p.id);
    expect(await feedIds(a.c)).toEqual([pin]);
    const stranger = await member(t, '198.51.100.77');
    expect((await postJson(stranger.c, '/v3/reports/hide/', { object_kind: 'pin', object_id: pin })).status).toBe(404);
    expect((await postJson(t.client(), '/v3/reports/hide/', { object_kind: 'pin', object_id: pin })).status).toBe(401);
    expect((await postJson(a.c, '/v3/reports/hide/', { object_kind: 'pin', object_id: pin })).body.resource_response.data).toEqual({ hidden: true });
    expect(await t.db.selectFrom('reports').select(['reporter_id']).where('hidden_for_reporter', '=', 1).execute()).toEqual([{ reporter_id: a.user.id }]);
    expect(await feedIds(a.c)).toEqual([]);
    expect(await feedIds(b.c)).toEqual([pin]);
    // Out of their board page and their search too; everyone else still sees it.
    const ids = async (c: Client, name: string, options: Record<string, unknown>) =>
      (await c.get(name, options)).body.resource_response.data.pins.map((p: { id: string }) => p.id);
    expect(await ids(a.c, 'BoardFeedResource', { board_id: board })).toEqual([]);
    expect(await ids(b.c, 'BoardFeedResource', { board_id: board })).toEqual([pin]);
    expect(await ids(a.c, 'SearchPinsResource', { q: 'soup' })).toEqual([]);
    expect(await ids(b.c, 'SearchPinsResource', { q: 'soup' })).toEqual([pin]);
  });
});

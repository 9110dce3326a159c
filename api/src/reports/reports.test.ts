import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

const postJson = (c: ReturnType<Awaited<ReturnType<typeof testApp>>['client']>, path: string, body: unknown) =>
  c.send(path, { method: 'POST', headers: { origin: 'http://localhost:8787', 'content-type': 'application/json' }, body: JSON.stringify(body) });

describe('reports and the queue', () => {
  it('a visitor reports a board once; reports alone hide nothing; an operator hides it, closing every report and writing the audit log; the owner appeals once', async () => {
    const t = await testApp();
    const owner = await t.makeUser();
    const board = await t.makeBoard(owner.id, 'Things');
    const visitor = t.client({ address: '203.0.113.9' });
    const first = await postJson(visitor, '/v3/reports/', { object_kind: 'board', object_id: board, reason: 'spam', note: 'ads' });
    expect(first.status).toBe(200);
    expect(first.body.resource_response.data).toEqual({ created: true });
    const again = await postJson(visitor, '/v3/reports/', { object_kind: 'board', object_id: board, reason: 'nudity' });
    expect(again.body.resource_response.data).toEqual({ created: false });
    expect(await t.db.selectFrom('reports').select('id').execute()).toHaveLength(1);

    // A wave of new accounts reporting: the board stays shown.
    for (let i = 0; i < 5; i++) {
      const u = await t.makeUser();
      const c = t.client({ address: `198.51.100.${i}` });
      await c.logIn(u.email, u.password);
      expect((await postJson(c, '/v3/reports/', { object_kind: 'board', object_id: board, reason: 'spam' })).status).toBe(200);
    }
    expect((await t.db.selectFrom('boards').select('hidden').where('id', '=', board).executeTakeFirstOrThrow()).hidden).toBeNull();

    // Bad input: a clear error, nothing written.
    const bad = await postJson(visitor, '/v3/reports/', { object_kind: 'board', object_id: board, reason: 'boring' });
    expect(bad.status).toBe(400);
    expect((await postJson(visitor, '/v3/reports/', { object_kind: 'pin', object_id: 'nope', reason: 'spam' })).status).toBe(404);
    expect(await t.db.selectFrom('reports').select('id').execute()).toHaveLength(6);

    // Not an operator: the queue does not exist.
    expect((await visitor.send('/v3/admin/reports/')).status).toBe(404);

    const op = await t.makeUser();
    await t.db.updateTable('users').set({ is_operator: 1 }).where('id', '=', op.id).execute();
    const console_ = t.client();
    await console_.logIn(op.email, op.password);
    await t.passMfa(op.id);
    const queue = await console_.send('/v3/admin/reports/');
    expect(queue.status).toBe(200);
    expect(queue.body.resource_response.data.items[0]).toMatchObject({
      object_kind: 'board',
      object_id: board,
      open_reports: 6,
      title: 'Things',
      owner_username: owner.username,
    });

    const decided = await postJson(console_, '/v3/admin/reports/decide/', { object_kind: 'board', object_id: board, decision: 'hide', reason: 'Spam board' });
    expect(decided.body.resource_response.data).toEqual({ closed: 6 });
    expect((await console_.send('/v3/admin/reports/')).body.resource_response.data.items).toEqual([]);
    const audit = await t.db.selectFrom('operator_actions').select(['action', 'subject_id', 'operator_id', 'reason']).execute();
    expect(audit).toEqual([{ action: 'report.hide', subject_id: board, operator_id: op.id, reason: 'Spam board' }]);

    // Gone for a visitor; the owner still sees it and appeals once; the appeal lands in the queue.
    expect((await visitor.get('BoardResource', { board_id: board })).status).toBe(404);
    const ownerClient = t.client();
    await ownerClient.logIn(owner.email, owner.password);
    expect((await ownerClient.get('BoardResource', { board_id: board })).status).toBe(200);
    expect((await postJson(ownerClient, '/v3/reports/appeal/', { object_kind: 'board', object_id: board, note: 'It is a recipe board' })).status).toBe(200);
    expect((await postJson(ownerClient, '/v3/reports/appeal/', { object_kind: 'board', object_id: board })).status).toBe(409);
    expect((await console_.send('/v3/admin/reports/')).body.resource_response.data.items[0]).toMatchObject({ object_id: board, appeals: 1, hidden: 'hidden' });
  });

  it('limits reports per address', async () => {
    const t = await testApp({ config: {} });
    const owner = await t.makeUser();
    const visitor = t.client({ address: '203.0.113.7' });
    let last = 0;
    for (let i = 0; i < 61; i++) {
      const board = await t.makeBoard(owner.id, `B${i}`);
      last = (await postJson(visitor, '/v3/reports/', { object_kind: 'board', object_id: board, reason: 'spam' })).status;
    }
    expect(last).toBe(429);
  });

  it('limits reports per account, whatever address it comes from, with a clear error and nothing written', async () => {
    const t = await testApp({ config: {} });
    const owner = await t.makeUser();
    const member = await t.makeUser();
    let refused: Awaited<ReturnType<typeof postJson>> | null = null;
    for (let i = 0; i < 31; i++) {
      const board = await t.makeBoard(owner.id, `B${i}`);
      // A new address each time: the account's share is what runs out.
      const c = t.client({ address: `192.0.2.${i + 1}` });
      await c.logIn(member.email, member.password);
      const res = await postJson(c, '/v3/reports/', { object_kind: 'board', object_id: board, reason: 'spam' });
      if (res.status !== 200) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.resource_response.error?.api_error_code).toBe(2174);
    expect(await t.db.selectFrom('reports').select('id').execute()).toHaveLength(30);
  });
});

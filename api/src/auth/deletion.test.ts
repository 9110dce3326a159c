import { describe, expect, it } from 'vitest';
import { jobQueue } from '../jobs/service.js';
import { settleAllCounts } from '../counts/store.js';
import { testApp, type TestApp } from '../testing.js';
import { ACCOUNT_DELETION_JOB, accountDeletionJobs } from './deletion.js';

const data = (res: { body: any }) => res.body.resource_response.data;

async function person(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, `${name}'s board`);
  const save = async (boardId: string, n: number) => {
    for (let i = 0; i < n; i++)
      expect(
        (await browser.post('PinResource', 'create', { board_id: boardId, link: `https://example.com/${name}/${i}`, title: `${name} ${i}`, method: 'button' }))
          .status,
      ).toBe(200);
  };
  return { user, browser, board, save };
}

/** Two accounts sharing boards both ways: the leaving one's pins on the other's board, the other's on the leaving one's. */
async function sharing(t: TestApp) {
  const leaving = await person(t, 'leaving');
  const staying = await person(t, 'staying');
  for (const [board, member] of [
    [staying.board, leaving.user.id],
    [leaving.board, staying.user.id],
  ] as const) {
    await t.db.insertInto('board_collaborators').values({ board_id: board, user_id: member, status: 'accepted', created_at: t.clock.now() }).execute();
  }
  await leaving.save(leaving.board, 5);
  await leaving.save(staying.board, 3);
  await staying.save(leaving.board, 2);
  await staying.save(staying.board, 1);
  await t.runJobs();
  return { leaving, staying };
}

const counts = async (t: TestApp, userId: string, boardId: string) => {
  await settleAllCounts(t.db);
  const user = await t.db.selectFrom('users').select('pin_count').where('id', '=', userId).executeTakeFirstOrThrow();
  const board = await t.db.selectFrom('boards').select('pin_count').where('id', '=', boardId).executeTakeFirstOrThrow();
  return { user: user.pin_count, board: board.pin_count };
};

describe('deleting an account', () => {
  it('closes it at once for every reader and way in, then removes its rows in batches, leaving the others their counts', async () => {
    const t = await testApp();
    const { leaving, staying } = await sharing(t);
    expect(await counts(t, staying.user.id, staying.board)).toEqual({ user: 3, board: 4 });

    expect(data(await leaving.browser.post('AccountDeletionResource', 'create', { password: leaving.user.password }))).toEqual({ state: 'deleted' });
    // At once: no page shows it, its address and name are free, its sessions are over.
    expect((await staying.browser.get('UserResource', { username: 'leaving' })).status).toBe(404);
    expect((await staying.browser.get('BoardResource', { board_id: leaving.board })).status).toBe(404);
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', leaving.user.id).execute()).toEqual([]);
    expect((await t.client().logIn(leaving.user.email, leaving.user.password)).status).not.toBe(200);
    expect(await t.db.selectFrom('users').select('id').where('email', '=', leaving.user.email).execute()).toEqual([]);
    // Its rows are still there: the job removes them.
    expect((await t.db.selectFrom('pins').select('id').where('pinner_id', '=', leaving.user.id).execute()).length).toBe(8);

    await t.runJobs();
    expect(await t.db.selectFrom('users').select('id').where('id', '=', leaving.user.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('pins').select('pinner_id').execute()).toEqual([{ pinner_id: staying.user.id }]);
    expect(await counts(t, staying.user.id, staying.board)).toEqual({ user: 1, board: 1 });
    expect(await t.db.selectFrom('jobs').select(['kind', 'status']).execute()).toEqual([]);
    // The address can make a new account.
    expect((await t.makeUser('leaving2')).id).toBeTruthy();
  });

  it('a deletion cut short after some batches goes on where it stopped, counting each pin once', async () => {
    const t = await testApp();
    const { leaving, staying } = await sharing(t);
    expect(data(await leaving.browser.post('AccountDeletionResource', 'create', { password: leaving.user.password }))).toEqual({ state: 'deleted' });
    // A worker that removes two pins a batch dies after its third batch (its commits stay).
    let batches = 0;
    const died = new Error('killed');
    const db = new Proxy(t.db, {
      get(target, key) {
        if (key === 'transaction' && ++batches > 3) return () => ({ execute: () => Promise.reject(died) });
        const value = Reflect.get(target, key);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const deps = { ...t.deps, db };
    await expect(accountDeletionJobs(deps, jobQueue(t.deps), 2)[ACCOUNT_DELETION_JOB]!({ user_id: leaving.user.id })).rejects.toBe(died);
    expect((await t.db.selectFrom('pins').select('id').execute()).length).toBe(11 - 6);
    await t.runJobs();
    expect(await t.db.selectFrom('pins').select('pinner_id').execute()).toEqual([{ pinner_id: staying.user.id }]);
    expect(await counts(t, staying.user.id, staying.board)).toEqual({ user: 1, board: 1 });
  });
});

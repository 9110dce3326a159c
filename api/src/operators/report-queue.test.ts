import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type TestApp } from '../testing.js';

const pg = (await privatePostgres('cb_report_queue', 'the report queue Postgres test'))?.connect();

/** The queue the triggers keep (migration 0060) against the reports themselves, aggregated the slow way. */
const aggregated = async (t: TestApp) =>
  (
    await t.db
      .selectFrom('reports')
      .select((eb) => ['object_kind', 'object_id', eb.fn.countAll<number>().as('total'), eb.fn.max('created_at').as('newest_at')])
      .where('state', '=', 'open')
      .groupBy(['object_kind', 'object_id'])
      .orderBy('object_id')
      .execute()
  ).map((r) => ({ object_kind: r.object_kind, object_id: r.object_id, total: Number(r.total), newest_at: Number(r.newest_at) }));
const kept = async (t: TestApp) =>
  (
    await t.db.selectFrom('report_queue').select(['object_kind', 'object_id', 'total', 'newest_at', 'open_reports', 'appeals']).orderBy('object_id').execute()
  ).map((r) => ({
    ...r,
    total: Number(r.total),
    newest_at: Number(r.newest_at),
  }));

async function followsEveryChange(t: TestApp) {
  const add = (id: string, object: string, kind: 'report' | 'appeal', key: string, at: number) =>
    t.db
      .insertInto('reports')
      .values({
        id,
        kind,
        object_kind: 'pin',
        object_id: object,
        reporter_id: null,
        reporter_key: key,
        reason: 'spam',
        note: null,
        created_at: at,
        decided_at: null,
        decision: null,
      })
      .execute();
  await add('1', 'a', 'report', 'k1', 10);
  await add('2', 'a', 'report', 'k2', 30);
  await add('3', 'a', 'appeal', 'owner', 20);
  await add('4', 'b', 'report', 'k1', 40);
  await add('5', 'c', 'report', 'k1', 50);
  // A report already closed when written is no one's business in the queue.
  await t.db
    .insertInto('reports')
    .values({
      id: '6',
      object_kind: 'pin',
      object_id: 'd',
      reporter_id: null,
      reporter_key: 'k1',
      reason: 'spam',
      note: null,
      state: 'closed',
      created_at: 5,
      decided_at: 6,
      decision: 'dismiss',
    })
    .execute();
  expect(await kept(t)).toEqual([
    { object_kind: 'pin', object_id: 'a', total: 3, newest_at: 30, open_reports: 2, appeals: 1 },
    { object_kind: 'pin', object_id: 'b', total: 1, newest_at: 40, open_reports: 1, appeals: 0 },
    { object_kind: 'pin', object_id: 'c', total: 1, newest_at: 50, open_reports: 1, appeals: 0 },
  ]);
  expect((await kept(t)).map(({ open_reports: _, appeals: __, ...r }) => r)).toEqual(await aggregated(t));

  // A decision closes every open report of its object at once; a deletion takes an open one away.
  await t.db
    .updateTable('reports')
    .set({ state: 'closed', decision: 'hide', decided_at: 60 })
    .where('object_id', '=', 'a')
    .where('state', '=', 'open')
    .execute();
  await t.db.deleteFrom('reports').where('id', '=', '4').execute();
  // Closing what is closed changes nothing.
  await t.db.updateTable('reports').set({ state: 'closed' }).where('id', '=', '6').execute();
  expect((await kept(t)).map((r) => r.object_id)).toEqual(['c']);
  expect((await kept(t)).map(({ open_reports: _, appeals: __, ...r }) => r)).toEqual(await aggregated(t));
}

describe('the reports queue kept by triggers', () => {
  it('follows every report, appeal, decision and deletion, and an object leaves it once nothing of it is open (SQLite)', async () => {
    await followsEveryChange(await testApp());
  });
  it('does the same on Postgres', async (ctx) => {
    if (!pg) return ctx.skip();
    await followsEveryChange(await testApp({ db: pg }));
  });
});

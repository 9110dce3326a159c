import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type TestApp } from '../testing.js';
import { SETTLE_LOCK_KEY, settleAllCounts, settleCounts } from './store.js';

async function loggedIn(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { ...user, browser };
}

const data = (answer: { status: number; body: { resource_response: { data?: any; error?: unknown } } }) => {
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.resource_response.data;
};

/** Every board's, section's and user's count against count(*) of its pins: the rows that differ. */
async function mismatches(db: Kysely<Database>) {
  const boards = await sql<{ id: string }>`select id from boards b where pin_count <> (select count(*) from pins p where p.board_id = b.id)`.execute(db);
  const sections = await sql<{
    id: string;
  }>`select id from board_sections s where pin_count <> (select count(*) from pins p where p.section_id = s.id)`.execute(db);
  const users = await sql<{ id: string }>`select id from users u where pin_count <> (select count(*) from pins p where p.pinner_id = u.id)`.execute(db);
  return [...boards.rows, ...sections.rows, ...users.rows].map((r) => r.id);
}

/** 25 saves at once wait for their turns however busy the machine is: what is counted here is counts, not shedding. */
const UNSHED = { maxQueueWaitMs: 60_000 };

/**
 * Two savers on one shared board (a collaborator's) and boards of their own, saving at once, then deleting,
 * moving and bulk-deleting: every reader shows the exact count before anything is settled, and once settled
 * every stored count equals count(*).
 */
async function savesDeletesMovesSettle(t: TestApp) {
  const owner = await loggedIn(t);
  const friend = await loggedIn(t);
  const shared = await t.makeBoard(owner.id, 'Shared');
  const other = await t.makeBoard(owner.id, 'Other');
  const section = await t.makeSection(shared, 'Lamps');
  const own = await t.makeBoard(friend.id, 'Mine');
  // The friend collaborates on the shared board.
  await t.db.insertInto('board_collaborators').values({ board_id: shared, user_id: friend.id, status: 'accepted', created_at: t.clock.now() }).execute();

  const save = (who: typeof owner, board: string, n: number, extra: Record<string, unknown> = {}) =>
    who.browser.post('PinResource', 'create', {
      board_id: board,
      link: `https://publisher.example/${who.username}/${board}/${n}`,
      description: 'Counted',
      method: 'button',
      ...extra,
    });
  const answers = await Promise.all([
    ...Array.from({ length: 12 }, (_, i) => save(owner, shared, i)),
    ...Array.from({ length: 8 }, (_, i) => save(friend, shared, i, { section })),
    ...Array.from({ length: 5 }, (_, i) => save(friend, own, i)),
  ]);
  const ids = answers.map((a) => data(a).id as string);

  // Nothing settled yet: the columns lag, the readers do not.
  expect(Number((await sql<{ n: number }>`select count(*) as n from counter_deltas`.execute(t.db)).rows[0]!.n)).toBeGreaterThan(0);
  const page = data(await owner.browser.get('BoardResource', { board_id: shared }));
  expect(page.pin_count).toBe(20);
  expect(page.sections).toMatchObject([{ id: section, pin_count: 8 }]);
  expect(data(await t.client().get('UserResource', { username: friend.username })).pin_count).toBe(13);
  // The viewer's own count (the session read leaves it out; ViewerResource reads it).
  expect(data(await friend.browser.get('ViewerResource', {})).user.pin_count).toBe(13);
  const picker = data(await friend.browser.get('BoardPickerBoardsResource', {})).all_boards as Array<{ id: string; pin_count: number }>;
  expect(picker.find((b) => b.id === own)?.pin_count).toBe(5);
  expect(picker.find((b) => b.id === shared)?.pin_count).toBe(20);

  // A delete, a move (into the other board) and a bulk delete, while saves' rows are still pending.
  data(await owner.browser.post('PinResource', 'delete', { id: ids[0] }));
  data(await owner.browser.post('BulkEditResource', 'update', { board_id: other, pin_ids: [ids[1], ids[12]] }));
  data(await owner.browser.post('BulkEditResource', 'delete', { board_id: shared, pin_ids: [ids[2], ids[13]] }));
  expect(data(await owner.browser.get('BoardResource', { board_id: shared })).pin_count).toBe(15);
  expect(data(await t.client().get('UserResource', { username: owner.username })).pin_count).toBe(10);
  expect(data(await t.client().get('UserResource', { username: friend.username })).pin_count).toBe(12);

  await settleAllCounts(t.db);
  expect(await mismatches(t.db)).toEqual([]);
  expect(Number((await sql<{ n: number }>`select count(*) as n from counter_deltas`.execute(t.db)).rows[0]!.n)).toBe(0);
  expect(await t.db.selectFrom('boards').select(['id', 'pin_count']).where('id', 'in', [shared, other, own]).orderBy('id').execute()).toEqual(
    [
      { id: shared, pin_count: 15 },
      { id: other, pin_count: 2 },
      { id: own, pin_count: 5 },
    ].sort((a, b) => (a.id < b.id ? -1 : 1)),
  );
}

describe('pin counts kept as pending rows and settled (counts/store.ts)', () => {
  it('on SQLite: every reader exact before settling; every stored count equals count(*) after', async () => {
    await savesDeletesMovesSettle(await testApp({ config: UNSHED }));
  });

  it('a save leaves the board row alone within a second of the last, and never writes the user row', async () => {
    const t = await testApp();
    const user = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Quiet');
    const rows = () =>
      Promise.all([
        t.db.selectFrom('boards').selectAll().where('id', '=', board).executeTakeFirstOrThrow(),
        t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow(),
      ]);
    data(await user.browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/1', description: '', method: 'button' }));
    const before = await rows();
    expect(before[0].last_pinned_at).toBe(t.clock.now());
    t.clock.advance(500);
    data(await user.browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/2', description: '', method: 'button' }));
    expect(await rows()).toEqual(before);
    t.clock.advance(500);
    data(await user.browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/3', description: '', method: 'button' }));
    expect((await rows())[0].last_pinned_at).toBe(t.clock.now());
  });
});

/**
 * Another connection to the same SQLite file (an operator's script, the e2e tests' fixtures) holding the
 * write lock for `ms` on a thread of its own: the server's connection waits on the event loop (busy_timeout),
 * so the holder must not need it to let go. Resolves once the lock is held; `released` once it is let go.
 */
async function holdWriteLock(path: string, ms: number) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    const db = new (require(workerData.driver))(workerData.path);
    db.exec('begin immediate');
    db.prepare("insert into counter_deltas (counter, target_id, delta) values ('board_pins', 'elsewhere', 0)").run();
    parentPort.postMessage('held');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, workerData.ms);
    db.exec('commit');
    db.close();`,
    { eval: true, workerData: { driver, path, ms } },
  );
  await new Promise((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  });
  return { released: new Promise((resolve) => worker.once('exit', resolve)) };
}

describe("the worker's settle with several processes on the host", () => {
  it('each of WORKERS=2 processes settles every two seconds (one settle a second for the host), and readers stay exact meanwhile', async () => {
    const t = await testApp({ config: { workers: 2 } });
    const user = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Turns');
    const save = async (n: number) =>
      data(await user.browser.post('PinResource', 'create', { board_id: board, link: `https://publisher.example/t${n}`, description: '', method: 'button' }));
    const stored = async () => (await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).pin_count;
    await save(1);
    await t.jobs.step();
    expect(await stored()).toBe(1);
    await save(2);
    t.clock.advance(1_000);
    await t.jobs.step();
    // Not this process's turn yet: the column lags, the board's page does not.
    expect(await stored()).toBe(1);
    expect(data(await user.browser.get('BoardResource', { board_id: board })).pin_count).toBe(2);
    t.clock.advance(1_000);
    await t.jobs.step();
    expect(await stored()).toBe(2);
    expect(await mismatches(t.db)).toEqual([]);
  });
});

describe('pin counts on a SQLite file another connection writes to', () => {
  it('a settle that meets the write lock taken waits for it (busy_timeout) rather than failing with "database is locked"', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cb-counts-'));
    const path = join(dir, 'counts.sqlite');
    const t = await testApp({ db: connectSqlite(path) });
    try {
      const user = await loggedIn(t);
      const board = await t.makeBoard(user.id, 'Shared file');
      for (const n of [1, 2, 3])
        data(await user.browser.post('PinResource', 'create', { board_id: board, link: `https://publisher.example/f${n}`, description: '', method: 'button' }));
      const holder = await holdWriteLock(path, 300);
      expect(await settleCounts(t.db)).toBeGreaterThanOrEqual(6);
      await holder.released;
      expect((await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).pin_count).toBe(3);
      expect((await t.db.selectFrom('users').select('pin_count').where('id', '=', user.id).executeTakeFirstOrThrow()).pin_count).toBe(3);
      expect(await mismatches(t.db)).toEqual([]);
    } finally {
      await t.db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const pg = await privatePostgres('cb_counts', 'the Postgres pin-count tests');

describe('pin counts on Postgres', () => {
  it('every reader exact before settling; every stored count equals count(*) after', async (ctx) => {
    if (!pg) return ctx.skip();
    await savesDeletesMovesSettle(await testApp({ db: pg.connect(), config: UNSHED }));
  });

  it('a second save within the grain updates neither the board row nor the user row (their row version is the same)', async (ctx) => {
    if (!pg) return ctx.skip();
    const t = await testApp({ db: pg.connect() });
    const user = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Hot');
    const versions = async () => ({
      board: (await sql<{ xmin: string }>`select xmin from boards where id = ${board}`.execute(t.db)).rows[0]!.xmin,
      user: (await sql<{ xmin: string }>`select xmin from users where id = ${user.id}`.execute(t.db)).rows[0]!.xmin,
    });
    data(await user.browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/a', description: '', method: 'button' }));
    const before = await versions();
    t.clock.advance(10);
    data(await user.browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/b', description: '', method: 'button' }));
    expect(await versions()).toEqual(before);
  });

  it('one settle at a time: while another process holds the lock a settle folds nothing, then one folds the batch', async (ctx) => {
    if (!pg) return ctx.skip();
    const t = await testApp({ db: pg.connect() });
    const user = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Locked');
    for (const n of [1, 2, 3])
      data(await user.browser.post('PinResource', 'create', { board_id: board, link: `https://publisher.example/l${n}`, description: '', method: 'button' }));
    const other = pg.connect();
    try {
      // Another server's settle, mid-transaction.
      await other.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(${SETTLE_LOCK_KEY})`.execute(trx);
        expect(await settleCounts(t.db)).toBe(0);
      });
    } finally {
      await other.destroy();
    }
    expect(await settleCounts(t.db)).toBeGreaterThanOrEqual(6);
    expect((await t.db.selectFrom('boards').select('pin_count').where('id', '=', board).executeTakeFirstOrThrow()).pin_count).toBe(3);
    expect((await t.db.selectFrom('users').select('pin_count').where('id', '=', user.id).executeTakeFirstOrThrow()).pin_count).toBe(3);
    expect(await mismatches(t.db)).toEqual([]);
  });
});

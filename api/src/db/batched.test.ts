import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { batchedTransaction } from './batched.js';
import { CHECKPOINT_PAGES } from './checkpointer.js';
import { connectSqlite } from './connect.js';
import type { Database } from './schema.js';

const dir = mkdtempSync(join(tmpdir(), 'batched-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A scratch table beside the schema (no migrations needed for what is tested here). */
async function scratch(db: Kysely<Database>) {
  await sql`create table t (id integer primary key, note text not null)`.execute(db);
  const insert =
    (id: number, note = 'ok') =>
    (trx: Kysely<Database>) =>
      sql`insert into t (id, note) values (${id}, ${note})`.execute(trx);
  const ids = async () => (await sql<{ id: number }>`select id from t order by id`.execute(db)).rows.map((row) => row.id);
  return { insert, ids };
}

describe('batchedTransaction on SQLite', () => {
  it('commits writers that wait at the same time together, each all or nothing: a failing one alone is rolled back and told', async () => {
    const db = connectSqlite(join(dir, 'a.sqlite'));
    const { insert, ids } = await scratch(db);
    const results = await Promise.allSettled([
      batchedTransaction(db, async (trx) => (await insert(1)(trx), 'one')),
      // Writes, then fails: its row must not stay.
      batchedTransaction(db, async (trx) => {
        await insert(2)(trx);
        throw new Error('refused after writing');
      }),
      // A statement the database refuses (the same key twice in one writer).
      batchedTransaction(db, async (trx) => {
        await insert(3)(trx);
        await insert(3)(trx);
      }),
      batchedTransaction(db, async (trx) => (await insert(4)(trx), 'four')),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'rejected', 'fulfilled']);
    expect(results[0]).toMatchObject({ value: 'one' });
    expect(results[1]).toMatchObject({ reason: { message: 'refused after writing' } });
    expect(results[3]).toMatchObject({ value: 'four' });
    expect(await ids()).toEqual([1, 4]);
    await db.destroy();
  });

  it('runs the writers that arrive together in one transaction, and a writer alone in its own', async () => {
    const db = connectSqlite(join(dir, 'b.sqlite'));
    const { insert, ids } = await scratch(db);
    // One transaction: every writer is handed the same one, and sees the rows of the writers before it.
    const transactions = new Set<unknown>();
    const seen = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        batchedTransaction(db, async (trx) => {
          transactions.add(trx);
          await insert(i + 1)(trx);
          return Number((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0]!.n);
        }),
      ),
    );
    expect(seen).toEqual([1, 2, 3, 4, 5]);
    expect(transactions.size).toBe(1);
    expect(await ids()).toEqual([1, 2, 3, 4, 5]);
    await batchedTransaction(db, insert(6));
    // A writer alone that fails takes its transaction with it.
    await expect(
      batchedTransaction(db, async (trx) => {
        await insert(7)(trx);
        throw new Error('alone and refused');
      }),
    ).rejects.toThrow('alone and refused');
    expect(await ids()).toEqual([1, 2, 3, 4, 5, 6]);
    await db.destroy();
  });

  it("runs each writer in its own async context (a request id stays with its request's writes)", async () => {
    const db = connectSqlite(':memory:');
    const { insert } = await scratch(db);
    const context = new AsyncLocalStorage<string>();
    const seen = await Promise.all(
      ['a', 'b', 'c'].map((name, i) => context.run(name, () => batchedTransaction(db, async (trx) => (await insert(i)(trx), context.getStore())))),
    );
    expect(seen).toEqual(['a', 'b', 'c']);
    await db.destroy();
  });
});

describe('WAL checkpoints on their own thread', () => {
  it('copies the WAL into the database file while the connection stays open, and starts the WAL over', async () => {
    const file = join(dir, 'c.sqlite');
    const db = connectSqlite(file);
    const { insert } = await scratch(db);
    const pageSize = Number((await sql<{ page_size: number }>`pragma page_size`.execute(db)).rows[0]!.page_size);
    // Well past the size a checkpoint is asked for, in one transaction (no commit of ours checkpoints).
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < CHECKPOINT_PAGES * 2; i++) await sql`insert into t (id, note) values (${i}, ${'x'.repeat(pageSize)})`.execute(trx);
    });
    expect(statSync(`${file}-wal`).size).toBeGreaterThan(CHECKPOINT_PAGES * pageSize * 2);
    // The thread copies the pages into the database file; the first commit after it has caught up starts
    // the WAL over, cut back to the watched size.
    let next = -1;
    await expect
      .poll(
        async () => {
          await insert(next--)(db);
          return statSync(`${file}-wal`).size;
        },
        { timeout: 10_000 },
      )
      .toBeLessThanOrEqual(CHECKPOINT_PAGES * pageSize);
    expect(statSync(file).size).toBeGreaterThan(CHECKPOINT_PAGES * pageSize * 2);
    await db.destroy();
  });
});

import { sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectSqlite, driverOf } from './connect.js';
import type { Database } from './schema.js';
import { privatePostgres } from './testing-postgres.js';
import { commitTogether } from './together.js';

/**
 * Statements committed together (together.ts): on SQLite through a shared commit, on Postgres written in one
 * round trip. Either way all of them or none, with the real cause of a refusal, and a connection fit to use after.
 */
const pg = await privatePostgres('cb_together', 'the pipelined commit on Postgres');

const databases: Array<[string, () => Kysely<Database> | undefined]> = [
  ['SQLite', () => connectSqlite(':memory:')],
  ['Postgres', () => pg?.connect()],
];

describe.each(databases)('commitTogether on %s', (_name, open) => {
  const table = async (db: Kysely<Database>) => {
    await sql`create table if not exists t (id integer primary key, note text not null)`.execute(db);
    await sql`delete from t`.execute(db);
    const insert = (id: number, note: string | null = 'ok') => sql`insert into t (id, note) values (${id}, ${note})`.compile(db);
    const ids = async () => (await sql<{ id: number }>`select id from t order by id`.execute(db)).rows.map((row) => Number(row.id));
    return { insert, ids };
  };

  it('writes every statement, or none: the first refusal is what is thrown, and the connection serves the next', async (ctx) => {
    const db = open();
    if (!db) return ctx.skip();
    const { insert, ids } = await table(db);
    await commitTogether(db, [insert(1), insert(2), insert(3)]);
    expect(await ids()).toEqual([1, 2, 3]);

    // The second is refused (a note it must have); the first was written before it and goes with it; the
    // third is never written. What is thrown is the refusal, not "the transaction is aborted".
    await expect(commitTogether(db, [insert(4), insert(5, null), insert(6)])).rejects.toThrow(/null|NOT NULL/i);
    await expect(commitTogether(db, [insert(7), insert(1)])).rejects.toThrow(/unique|duplicate/i);
    expect(await ids()).toEqual([1, 2, 3]);

    // Every connection of the pool is back in service: as many lists at once as it has connections, and more.
    await Promise.all(Array.from({ length: 30 }, (_, i) => commitTogether(db, [insert(100 + 2 * i), insert(101 + 2 * i)])));
    expect((await ids()).length).toBe(63);
    if (driverOf(db)?.kind === 'postgres')
      expect(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and state like 'idle in transaction%'`.execute(db)
        ).rows[0]!.n,
      ).toBe(0);
    await db.destroy();
  });
});

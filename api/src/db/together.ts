import type { CompiledQuery, Kysely } from 'kysely';
import type pg from 'pg';
import { batchedStatements, batchedTransaction } from './batched.js';
import { driverOf } from './connect.js';
import type { Database } from './schema.js';

/**
 * Statements known before the first of them runs, committed together: all of them or none (the save
 * at scale). A save is such a list (its pin, its hashtags, its ingest job, its board's update, its counts).
 *
 * - SQLite: one writer of a shared commit (batched.ts), each statement run in turn.
 * - Postgres: the whole transaction in one round trip. `begin`, the statements and `commit` are written to one
 *   connection without waiting for each answer (pg's pipeline mode, connect.ts), and read back together:
 *   a save was seven round trips (session, board, duplicate check, begin, pin, counts, commit), now four.
 *   Each round trip woke the server process and the database backend once more, which on this machine cost
 *   more CPU than the statements themselves; across hosts it is a network round trip each.
 *
 * When a statement fails, Postgres refuses the ones after it and turns the commit into a rollback; the
 * first refusal is the one thrown, so the caller sees the real cause.
 */
export async function commitTogether(db: Kysely<Database>, statements: CompiledQuery[]): Promise<void> {
  const driver = driverOf(db);
  if (driver?.kind === 'sqlite') {
    // Run straight on the connection, begin to commit, when its batch is only such statements (batched.ts).
    await batchedStatements(db, statements);
    return;
  }
  if (driver?.kind !== 'postgres') {
    await batchedTransaction(db, async (trx) => {
      for (const statement of statements) await trx.executeQuery(statement);
    });
    return;
  }
  await pipelined(driver.pool, statements);
}

async function pipelined(pool: pg.Pool, statements: CompiledQuery[]) {
  const client = await pool.connect();
  const sent = [client.query('begin'), ...statements.map((s) => client.query(s.sql, s.parameters as unknown[])), client.query('commit')];
  const outcomes = await Promise.allSettled(sent);
  const committed = outcomes.at(-1)!;
  // A connection that did not answer its commit is in a state nobody knows: it is closed, not reused.
  client.release(committed.status === 'rejected' ? (committed.reason as Error) : undefined);
  const refused = outcomes.find((outcome) => outcome.status === 'rejected');
  if (refused) throw (refused as PromiseRejectedResult).reason;
  // Postgres answers the commit of a transaction it aborted with ROLLBACK, not with an error.
  if ((committed as PromiseFulfilledResult<pg.QueryResult>).value.command !== 'COMMIT') throw new Error('The transaction was rolled back.');
}

import { AsyncResource } from 'node:async_hooks';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { driverOf } from './connect.js';
import type { Database } from './schema.js';

/**
 * Transactions of concurrent writers committed together, on SQLite (issue 29, the save at scale).
 *
 * A SQLite commit writes every page the transaction changed to the WAL, and the search index flushes a new
 * segment at each commit: measured at 1M pins, the save's COMMIT was two thirds of its SQLite time (about
 * 130-330 µs, 30-55 pages a save). SQLite has one writer at a time anyway, so the saves that arrive while one
 * is being written wait for the next commit and share it: each runs inside a savepoint of one transaction, so
 * each is still all or nothing on its own (a failing one is rolled back to its savepoint and only its caller
 * sees the error), and the commit is made once for all of them. Nothing is answered before the commit; the
 * WAL's sync after it (group-commit.ts) is shared as before.
 *
 * Postgres runs each transaction on a connection of its own, in parallel, and commits them itself: there a
 * batched transaction is an ordinary one.
 */
export type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** At most this many writers share one commit, so one batch never holds the database for long. */
export const MAX_BATCH = 64;

const SAVEPOINT = CompiledQuery.raw('savepoint batched');
const RELEASE = CompiledQuery.raw('release batched');
const ROLLBACK_TO = CompiledQuery.raw('rollback to batched');

type Runner = <T>(work: Work<T>) => Promise<T>;
const runners = new WeakMap<Kysely<Database>, Runner>();

/** Runs `work` in a transaction, committed with the other writers waiting at the same time (SQLite). */
export function batchedTransaction<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  let runner = runners.get(db);
  if (!runner) {
    runner = driverOf(db)?.kind === 'sqlite' ? sqliteBatcher(db) : (each) => db.transaction().execute(each);
    runners.set(db, runner);
  }
  return runner(work);
}

interface Waiting {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function sqliteBatcher(db: Kysely<Database>): Runner {
  const queue: Waiting[] = [];
  let scheduled = false;

  const flush = async () => {
    const batch = queue.splice(0, MAX_BATCH);
    const outcomes: Array<{ ok: true; value: unknown } | { ok: false; error: unknown }> = [];
    try {
      await db.transaction().execute(async (trx) => {
        for (const { work } of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            const value = await work(trx);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: true, value });
          } catch (error) {
            // Only this writer's changes go; if the transaction itself is gone, this throws and fails the batch.
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
      batch.forEach((item, i) => {
        const outcome = outcomes[i]!;
        if (outcome.ok) item.resolve(outcome.value);
        else item.reject(outcome.error);
      });
    } catch (error) {
      // Not committed: every writer of the batch sees the error, none of them was written.
      for (const item of batch) item.reject(error);
    } finally {
      if (queue.length) setImmediate(flush);
      else scheduled = false;
    }
  };

  return <T>(work: Work<T>) =>
    new Promise<T>((resolve, reject) => {
      // Run in the writer's own async context (its request id, ops/log.ts), not the batch starter's.
      queue.push({ work: AsyncResource.bind(work), resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        // After this turn of the event loop: the requests read in the same turn join the batch.
        setImmediate(flush);
      }
    });
}

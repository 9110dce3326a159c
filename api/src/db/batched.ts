import { AsyncResource } from 'node:async_hooks';
import type SQLite from 'better-sqlite3';
import { CompiledQuery, type Kysely, type Transaction } from 'kysely';
import { driverOf } from './connect.js';
import { searchDeferral } from './deferred-search.js';
import type { Database } from './schema.js';

/**
 * Transactions of concurrent writers committed together, on SQLite (the save at scale).
 *
 * A SQLite commit writes every page the transaction changed to the WAL, and the search index flushes a new
 * segment at each commit: measured at 1M pins, the save's COMMIT was two thirds of its SQLite time (about
 * 130-330 µs, 30-55 pages a save). SQLite has one writer at a time anyway, so the saves that arrive while one
 * is being written wait for the next commit and share it: each runs inside a savepoint of one transaction, so
 * each is still all or nothing on its own (a failing one is rolled back to its savepoint and only its caller
 * sees the error), and the commit is made once for all of them. Nothing is answered before the commit; the
 * WAL's sync after it (group-commit.ts) is shared as before. The search index would still write a segment
 * for each save (FTS5 writes at every savepoint), so the batch writes its pins' words once, before its
 * commit (deferred-search.ts).
 *
 * Postgres runs each transaction on a connection of its own, in parallel, and commits them itself: there a
 * batched transaction is an ordinary one.
 */
export type Work<T> = (trx: Transaction<Database>) => Promise<T>;

/** At most this many writers share one commit, so one batch never holds the database for long. */
export const MAX_BATCH = 64;

type Runner = <T>(work: Work<T>, statements?: readonly CompiledQuery[]) => Promise<T>;
const runners = new WeakMap<Kysely<Database>, Runner>();

function runnerOf(db: Kysely<Database>): Runner {
  let runner = runners.get(db);
  if (!runner) {
    const driver = driverOf(db);
    runner = driver?.kind === 'sqlite' ? sqliteBatcher(db, driver.database, driver.inBatch) : (each) => db.transaction().execute(each);
    runners.set(db, runner);
  }
  return runner;
}

/** Runs `work` in a transaction, committed with the other writers waiting at the same time (SQLite). */
export function batchedTransaction<T>(db: Kysely<Database>, work: Work<T>): Promise<T> {
  return runnerOf(db)(work);
}

/**
 * Statements compiled before the first runs (db/together.ts), committed with the other writers waiting
 * (SQLite): the same as batchedTransaction with a writer that runs them in turn, but a batch made only of
 * such writers runs begin, their statements and commit straight on the connection, each at once, with no
 * Kysely step, promise or turn of the loop between them: a save's transaction was most of its Kysely cost.
 */
export function batchedStatements(db: Kysely<Database>, statements: readonly CompiledQuery[]): Promise<void> {
  const driver = driverOf(db);
  if (driver?.kind !== 'sqlite') throw new Error('batchedStatements is for a SQLite connection made by connect.ts');
  const { inBatch } = driver;
  return runnerOf(db)(async () => {
    for (const statement of statements) inBatch(statement);
  }, statements);
}

interface Waiting {
  work: Work<unknown>;
  /** A writer that is only these statements: the batch may run it without Kysely (batchedStatements). */
  statements?: readonly CompiledQuery[] | undefined;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

const BEGIN = CompiledQuery.raw('begin');
const COMMIT = CompiledQuery.raw('commit');
const ROLLBACK = CompiledQuery.raw('rollback');

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

/**
 * Steps a batch's shape (`inBatch` below), running each writer it yields with `run` and sending back its
 * value or throwing its error into the shape. `runAtOnce` never waits, so nothing else runs on the
 * connection between the batch's statements; `runAwaiting` waits for writers that are Kysely functions.
 */
function runAtOnce(shape: Generator<Waiting, Outcome[], unknown>, run: (writer: Waiting) => unknown): Outcome[] {
  let step = shape.next();
  while (!step.done) {
    let value: unknown;
    try {
      value = run(step.value);
    } catch (error) {
      step = shape.throw(error);
      continue;
    }
    step = shape.next(value);
  }
  return step.value;
}

async function runAwaiting(shape: Generator<Waiting, Outcome[], unknown>, run: (writer: Waiting) => Promise<unknown>): Promise<Outcome[]> {
  let step = shape.next();
  while (!step.done) {
    let value: unknown;
    try {
      value = await run(step.value);
    } catch (error) {
      step = shape.throw(error);
      continue;
    }
    step = shape.next(value);
  }
  return step.value;
}

function sqliteBatcher(db: Kysely<Database>, database: SQLite.Database, inBatch: (query: CompiledQuery) => unknown): Runner {
  const queue: Waiting[] = [];
  let scheduled = false;
  // The pins' search words are written once, before the commit, rather than by each save (deferred-search.ts).
  const search = searchDeferral(database);

  /**
   * What a batch does inside its transaction, whichever way its writers run: the search words' start, each
   * writer (yielded to the caller, which runs it and sends back its value or throws its error in), the
   * search words' end. A writer alone needs no savepoint: the transaction is all its own. One of several
   * runs inside a savepoint, so that only its own changes go if it fails. Savepoints go straight on the
   * connection: the batch's transaction holds it, and they need no Kysely round.
   */
  function* inTransaction(batch: Waiting[]): Generator<Waiting, Outcome[], unknown> {
    search?.begin();
    const all: Outcome[] = [];
    if (batch.length === 1) all.push({ ok: true, value: yield batch[0]! });
    else
      for (const writer of batch) {
        database.exec('savepoint batched');
        try {
          const value = yield writer;
          database.exec('release batched');
          all.push({ ok: true, value });
        } catch (error) {
          // The transaction itself is gone (SQLite ends it on SQLITE_FULL): the batch fails with the error that ended it.
          if (!database.inTransaction) throw error;
          database.exec('rollback to batched');
          database.exec('release batched');
          all.push({ ok: false, error });
        }
      }
    search?.end();
    return all;
  }

  /**
   * A batch of statement writers, on a connection no transaction holds: begin, the batch's shape with each
   * writer's statements run at once, commit; all in one step, so nothing else runs on the connection
   * meanwhile. Begin and commit are prepared statements, as Kysely's are.
   */
  const runNow = (batch: Waiting[]): Outcome[] => {
    inBatch(BEGIN);
    try {
      const all = runAtOnce(inTransaction(batch), ({ statements }) => {
        for (const statement of statements!) inBatch(statement);
      });
      inBatch(COMMIT);
      return all;
    } catch (error) {
      if (database.inTransaction) inBatch(ROLLBACK);
      throw error;
    }
  };

  const flush = async () => {
    const batch = queue.splice(0, MAX_BATCH);
    try {
      // Kysely's own transaction when a writer needs one, or one is open on the connection (Kysely waits for it).
      const direct = !database.inTransaction && batch.every((item) => item.statements);
      const outcomes: Outcome[] = direct ? runNow(batch) : await db.transaction().execute((trx) => runAwaiting(inTransaction(batch), ({ work }) => work(trx)));
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

  return <T>(work: Work<T>, statements?: readonly CompiledQuery[]) =>
    new Promise<T>((resolve, reject) => {
      // Run in the writer's own async context (its request id, core/log.ts), not the batch starter's. Not
      // AsyncResource.bind: on Node 20 each bound function also gets two deprecation wrappers (1.6 % of a save).
      const context = new AsyncResource('corkboard:batched-write');
      const inContext: Work<T> = (trx) => context.runInAsyncScope(work, undefined, trx);
      queue.push({ work: inContext, statements, resolve: resolve as (value: unknown) => void, reject });
      if (!scheduled) {
        scheduled = true;
        // After this turn of the event loop: the requests read in the same turn join the batch.
        setImmediate(flush);
      }
    });
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect, type CompiledQuery, type QueryResult } from 'kysely';
import type { Database } from './schema.js';
import { walSyncer } from './group-commit.js';
import { BACKSTOP, CHECKPOINT_PAGES, walCheckpointer, type Checkpointer } from './checkpointer.js';
import { preparedStatementName, runDirectly, type DirectRunner } from './prepared.js';

export const DEFAULT_SQLITE_PATH = 'data/corkboard.sqlite';

/** The driver under a Kysely made here, for the few libraries that need it (the rate limiter). */
export type DatabaseDriver =
  | {
      kind: 'sqlite';
      database: SQLite.Database;
      walSync?: () => Promise<void>;
      /**
       * Runs a compiled statement at once on the connection, past Kysely's executor (its plugins, its
       * connection mutex, a promise per step): undefined, not run, while a transaction is open on the
       * connection, whose statements are its own (the caller then goes through Kysely, which waits for it).
       * The batch's own statements run through `inBatch` instead (db/together.ts).
       */
      direct: <O>(query: CompiledQuery<O>) => QueryResult<O> | undefined;
      /** A statement of the transaction the caller holds (the batch's: db/together.ts), run at once. */
      inBatch: <O>(query: CompiledQuery<O>) => QueryResult<O>;
    }
  | { kind: 'postgres'; pool: pg.Pool };

const drivers = new WeakMap<Kysely<Database>, DatabaseDriver>();

/**
 * The connection a Kysely made by connect() runs on, so another library shares it rather than opening
 * a second one. Undefined for a Kysely made elsewhere.
 */
export function driverOf(db: Kysely<Database>): DatabaseDriver | undefined {
  return drivers.get(db);
}

/**
 * Opens the database named by DATABASE_URL: unset means the SQLite file under data/,
 * `sqlite:<path>` (or `sqlite::memory:`) another SQLite file, `postgres://…` Postgres.
 */
export function connect(databaseUrl: string | undefined, onLost?: (error: Error) => void): Kysely<Database> {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return connectPostgres(databaseUrl, onLost);
  const path = databaseUrl ? databaseUrl.replace(/^sqlite:/, '') : DEFAULT_SQLITE_PATH;
  return connectSqlite(path);
}

export function connectSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  // An acknowledged save must outlive the machine, not only the process. NORMAL survives a kill -9 but
  // not a power loss on its own; the requests that wrote wait for a shared sync of the WAL before they
  // are answered (group-commit.ts, durableWrites), which FULL did inside every commit, on the event loop.
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Checkpoints run on a thread of their own rather than inside a commit on the event loop (checkpointer.ts).
  let checkpointer: Checkpointer | undefined;
  if (path !== ':memory:') {
    const pageSize = database.pragma('page_size', { simple: true }) as number;
    // The connection still checkpoints itself if the thread falls far behind (a writer that never pauses).
    database.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES * BACKSTOP}`);
    // A WAL started over is cut back to the size the thread watches for, so its size says when to run.
    database.pragma(`journal_size_limit = ${CHECKPOINT_PAGES * pageSize}`);
    checkpointer = walCheckpointer(path, pageSize, () => {
      if (database.open) database.pragma(`wal_autocheckpoint = ${CHECKPOINT_PAGES}`);
    });
  }
  const walSync = path === ':memory:' ? undefined : walSyncer(`${path}-wal`);
  const statements = preparedOnce(database, () => {
    checkpointer?.stop();
    walSync?.close();
  });
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  // As Kysely's SQLite connection runs a statement, on the same prepared statements.
  const inBatch = <O>({ sql, parameters }: CompiledQuery<O>): QueryResult<O> => {
    const statement = statements.prepare(sql);
    if (statement.reader) return { rows: statement.all(parameters) as O[] };
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
  // Outside a transaction a statement reads (or writes) what is committed, as it would after waiting its
  // turn: SQLite runs one statement at a time on the connection, and ours run to their end (all/run).
  const direct: DirectRunner = (query) => {
    if (database.inTransaction || !database.open) return undefined;
    try {
      return inBatch(query);
    } catch (error) {
      // A streamed query holds the connection (better-sqlite3 refuses a write meanwhile): Kysely waits for it.
      if (error instanceof TypeError && error.message.includes('busy executing')) return undefined;
      throw error;
    }
  };
  drivers.set(db, { kind: 'sqlite', database, walSync, direct, inBatch });
  runDirectly(db, direct);
  return db;
}

/** Stands in for `rollback` when SQLite has already rolled the transaction back. */
const NOTHING_TO_ROLL_BACK = { reader: false, run: () => ({ changes: 0, lastInsertRowid: 0 }) } as unknown as SQLite.Statement;

/** Statements kept by their SQL text; past this many the oldest goes (a statement holds little, but not nothing). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SqliteDialect asks `database.prepare(sql)` for every query, and SQLite parses and plans the
 * text again each time (9% of a save's CPU, measured). The same text always makes the same statement,
 * so each is prepared once and reused. Safe to share: the dialect runs one query at a time on its one
 * connection and runs each statement to its end (`all`/`run`) before the next. A streamed query
 * (`iterate`) holds its statement until it ends, so one already iterating is not handed out again.
 */
function preparedOnce(database: SQLite.Database, beforeClose: () => void) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      beforeClose();
      database.close();
    },
    prepare(text: string) {
      // SQLite ends a transaction itself on some errors (SQLITE_FULL among them): Kysely's rollback after it
      // would throw "cannot rollback - no transaction is active" in place of the error that ended it.
      if (text === 'rollback' && !database.inTransaction) return NOTHING_TO_ROLL_BACK;
      // Every transaction takes the write lock as it begins. A deferred one that read first and wrote after
      // (the pin-count settle, the batched saves) asks for the lock mid-transaction, where SQLite does not
      // wait (busy_timeout) but answers "database is locked" at once when another connection to the file
      // writes (an operator's script, the checkpoint thread's, the e2e tests' fixtures). This process has one
      // connection, so nothing of its own is serialised that was not already.
      if (text === 'begin') text = 'begin immediate';
      const known = cache.get(text);
      if (known && !known.busy) {
        // Most recently used last, so the oldest is the first the Map yields.
        cache.delete(text);
        cache.set(text, known);
        return known;
      }
      const statement = database.prepare(text);
      if (!known) {
        cache.set(text, statement);
        if (cache.size > STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}

// int8 columns (our epoch-millisecond times) come back as JavaScript numbers, as SQLite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

/**
 * A pg client that runs the statements of db/prepared.ts as named prepared statements: Postgres parses
 * and plans each once per connection rather than at every call (pg keeps which it has prepared on
 * each connection). Any other statement runs unnamed, as before. Prepared statements hold their result
 * columns: migrations run before a server takes requests (server.ts), never under a running one.
 */
class PreparingClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // A connection lost while the client is checked out (between a transaction's statements) is reported as
    // an 'error' event, which with no listener ends the process. Its queries have their error already and
    // the pool drops the client when it comes back (not queryable), so here there is nothing more to do.
    this.on('error', () => undefined);
  }

  // biome-ignore lint/suspicious/noExplicitAny: pg's Client.query has a dozen overloads; this passes every call through unchanged
  override query(...args: any[]): any {
    const [text, values] = args as [unknown, unknown];
    const name = typeof text === 'string' && args.length === 2 && Array.isArray(values) ? preparedStatementName(text) : undefined;
    if (name) return super.query({ name, text: text as string, values: values as unknown[] });
    return (super.query as (...rest: unknown[]) => unknown).apply(this, args);
  }
}

/** How long a request waits for a new connection before the database counts as unavailable (a 503, not a hang). */
export const CONNECT_TIMEOUT_MS = 5000;

/**
 * `onLost`: told when an idle connection of the pool is lost (the database restarted, a proxy cut it). The pool
 * has dropped it already and makes a new one for the next query; without a listener the loss would end the process.
 */
export function connectPostgres(connectionString: string, onLost: (error: Error) => void = () => undefined): Kysely<Database> {
  // Pipeline mode (pg 8.17+) lets commitTogether (together.ts) write a whole transaction before reading its
  // answers; Kysely waits for each answer before the next statement, so for everything else nothing changes.
  // Keep-alive finds a connection whose far end vanished without a word (a host gone, a cable pulled).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    Client: PreparingClient,
    pipeline: true,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
  } as pg.PoolConfig);
  pool.on('error', onLost);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  drivers.set(db, { kind: 'postgres', pool });
  return db;
}

import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import type { Database } from './schema.js';

export const DEFAULT_SQLITE_PATH = 'data/corkboard.sqlite';

/** The driver under a Kysely made here, for the few libraries that need it (the rate limiter). */
export type DatabaseDriver = { kind: 'sqlite'; database: SQLite.Database } | { kind: 'postgres'; pool: pg.Pool };

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
export function connect(databaseUrl: string | undefined): Kysely<Database> {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) return connectPostgres(databaseUrl);
  const path = databaseUrl ? databaseUrl.replace(/^sqlite:/, '') : DEFAULT_SQLITE_PATH;
  return connectSqlite(path);
}

export function connectSqlite(path: string): Kysely<Database> {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
  database.pragma('journal_mode = WAL');
  // An acknowledged save must outlive the machine, not only the process: FULL syncs the WAL at every
  // commit. (NORMAL survives a kill -9 too, but may lose the last commits on power loss.) docs/decisions.md.
  database.pragma('synchronous = FULL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
  drivers.set(db, { kind: 'sqlite', database });
  return db;
}

// int8 columns (our epoch-millisecond times) come back as JavaScript numbers, as SQLite gives them.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export function connectPostgres(connectionString: string): Kysely<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  drivers.set(db, { kind: 'postgres', pool });
  return db;
}

import { type Kysely, sql } from 'kysely';
import { afterAll } from 'vitest';
import { connectPostgres } from './connect.js';
import type { Database } from './schema.js';

/** The server the Postgres tests use: PG_TEST_URL, or the machine's at 127.0.0.1:5432 (database `test`). */
export const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

export interface PrivatePostgres {
  /** The private database's URL, for a server of its own (several pools over one database). */
  url: string;
  /** A new pool on the private database; every one is closed before the database is dropped. */
  connect(): Kysely<Database>;
}

/**
 * A database of the test file's own on the test server (`{prefix}_{pid}_{random}`), created now and
 * dropped after the file's tests, with every pool made by connect() closed first. When no server answers,
 * undefined, and the reason is printed once with what is skipped: a test then calls `ctx.skip()`.
 */
export async function privatePostgres(prefix: string, skipping: string): Promise<PrivatePostgres | undefined> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = connectPostgres(PG_TEST_URL);
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } catch (error) {
    console.warn(`Skipping ${skipping}: Postgres is not reachable at ${PG_TEST_URL} (${(error as Error).message})`);
    await admin.destroy();
    return undefined;
  }
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${name}`;
  const pools: Kysely<Database>[] = [];
  afterAll(async () => {
    for (const pool of pools) await pool.destroy();
    // A pool's connections close a moment after destroy() returns: the drop waits for them rather than cut
    // them (a cut connection's client reports an error the test run would count).
    for (let tries = 0; ; tries++) {
      try {
        await sql`drop database if exists ${sql.id(name)}`.execute(admin);
        break;
      } catch (error) {
        if (tries === 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    await admin.destroy();
  });
  return {
    url: url.toString(),
    connect() {
      const pool = connectPostgres(url.toString());
      pools.push(pool);
      return pool;
    },
  };
}

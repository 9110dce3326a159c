import type { Kysely } from 'kysely';

/**
 * Per-client limits (security issue, item 8; lib/limits.ts): the table rate-limiter-flexible keeps its
 * counters in when no Redis is configured, in the shape its SQLite and Postgres stores read (key,
 * points, expire in epoch ms). Made here rather than by the library at start, so every server finds
 * it ready and no request races its creation. Keys are "{limit}:{address or account}", accounts hashed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limits')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('points', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expire', 'bigint')
    .execute();
  // The limiter's sweep deletes rows by expiry every few minutes.
  await db.schema.createIndex('rate_limits_expire').on('rate_limits').column('expire').execute();
}

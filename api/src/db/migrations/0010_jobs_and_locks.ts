import type { Kysely } from 'kysely';

/**
 * What several servers over one database must share (scale issue), in the database itself:
 * - board_locks: the "board is busy" locks (codes 2171-2173: a move waits for the previous board action). A row is a lock;
 *   expires_at lets a crashed holder's lock lapse instead of blocking the board for ever.
 * - jobs: the durable queue that takes image ingest off the save's request path. A job is written in
 *   the same transaction as the pin it serves, claimed with a lease (locked_until) so a killed worker's
 *   job is taken again, and retried with backoff until it is done or failed.
 * Portable types only (text, integer, bigint; epoch ms) so SQLite and Postgres run the same.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('board_locks')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The claim reads the oldest due job: queued and due, or running with a lapsed lease.
  await db.schema.createIndex('jobs_due').on('jobs').columns(['status', 'run_at']).execute();
}

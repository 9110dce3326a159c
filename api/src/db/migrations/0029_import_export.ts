import type { Kysely } from 'kysely';

/**
 * Import and export. A job row is deleted when its job finishes (jobs/store.ts), so what a
 * person watches on the import-export page lives here: one row per import or export, with its progress.
 *   transfers.kind      'import' | 'export'
 *   transfers.format    an import's: 'bookmarks' | 'pinterest-csv' | 'pinterest-json' | 'corkboard-zip'; an export's: 'zip'
 *   transfers.status    'queued' | 'running' | 'done' | 'failed'
 *   transfers.total     pins to write (import) or to pack (export); done: how many so far
 *   transfers.state     JSON an import's job keeps between attempts (the boards it made), so a retry goes on
 *                       where the killed attempt stopped instead of writing twice
 *   transfers.error     why it failed, as the person reads it; error_code the catalogue's code for it
 *   transfers.bytes     an export's ZIP size once written
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('state', 'text')
    .addColumn('error', 'text')
    .addColumn('error_code', 'integer')
    .addColumn('bytes', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // The page reads a person's latest import and export; a new one checks none is still running.
  await db.schema.createIndex('transfers_owner').on('transfers').columns(['owner_id', 'kind', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('transfers').execute();
}

import type { Kysely } from 'kysely';

/**
 * scheduled_pins: a business's pin kept to be published later (the pin builder's "Publish later"). `input` is
 * the pin's whole create input as the API parsed it (JSON), so publishing runs the same save with the same
 * options. Deleting the owner or the board deletes its scheduled pins (the foreign keys cascade, on SQLite too).
 * The index (state, publish_at) is what the publisher reads the due ones by; (owner_user_id, publish_at) is
 * the owner's list and the per-account cap's count.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('scheduled_pins')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('owner_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('media_upload_id', 'text')
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('publish_at', 'bigint', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('failure', 'text')
    .addColumn('pin_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('scheduled_pins_due').on('scheduled_pins').columns(['state', 'publish_at']).execute();
  await db.schema.createIndex('scheduled_pins_owner').on('scheduled_pins').columns(['owner_user_id', 'publish_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('scheduled_pins').execute();
}

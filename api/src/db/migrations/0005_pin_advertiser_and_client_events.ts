import type { Kysely } from 'kysely';

/**
 * The rest of the save flow: the advertiser a non-owner saved a pin
 * for, and the client events the popup reports with its tracking image request (pin_create_success,
 * pin_create_fail). Numbered 0005; portable types only, as the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null for a pin saved outside an advertiser context or by the advertiser's owner.
  await db.schema
    .alterTable('pins')
    .addColumn('advertiser_id', 'text', (c) => c.references('advertisers.id').onDelete('set null'))
    .execute();

  // A log: no foreign key on pin_id (the event outlives the pin, and its pin id is only what the client said).
  await db.schema
    .createTable('client_events')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('event', 'text', (c) => c.notNull())
    .addColumn('client', 'text', (c) => c.notNull())
    .addColumn('pin_id', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('query', 'text', (c) => c.notNull())
    .addColumn('error_code', 'integer')
    .addColumn('viewer_id', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('client_events_event_created').on('client_events').columns(['event', 'created_at']).execute();
}

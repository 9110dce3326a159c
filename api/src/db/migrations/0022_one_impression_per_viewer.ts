import { sql, type Kysely } from 'kysely';

/**
 * A promoted pin's impression is counted once per viewer per day, as its click is (migration 0019):
 * impression rows now carry the viewer key too, and this partial unique index makes a reloaded page
 * (or a script asking for the pin's labels in a loop) a no-op in the database itself, on every server.
 * Rows without a viewer key (the demo seed's, and the rows written before this) are not held to it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  // Written by hand: a partial index's literal must not become a bound parameter in DDL.
  await sql`create unique index ad_events_one_impression on ad_events (pin_promotion_id, day, viewer_key) where kind = 'impression'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ad_events_one_impression').execute();
}

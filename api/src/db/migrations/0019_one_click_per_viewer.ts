import { sql, type Kysely } from 'kysely';

/**
 * A promoted pin's click is counted once per viewer per day (advertisers/campaigns/events.ts): each
 * click row names who clicked (an account, or a hash of the client's address), and a unique index
 * over (promotion, day, viewer) makes a replayed click a no-op in the database itself, so two
 * servers answering the same viewer at once still count one. Rows without a viewer key (impressions,
 * and the rows written before this) are not held to it: NULLs never collide.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('ad_events').addColumn('viewer_key', 'text').execute();
  // Written by hand: a partial index's literal must not become a bound parameter in DDL.
  await sql`create unique index ad_events_one_click on ad_events (pin_promotion_id, day, viewer_key) where kind = 'click'`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('ad_events_one_click').execute();
  await db.schema.alterTable('ad_events').dropColumn('viewer_key').execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Embedded pins, boards and profiles (docs/decisions.md, "Embeds"). Numbered 0013.
 *
 * - pins_link: a count bubble's public count (pins saved from one page) in one index lookup on the
 *   first 200 characters of the link, then the exact comparison on the few rows sharing them; written
 *   as embeds/store.ts asks it, so SQLite and Postgres both use it (a whole URL may pass Postgres's
 *   B-tree row limit, its prefix never does).
 * - pins_pinner_created: a profile widget's latest pins, newest first, in one index walk.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index pins_link on pins ((substr(link, 1, 200)))`.execute(db);
  await db.schema.createIndex('pins_pinner_created').on('pins').columns(['pinner_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('pins_pinner_created').execute();
  await db.schema.dropIndex('pins_link').execute();
}

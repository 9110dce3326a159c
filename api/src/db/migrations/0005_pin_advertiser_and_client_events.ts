import type { Kysely } from 'kysely';

/**
 * The rest of the save flow (saving.md sections 6 and 7): the advertiser a non-owner saved a pin for.
 * Numbered 0005; portable types only, as the others.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Null for a pin saved outside an advertiser context or by the advertiser's owner.
  await db.schema.alterTable('pins').addColumn('advertiser_id', 'text', (c) => c.references('advertisers.id').onDelete('set null')).execute();
}

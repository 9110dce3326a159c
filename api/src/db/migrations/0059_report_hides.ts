import type { Kysely } from 'kysely';

/**
 * reports.hidden_for_reporter: 1 once a member who reported a pin or board asked to hide it from their own
 * view ("Hide it from my view"). It hides nothing for anyone else and acts on nothing by itself; the lists
 * that read it look it up by (reporter_id, object_kind, object_id), hence the index.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('reports')
    .addColumn('hidden_for_reporter', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.createIndex('reports_reporter_hides').on('reports').columns(['reporter_id', 'object_kind', 'object_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('reports_reporter_hides').execute();
  await db.schema.alterTable('reports').dropColumn('hidden_for_reporter').execute();
}

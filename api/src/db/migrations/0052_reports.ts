import type { Kysely } from 'kysely';

/**
 * Reports and moderation.
 * - reports: one row per reporter per object (the unique index is the rule, so a retry or a script
 *   cannot pile up rows). `reporter_key` is the account id, or for a visitor the hashed client address,
 *   so a visitor behind one address counts once per object. `state` open | closed; a decision closes
 *   every open report on its object at once. `kind` report | appeal: an owner's appeal lands in the same queue.
 * - pins.hidden / boards.hidden: null while shown; 'hidden' or 'removed' once an operator decided so,
 *   with the reason the owner is told and whether the owner has used their one appeal.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('report'))
    .addColumn('object_kind', 'text', (c) => c.notNull())
    .addColumn('object_id', 'text', (c) => c.notNull())
    .addColumn('reporter_id', 'text')
    .addColumn('reporter_key', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('decision', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema.createIndex('reports_one_per_reporter').on('reports').columns(['object_kind', 'object_id', 'reporter_key', 'kind']).unique().execute();
  // The queue reads open reports grouped by object, newest first.
  await db.schema.createIndex('reports_open').on('reports').columns(['state', 'object_kind', 'object_id', 'created_at']).execute();
  for (const table of ['pins', 'boards']) {
    await db.schema.alterTable(table).addColumn('hidden', 'text').execute();
    await db.schema.alterTable(table).addColumn('hidden_reason', 'text').execute();
    await db.schema.alterTable(table).addColumn('appealed_at', 'bigint').execute();
  }
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['pins', 'boards']) {
    for (const column of ['hidden', 'hidden_reason', 'appealed_at']) await db.schema.alterTable(table).dropColumn(column).execute();
  }
  await db.schema.dropTable('reports').execute();
}

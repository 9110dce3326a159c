import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Pending pin counts keyed by the order they were written in (the save at scale). Migration 0023 gave
 * each counter_deltas row a random 18-digit id, so each of a save's two or three rows went into the primary
 * key's index at a random place: pages of the index the commit writes again for every save. The rows are
 * nobody's to name (the worker folds and deletes them), so the key is now the database's own counter: SQLite's
 * rowid, Postgres's identity. New rows go at the end of the table, with no second index on the key.
 * The pending rows are carried over as they are; their old ids are not.
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('counter_deltas_0033')
    .addColumn('id', sqlite ? 'integer' : 'bigint', (c) => (sqlite ? c.primaryKey() : c.primaryKey().generatedAlwaysAsIdentity()))
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into counter_deltas_0033 (counter, target_id, delta) select counter, target_id, delta from counter_deltas`.execute(db);
  await db.schema.dropTable('counter_deltas').execute();
  await db.schema.alterTable('counter_deltas_0033').renameTo('counter_deltas').execute();
  // A count's reader sums its target's pending rows: one index range (as migration 0023 made it).
  await db.schema.createIndex('counter_deltas_target').on('counter_deltas').columns(['counter', 'target_id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await sql`alter table counter_deltas rename to counter_deltas_0033`.execute(db);
  await db.schema
    .createTable('counter_deltas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into counter_deltas (id, counter, target_id, delta) select cast(id as text), counter, target_id, delta from counter_deltas_0033`.execute(db);
  await db.schema.dropTable('counter_deltas_0033').execute();
  await db.schema.createIndex('counter_deltas_target').on('counter_deltas').columns(['counter', 'target_id']).execute();
}

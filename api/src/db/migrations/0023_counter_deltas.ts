import type { Kysely } from 'kysely';

/**
 * Pin counts without a hot row. A save used to add one to boards.pin_count, board_sections.pin_count
 * and users.pin_count inside its transaction: every save to a board (or by a user) queued on that row's
 * lock until the one before committed (on Postgres, 145 of 250 samples waited on Lock:transactionid).
 * A save now inserts its +1s here instead, rows nobody else writes, and the server's worker folds them into
 * the counts every second (counts/store.ts). A count is read as the column plus what is still here for it,
 * so it is exact at every moment, and the column alone is exact once settled.
 *   counter    'board_pins' | 'section_pins' | 'user_pins'
 *   target_id  the board, section or user
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('counter_deltas')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('counter', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text', (c) => c.notNull())
    .addColumn('delta', 'integer', (c) => c.notNull())
    .execute();
  // A count's reader sums its target's pending rows: one index range.
  await db.schema.createIndex('counter_deltas_target').on('counter_deltas').columns(['counter', 'target_id']).execute();
}

import type { Kysely } from 'kysely';

/**
 * notifications.note: the words a moderation notice carries (the reason an operator gave the owner for
 * hiding, removing or warning). Null for every other kind: those are told by their actor, board and pin.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').addColumn('note', 'text').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('note').execute();
}

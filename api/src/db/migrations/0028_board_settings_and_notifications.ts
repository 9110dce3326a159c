import type { Kysely } from 'kysely';

/**
 * Board settings and notifications in the app.
 *
 * boards.cover_pin_id: the pin whose image the owner chose as the board's cover; null while the cover
 * follows the save rule (a save into a section or onto an empty cover sets it). A chosen
 * cover is not replaced by saves; it goes back to the rule when its pin leaves the board.
 *
 * notifications: one row per recipient and event, newest first, read or not.
 *   kind       'board_invite' | 'invite_accepted' | 'new_follower' | 'pin_saved'
 *   actor_id   who did it (their account state is checked when the list is read, so a suspended
 *              actor's notifications vanish with their profile)
 *   board_id / pin_id  what it is about, when it is about one (null otherwise)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('boards').addColumn('cover_pin_id', 'text').execute();
  // Whether a board still shows its cover's image after pins leave it (boards/covers.ts): one lookup.
  await db.schema.createIndex('pins_image_board').on('pins').columns(['image_id', 'board_id']).execute();
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('recipient_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text', (c) => c.notNull())
    .addColumn('board_id', 'text')
    .addColumn('pin_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  // The list (newest first, a page at a time) and the badge's unread count: one index range each.
  await db.schema.createIndex('notifications_recipient').on('notifications').columns(['recipient_id', 'created_at', 'id']).execute();
  await db.schema.createIndex('notifications_unread').on('notifications').columns(['recipient_id', 'read_at']).execute();
}

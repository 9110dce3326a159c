import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';

/**
 * A board's cover after pins leave it or arrive by a move (a save sets it in pins/store.ts). The cover is
 * kept while a pin on the board still shows its image; otherwise it becomes the newest pin's image, or
 * none: a board that had no cover gets one from the first pin with an image that reaches it, as a save
 * would give it, and a board whose last pin left shows none. A cover the owner chose
 * (cover_pin_id) is kept while its pin is on the board, and given back to the save rule when it leaves.
 * Reads a few rows per board whatever its size: an index lookup by image, one by newest pin.
 */
export async function refreshCovers(db: Kysely<Database> | Transaction<Database>, boardIds: string[], coverOf: (imageId: string) => string) {
  if (boardIds.length === 0) return;
  const boards = await db.selectFrom('boards').select(['id', 'image_cover_url', 'cover_pin_id']).where('id', 'in', boardIds).execute();
  for (const board of boards) {
    if (board.cover_pin_id !== null) {
      const chosen = await db.selectFrom('pins').select('id').where('id', '=', board.cover_pin_id).where('board_id', '=', board.id).executeTakeFirst();
      if (chosen) continue;
      await db.updateTable('boards').set({ cover_pin_id: null }).where('id', '=', board.id).execute();
    }
    const shown = coverImageId(board.image_cover_url);
    if (shown !== null) {
      const still = await db.selectFrom('pins').select('id').where('board_id', '=', board.id).where('image_id', '=', shown).limit(1).executeTakeFirst();
      if (still) continue;
    }
    const newest = await db
      .selectFrom('pins')
      .select('image_id')
      .where('board_id', '=', board.id)
      .where('image_id', 'is not', null)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await db
      .updateTable('boards')
      .set({ image_cover_url: newest?.image_id ? coverOf(newest.image_id) : null })
      .where('id', '=', board.id)
      .execute();
  }
}

/** The image a cover URL shows (`…/media/{image id}/236x.jpg`, images/service.ts coverUrl), whatever the origin it was stored under. */
export function coverImageId(url: string | null): string | null {
  return url ? (/\/media\/([^/?#]+)\/236x\.jpg$/.exec(url)?.[1] ?? null) : null;
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { prepared } from '../db/prepared.js';

export function imagesStore(db: Kysely<Database>) {
  // Asked by every save of an image address: compiled once (db/prepared.ts).
  const bySource = prepared('images.bySource', (a: { sourceUrl: string }) => db.selectFrom('images').selectAll().where('source_url', '=', a.sourceUrl), db);
  return {
    findBySource(sourceUrl: string) {
      return bySource.takeFirst({ sourceUrl });
    },

    /** Records an image whose files are written: one row per source URL, ready. */
    async saveReady(image: { id: string; source_url: string; width: number; height: number; dominant_color: string; created_at: number }) {
      await db
        .insertInto('images')
        .values({ ...image, status: 'ready' })
        .onConflict((oc) =>
          oc
            .column('source_url')
            .doUpdateSet({ id: image.id, width: image.width, height: image.height, dominant_color: image.dominant_color, status: 'ready' }),
        )
        .execute();
    },

    /** A pin waiting for its image copies, as the ingest job reads it. */
    findPinAwaitingImage(pinId: string) {
      return db.selectFrom('pins').select(['id', 'board_id', 'section_id', 'image_url', 'image_id']).where('id', '=', pinId).executeTakeFirst();
    },

    /**
     * Links a pin to its ready image and applies the cover rule to the board the
     * pin is on now (it may have moved since the save): a pin in a section takes the cover, any other
     * fills an empty one. One transaction; a pin linked already (or deleted) is left alone.
     */
    async attachToPin(pinId: string, imageId: string, coverUrl: string) {
      await db.transaction().execute(async (trx) => {
        const pin = await trx
          .updateTable('pins')
          .set({ image_id: imageId })
          .where('id', '=', pinId)
          .where('image_id', 'is', null)
          .returning(['board_id', 'section_id'])
          .executeTakeFirst();
        if (!pin) return;
        await trx
          .updateTable('boards')
          // A cover the owner chose (cover_pin_id) stays.
          .set((eb) => ({
            image_cover_url: pin.section_id
              ? eb.case().when('cover_pin_id', 'is', null).then(eb.val(coverUrl)).else(eb.ref('image_cover_url')).end()
              : eb.fn.coalesce('image_cover_url', eb.val(coverUrl)),
          }))
          .where('id', '=', pin.board_id)
          .execute();
      });
    },
  };
}

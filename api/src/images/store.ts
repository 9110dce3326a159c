import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function imagesStore(db: Kysely<Database>) {
  return {
    findBySource(sourceUrl: string) {
      return db.selectFrom('images').selectAll().where('source_url', '=', sourceUrl).executeTakeFirst();
    },

    /** Records an image whose files are written: one row per source URL, ready. */
    async saveReady(image: { id: string; source_url: string; width: number; height: number; dominant_color: string; created_at: number }) {
      await db
        .insertInto('images')
        .values({ ...image, status: 'ready' })
        .onConflict((oc) =>
          oc.column('source_url').doUpdateSet({ id: image.id, width: image.width, height: image.height, dominant_color: image.dominant_color, status: 'ready' }),
        )
        .execute();
    },
  };
}

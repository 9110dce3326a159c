import type { Kysely } from 'kysely';
import type { Database, MediaUploadsTable } from '../db/schema.js';

export function mediaStore(db: Kysely<Database>) {
  return {
    async insert(upload: MediaUploadsTable) {
      await db.insertInto('media_uploads').values(upload).execute();
    },

    /** An upload with its image's size and colour when it is an image. */
    find(uploadId: string) {
      return db
        .selectFrom('media_uploads')
        .leftJoin('images', 'images.id', 'media_uploads.image_id')
        .selectAll('media_uploads')
        .select(['images.source_url', 'images.width', 'images.height', 'images.dominant_color'])
        .where('media_uploads.id', '=', uploadId)
        .executeTakeFirst();
    },
  };
}

export type MediaUploadRow = NonNullable<Awaited<ReturnType<ReturnType<typeof mediaStore>['find']>>>;

/** Whether a user is a partner (business) account: the gates' isPartner. */
export function partnerOf(db: Kysely<Database>, userId: string) {
  return db.selectFrom('users').select('is_partner').where('id', '=', userId).executeTakeFirst().then((row) => row?.is_partner === 1);
}

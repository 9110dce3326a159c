import type { Insertable, Kysely, Transaction } from 'kysely';
import type { Database, MediaUploadsTable } from '../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

export function mediaStore(db: Kysely<Database>) {
  return {
    async insert(upload: Insertable<MediaUploadsTable>, trx: Db = db) {
      await trx.insertInto('media_uploads').values(upload).execute();
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

    /** The bytes of video a user keeps uploaded: what their quota counts. */
    async videoBytesOf(ownerId: string): Promise<number> {
      const row = await db
        .selectFrom('media_uploads')
        .select((eb) => eb.fn.sum<number | string | null>('bytes').as('total'))
        .where('owner_id', '=', ownerId)
        .where('kind', '=', 'video')
        .executeTakeFirst();
      return Number(row?.total ?? 0);
    },

    /** The re-encode is done: the upload points at its image (same id) and is ready. */
    async setReady(uploadId: string) {
      await db
        .updateTable('media_uploads')
        .set({ status: 'ready', image_id: uploadId, error: null })
        .where('id', '=', uploadId)
        .where('status', '=', 'processing')
        .execute();
    },

    async setFailed(uploadId: string, error: string) {
      await db
        .updateTable('media_uploads')
        .set({ status: 'failed', error: error.slice(0, 500) })
        .where('id', '=', uploadId)
        .where('status', '=', 'processing')
        .execute();
    },

    /**
     * Marks an upload as used by a save, so the sweeper leaves it; false when it is gone (swept a moment
     * ago). One statement, as the sweeper's delete is: of the two, exactly one wins.
     */
    async claim(uploadId: string, now: number): Promise<boolean> {
      const result = await db
        .updateTable('media_uploads')
        .set((eb) => ({ used_at: eb.fn.coalesce('used_at', eb.val(now)) }))
        .where('id', '=', uploadId)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /**
     * Marks a carousel's uploads used, only those of `ownerId` no save has claimed yet, in one statement: the
     * ids it marked. Two saves naming the same upload: exactly one marks it.
     */
    async claimUnused(ownerId: string, uploadIds: readonly string[], now: number): Promise<string[]> {
      if (!uploadIds.length) return [];
      const rows = await db
        .updateTable('media_uploads')
        .set({ used_at: now })
        .where('id', 'in', [...uploadIds])
        .where('owner_id', '=', ownerId)
        .where('used_at', 'is', null)
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    /** Gives back claims a save made but did not use (its pin was refused after the claim). */
    async unclaim(uploadIds: readonly string[]) {
      if (uploadIds.length)
        await db
          .updateTable('media_uploads')
          .set({ used_at: null })
          .where('id', 'in', [...uploadIds])
          .execute();
    },

    async addWaiter(uploadId: string, pinId: string) {
      await db
        .insertInto('media_upload_waiters')
        .values({ upload_id: uploadId, pin_id: pinId })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The pins saved while the upload was processing, forgotten as they are read. */
    async takeWaiters(uploadId: string): Promise<string[]> {
      const rows = await db.deleteFrom('media_upload_waiters').where('upload_id', '=', uploadId).returning('pin_id').execute();
      return rows.map((row) => row.pin_id);
    },

    /** Uploads no save has claimed, made before `before`, oldest first. */
    unused(before: number, limit: number) {
      return db
        .selectFrom('media_uploads')
        .select(['id', 'kind', 'image_id', 'video_format'])
        .where('used_at', 'is', null)
        .where('created_at', '<', before)
        .orderBy('created_at')
        .limit(limit)
        .execute();
    },

    /**
     * Deletes an unclaimed upload's rows (its image's too). False when a save claimed it meanwhile, or when
     * a pin links its image all the same (saved from the image's address): the foreign key refuses the
     * delete, and the upload is marked used so it is not tried again.
     */
    async removeUnused(upload: { id: string; image_id: string | null }, now: number): Promise<boolean> {
      try {
        return await db.transaction().execute(async (trx) => {
          const gone = await trx.deleteFrom('media_uploads').where('id', '=', upload.id).where('used_at', 'is', null).executeTakeFirst();
          if (Number(gone.numDeletedRows) === 0) return false;
          if (upload.image_id) await trx.deleteFrom('images').where('id', '=', upload.image_id).execute();
          return true;
        });
      } catch {
        await db.updateTable('media_uploads').set({ used_at: now }).where('id', '=', upload.id).execute();
        return false;
      }
    },

    /**
     * An edit's new image takes the place of the one the upload showed: only while no save has claimed the
     * upload and no other edit came first (one statement, so of an edit and a save exactly one wins).
     */
    async swapImage(uploadId: string, from: string, to: string, trx: Db = db): Promise<boolean> {
      const result = await trx
        .updateTable('media_uploads')
        .set({ image_id: to })
        .where('id', '=', uploadId)
        .where('image_id', '=', from)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** Whether an upload row exists: a staged file without one is a leftover. */
    async exists(uploadId: string): Promise<boolean> {
      return !!(await db.selectFrom('media_uploads').select('id').where('id', '=', uploadId).executeTakeFirst());
    },
  };
}

export type MediaStore = ReturnType<typeof mediaStore>;
export type MediaUploadRow = NonNullable<Awaited<ReturnType<MediaStore['find']>>>;

/** Whether a user is a partner (business) account: the gates' isPartner. */
export function partnerOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select('is_partner')
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) => row?.is_partner === 1);
}

/** Whether the account closed the pin builder's tips panel (on any device). */
export function educationDismissedOf(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom('users')
    .select('builder_education_dismissed_at')
    .where('id', '=', userId)
    .executeTakeFirst()
    .then((row) => row?.builder_education_dismissed_at != null);
}

/** Closes (a time) or opens again (null) the pin builder's tips panel for the account. */
export async function setEducationDismissed(db: Kysely<Database>, userId: string, at: number | null) {
  await db.updateTable('users').set({ builder_education_dismissed_at: at }).where('id', '=', userId).execute();
}

import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import type { JobsService } from '../jobs/service.js';
import { mediaKeys, mediaObjects, type MediaObjects } from '../storage/index.js';
import type { VideoFormat } from './rules.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The bytes a deleted account leaves in the media store: its renditions, uploads, videos,
 * exports and imports. Renditions are keyed by image id, and an image is shared wherever its id is: an image
 * ingested from an address has the address's id (images/service.ts imageIdFor), so two accounts that saved
 * it share one copy, and a repin keeps its pin's image id. So the deletion only names the candidates; this
 * job deletes an image's row and bytes once nothing still names it (no pin, upload or avatar), a video once
 * no pin plays it, and the staged uploads and exports, which are the account's alone, outright.
 */
export const RELEASE_JOB = 'media.release';

export interface ReleasePayload {
  image_ids: string[];
  videos: Array<{ id: string; format: VideoFormat }>;
  /** Keys only this account had: staged uploads, export ZIPs, import files. */
  keys: string[];
}

/** Candidates per job: a large account's media is released a batch at a time, each batch retried alone. */
const RELEASE_BATCH = 500;

/** How often the worker finishes releases left half done, and how old their mark must be (far past a job's retries). */
export const RELEASE_SWEEP_EVERY_MS = 10 * 60_000;
export const RELEASE_ABANDONED_MS = 60 * 60_000;

/** The image id of an avatar address profile-settings wrote (our own origin's); none for a provider's picture. */
export const avatarImageId = (publicOrigin: string, url: string | null) =>
  url?.startsWith(`${publicOrigin}/media/`) ? url.slice(publicOrigin.length).match(/^\/media\/(\d+)\/[^/]+\.jpg$/)?.[1] : undefined;

/** Queues the release of images something stopped naming (a replaced avatar): each goes if nothing else names it. */
export async function queueImageRelease(trx: Db, jobs: Pick<JobsService, 'enqueue'>, imageIds: string[]): Promise<void> {
  if (imageIds.length) await jobs.enqueue(trx, RELEASE_JOB, { image_ids: imageIds, videos: [], keys: [] } satisfies ReleasePayload);
}

/**
 * Inside the deletion's transaction, before the account's rows go: queues the release of every object the
 * account's rows name (its pins and the pins on its boards, its uploads, its avatar, its exports).
 */
export async function queueAccountRelease(trx: Db, jobs: Pick<JobsService, 'enqueue'>, userId: string, publicOrigin: string): Promise<void> {
  const pinned = await trx
    .selectFrom('pins')
    .innerJoin('boards', 'boards.id', 'pins.board_id')
    .select(['pins.image_id', 'pins.video_upload_id'])
    .where((eb) => eb.or([eb('pins.pinner_id', '=', userId), eb('boards.owner_id', '=', userId)]))
    .execute();
  const uploads = await trx.selectFrom('media_uploads').select(['id', 'image_id', 'video_format']).where('owner_id', '=', userId).execute();
  const user = await trx.selectFrom('users').select('image_medium_url').where('id', '=', userId).executeTakeFirst();
  const transfers = await trx.selectFrom('transfers').select(['id', 'kind']).where('owner_id', '=', userId).execute();

  const imageIds = new Set<string>();
  for (const id of [...pinned.map((p) => p.image_id), ...uploads.map((u) => u.image_id), avatarImageId(publicOrigin, user?.image_medium_url ?? null)])
    if (id) imageIds.add(id);
  const videos = uploads.flatMap((u) => (u.video_format ? [{ id: u.id, format: u.video_format }] : []));
  const keys = [
    ...uploads.filter((u) => !u.video_format).map((u) => mediaKeys.staged(u.id)),
    ...transfers.map((x) => (x.kind === 'export' ? mediaKeys.export(x.id) : mediaKeys.import(x.id))),
  ];

  const ids = [...imageIds];
  // The first job carries the videos and keys with the first batch of images; the rest, images only.
  const batches = Array.from({ length: Math.max(1, Math.ceil(ids.length / RELEASE_BATCH)) }, (_, i) => ids.slice(i * RELEASE_BATCH, (i + 1) * RELEASE_BATCH));
  for (const [i, image_ids] of batches.entries()) {
    const payload: ReleasePayload = { image_ids, videos: i === 0 ? videos : [], keys: i === 0 ? keys : [] };
    if (image_ids.length || payload.videos.length || payload.keys.length) await jobs.enqueue(trx, RELEASE_JOB, payload);
  }
}

/** The handler of the release job, for the queue's worker (images/ingest.ts backgroundJobs). */
export function releaseJobs({ db, config, clock }: Deps, reingest: (trx: Db, pinId: string) => Promise<void>, objects: MediaObjects = mediaObjects(config)) {
  /** Whether a pin, a carousel slot, an upload or an avatar still names the image. */
  const named = async (trx: Db, imageId: string) =>
    !!(
      (await trx.selectFrom('pins').select('id').where('image_id', '=', imageId).executeTakeFirst()) ??
      (await trx.selectFrom('pin_carousel_slots').select('pin_id').where('image_id', '=', imageId).executeTakeFirst()) ??
      (await trx.selectFrom('media_uploads').select('id').where('image_id', '=', imageId).executeTakeFirst()) ??
      (await trx.selectFrom('users').select('id').where('image_medium_url', 'like', `%/media/${imageId}/%`).executeTakeFirst())
    );

  /**
   * An image's bytes go in three steps, so that a save of the same address meanwhile never ends up naming
   * bytes that are gone (an image ingested from an address keeps the address's id, and so its directory):
   * 1. in one transaction with the look for anything naming it: nothing does, so the row is marked
   *    released. From then on a save does not link to it (images.findReady) and an ingest of its address
   *    waits (images.ingest), so nobody writes its directory while it is being emptied;
   * 2. the bytes go;
   * 3. the row goes. A pin linked to it in the moment between a save's look and step 1 is set back to
   *    waiting for its image and its ingest queued again, in the same transaction: it gets new bytes.
   * A row marked already (an attempt that died between steps) is taken up where it was. No row: nothing
   * of ours to delete (an ingest of that address may be writing the directory right now).
   */
  const releaseImage = async (imageId: string) => {
    const marked = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('images').select('released_at').where('id', '=', imageId).executeTakeFirst();
      if (!row) return false;
      // Marked by an attempt that died between the steps: its bytes may be half gone, so it is finished.
      if (row.released_at !== null) return true;
      if (await named(trx, imageId)) return false;
      await trx.updateTable('images').set({ released_at: clock.now() }).where('id', '=', imageId).execute();
      return true;
    });
    if (!marked) return;
    await objects.deleteDir(mediaKeys.renditionDir(imageId));
    await db.transaction().execute(async (trx) => {
      const linked = await trx.updateTable('pins').set({ image_id: null }).where('image_id', '=', imageId).returning(['id', 'image_url']).execute();
      for (const pin of linked) if (pin.image_url) await reingest(trx, pin.id);
      await trx.deleteFrom('images').where('id', '=', imageId).where('released_at', 'is not', null).execute();
    });
  };

  return {
    /**
     * Finishes the releases whose job gave up between the steps (a media store down through every retry):
     * while an image stays marked, an ingest of its address keeps waiting. The worker's upkeep asks every
     * RELEASE_SWEEP_EVERY_MS for those marked before `before`.
     */
    async finishAbandoned(before: number) {
      const marked = await db.selectFrom('images').select('id').where('released_at', '<', before).limit(RELEASE_BATCH).execute();
      for (const { id } of marked) await releaseImage(id);
    },

    async [RELEASE_JOB]({ image_ids, videos, keys }: ReleasePayload) {
      for (const id of image_ids) await releaseImage(id);
      for (const video of videos) {
        const played = await db.selectFrom('pins').select('id').where('video_upload_id', '=', video.id).executeTakeFirst();
        if (!played) await objects.delete(mediaKeys.video(video.id, video.format));
      }
      for (const key of keys) await objects.delete(key);
    },
  };
}

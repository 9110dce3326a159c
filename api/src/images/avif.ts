import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Deps } from '../deps.js';
import { jobsStore } from '../jobs/store.js';
import { newId } from '../lib/ids.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';
import { PARTIAL_PREFIX } from '../storage/local.js';
import { AVIF_RENDITIONS, encodeAvif } from './encode.js';
import { imageWork } from './work.js';

/**
 * AVIF beside every rendition's JPEG, made by a job after the JPEGs: the ingest that links a pin to its
 * copies stays at the JPEGs' cost (an AVIF encode costs several times a JPEG's, images/encode.ts), and
 * /media/ answers a browser that accepts AVIF with the AVIF once it exists, the JPEG until then
 * (images/routes.ts), so nothing a page holds changes when it arrives.
 *
 * One kind for both uses: `{image_id}` for an image just ingested, and `{after}` for the conversion of the
 * images stored before (`npm run admin -- images avif`): a batch of AVIF_BATCH images in id order after
 * `after`, then the next batch queued with the last id seen. Idempotent (an image whose AVIFs are stored is
 * skipped), batched, and resumable (a killed batch is taken again by the queue and skips what it finished).
 */
export const AVIF_JOB = 'image.avif';
export const AVIF_BATCH = 25;
/** A new image's AVIF waits this long, so a burst of saves has its JPEGs made first. */
export const AVIF_DELAY_MS = 30_000;

export type AvifPayload = { image_id: string } | { after: string };

/** Queues AVIF work (a new image's, or the next batch of the conversion) to run after `delayMs`. */
export async function queueAvif({ db, clock }: Pick<Deps, 'db' | 'clock'>, payload: AvifPayload, delayMs = 0): Promise<void> {
  await jobsStore(db).enqueue(db, { id: newId(), kind: AVIF_JOB, payload: JSON.stringify(payload), now: clock.now() + delayMs, requestId: null });
}

export function avifJobs(deps: Deps) {
  const { db, config } = deps;
  const limits = { maxPixels: config.imageMaxPixels, gate: imageWork(config) };

  /** Makes the AVIFs an image lacks; true when it made any. The last one written is the one checked. */
  const convert = async (imageId: string): Promise<boolean> => {
    const objects = mediaObjects(config);
    const last = AVIF_RENDITIONS[AVIF_RENDITIONS.length - 1]!;
    const done = await objects.open(mediaKeys.avif(imageId, last));
    if (done) {
      done.body.destroy();
      return false;
    }
    const original = await objects.read(mediaKeys.rendition(imageId, 'originals'));
    // Released, or never finished: nothing to convert.
    if (!original) return false;
    const files = await encodeAvif(original, limits);
    // Each object is written whole (MediaObjects.putFile), in rendition order, so the last one stands for all.
    // Named as a partial write, so the worker's sweep removes what a killed attempt left (images/ingest.ts).
    const dir = await mkdtemp(join(config.mediaDir, `${PARTIAL_PREFIX}avif-`));
    try {
      for (const name of AVIF_RENDITIONS) {
        const file = join(dir, `${name}.avif`);
        await writeFile(file, files[name]);
        await objects.putFile(mediaKeys.avif(imageId, name), file, 'image/avif');
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    return true;
  };

  return {
    async [AVIF_JOB](payload: AvifPayload) {
      if ('image_id' in payload) {
        await convert(payload.image_id);
        return;
      }
      const batch = await db
        .selectFrom('images')
        .select('id')
        .where('status', '=', 'ready')
        .where('released_at', 'is', null)
        .where('id', '>', payload.after)
        .orderBy('id')
        .limit(AVIF_BATCH)
        .execute();
      for (const { id } of batch) await convert(id);
      if (batch.length === AVIF_BATCH) await queueAvif(deps, { after: batch[batch.length - 1]!.id });
    },
  };
}

export const AVIF_USAGE = `Images:
  images avif                 queues the conversion of every stored image to AVIF (batched; run again at will)`;

/** npm run admin -- images avif: null when argv is not an images command. */
export async function runImagesAdmin(deps: Pick<Deps, 'db' | 'clock'>, argv: string[]): Promise<string | null> {
  if (argv[0] !== 'images') return null;
  if (argv[1] !== 'avif') return AVIF_USAGE;
  await queueAvif(deps, { after: '' });
  return `The AVIF conversion is queued; the server's worker makes it in batches of ${AVIF_BATCH} images.`;
}

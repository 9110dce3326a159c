import type { Deps } from '../deps.js';
import { jobQueue, jobsService, type Maintenance } from '../jobs/service.js';
import { SETTLE_EVERY_MS, settleCounts } from '../counts/store.js';
import { LIMITS_SWEEP_EVERY_MS, limitsFor, sweepExpiredLimits } from '../lib/limits.js';
import { withSiteShare } from '../lib/outbound-limits.js';
import { imageJson, imagesService, sweepPartialRenditions } from './service.js';
import { uploadJobs } from '../media/jobs.js';
import { RELEASE_ABANDONED_MS, RELEASE_JOB, RELEASE_SWEEP_EVERY_MS, releaseJobs } from '../media/release.js';
import { imagesStore } from './store.js';
import { AVIF_DELAY_MS, avifJobs, queueAvif } from './avif.js';
import { transferJobs } from '../transfer/service.js';
import { accountDeletionJobs } from '../auth/deletion.js';
import { boardDeletionJobs } from '../boards/deletion.js';
import { dependencyProbes } from '../jobs/probes.js';
import { sweepScratch } from '../jobs/scratch.js';
import { jobsStore } from '../jobs/store.js';

/**
 * Image ingest off the save's request path (scale issue). The save writes the pin with its original
 * image_url and, in the same transaction, a job `{pin_id}` of this kind; the pin shows the original image
 * until this job has fetched, checked and re-encoded it (images.ingest, unchanged) and linked the pin to
 * the copies. A download or decode that fails for good leaves the pin without copies: its pages show the
 * original address or the colour tile, as for a pin whose image never loaded. Every download takes its
 * site's share (lib/outbound-limits.ts), so saves and imports together cannot aim this server at a site.
 */
export const INGEST_JOB = 'image.ingest';

/** A rendition write older than this belongs to an attempt that was killed. */
const PARTIAL_AGE_MS = 60_000;

export interface IngestPayload {
  pin_id: string;
}

/** The queue with the handlers this product runs: what a server's worker and the tests drive. */
export function backgroundJobs(deps: Deps) {
  const images = imagesService(deps);
  const store = imagesStore(deps.db);
  const limits = limitsFor(deps);
  // A pin linked to an image while its bytes were being released is ingested again (media/release.ts).
  const queue = jobQueue(deps);
  const releases = releaseJobs(deps, (trx, pinId) => queue.enqueue(trx, INGEST_JOB, { pin_id: pinId } satisfies IngestPayload));
  // The upkeep every server's worker does between jobs; it stops with the worker (product.ts).
  const upkeep: Maintenance[] = [
    { name: 'pin counts', everyMs: SETTLE_EVERY_MS, run: () => settleCounts(deps.db) },
    { name: 'expired limits', everyMs: LIMITS_SWEEP_EVERY_MS, run: (now) => sweepExpiredLimits(deps.db, now) },
    // A write older than a lease belongs to an attempt that was killed (a live one is well under it).
    // (At least a minute: a lease is a few seconds of heartbeat, shorter than a slow write.)
    { name: 'partial renditions', everyMs: PARTIAL_AGE_MS, run: (now) => sweepPartialRenditions(deps.config.mediaDir, now, Math.max(deps.config.jobLeaseMs, PARTIAL_AGE_MS)) },
    // Scratch files of attempts killed mid-job (jobs/scratch.ts); the server sweeps them at its start too.
    { name: 'scratch files', everyMs: deps.config.jobLeaseMs, run: (now) => sweepScratch(deps.config.mediaDir, jobsStore(deps.db), now) },
    { name: 'abandoned media releases', everyMs: RELEASE_SWEEP_EVERY_MS, run: (now) => releases.finishAbandoned(now - RELEASE_ABANDONED_MS) },
  ];
  return jobsService(
    deps,
    {
      ...uploadJobs(deps, images),
      [RELEASE_JOB]: releases[RELEASE_JOB],
      ...transferJobs(deps, images, INGEST_JOB),
      ...accountDeletionJobs(deps, queue),
      ...boardDeletionJobs(deps),
      ...avifJobs(deps),
      async [INGEST_JOB]({ pin_id }: IngestPayload) {
        const pin = await store.findPinAwaitingImage(pin_id);
        // Deleted, or linked already by an earlier attempt that died before it could finish the job.
        if (!pin?.image_url || pin.image_id) return;
        // The download takes its site's share as a visitor's fetch does; a share used up waits (jobs/service.ts).
        const url = pin.image_url;
        const image = await images.ingest(url, (fetch) => withSiteShare(limits, url, fetch));
        await store.attachToPin(pin.id, image.id, imageJson(deps.config.publicOrigin, image).images['236x'].url);
        // Its AVIFs follow, after the JPEGs of a burst (images/avif.ts); a second save of it finds them made.
        await queueAvif(deps, { image_id: image.id }, AVIF_DELAY_MS);
      },
    },
    upkeep,
    { probes: dependencyProbes(deps) },
  );
}

import type { Deps } from './deps.js';
import { jobQueue, jobsService, type Maintenance } from './jobs/service.js';
import { SETTLE_EVERY_MS, settleCounts } from './counts/store.js';
import { LIMITS_SWEEP_EVERY_MS, sweepExpiredLimits } from './lib/limits.js';
import { imagesService, sweepPartialRenditions } from './images/service.js';
import { INGEST_JOB, ingestJobs, type IngestPayload } from './images/ingest.js';
import { avifJobs } from './images/avif.js';
import { uploadJobs } from './media/jobs.js';
import { RELEASE_ABANDONED_MS, RELEASE_JOB, RELEASE_SWEEP_EVERY_MS, releaseJobs } from './media/release.js';
import { transferJobs } from './transfer/service.js';
import { accountDeletionJobs } from './auth/deletion.js';
import { boardDeletionJobs } from './boards/deletion.js';
import { dependencyProbes } from './jobs/probes.js';
import { sweepScratch } from './jobs/scratch.js';
import { jobsStore } from './jobs/store.js';
import { mediaService } from './media/service.js';
import { notificationsService } from './notifications/service.js';
import { pinsService } from './pins/service.js';
import { SCHEDULED_PUBLISH_EVERY_MS, scheduledPinsService } from './pins/scheduled.js';

/** The pin builder's scheduled pins, published by the worker through the same save a request makes. */
export function scheduledPublisher(deps: Deps) {
  const images = imagesService(deps);
  const queue = jobQueue(deps);
  const media = mediaService(deps, queue, images);
  const notifications = notificationsService(deps);
  return scheduledPinsService(deps, pinsService(deps, images, queue, media, notifications), media, notifications);
}

/** A rendition write older than this belongs to an attempt that was killed. */
const PARTIAL_AGE_MS = 60_000;

/**
 * The queue with the handlers this product runs: what a server's worker and the tests drive. Wired here, at the
 * root, because it names every capability's jobs; no capability needs another's handlers.
 */
export function backgroundJobs(deps: Deps) {
  const images = imagesService(deps);
  // A pin linked to an image while its bytes were being released is ingested again (media/release.ts).
  const queue = jobQueue(deps);
  const releases = releaseJobs(deps, (trx, pinId) => queue.enqueue(trx, INGEST_JOB, { pin_id: pinId } satisfies IngestPayload));
  // The upkeep every server's worker does between jobs; it stops with the worker (product.ts).
  const scheduled = scheduledPublisher(deps);
  const upkeep: Maintenance[] = [
    // One settle a second for the whole host, not one per process: WORKERS=N processes each settling every
    // second updated every board and user row with pending counts N times a second, for the same sum. Each
    // takes its turn every N seconds (the advisory lock keeps two from running at once); readers add what is
    // pending, so a count shown is exact whichever process settled last.
    { name: 'pin counts', everyMs: SETTLE_EVERY_MS * Math.max(1, deps.config.workers), run: () => settleCounts(deps.db) },
    { name: 'expired limits', everyMs: LIMITS_SWEEP_EVERY_MS, run: (now) => sweepExpiredLimits(deps.db, now) },
    // A write older than a lease belongs to an attempt that was killed (a live one is well under it).
    // (At least a minute: a lease is a few seconds of heartbeat, shorter than a slow write.)
    {
      name: 'partial renditions',
      everyMs: PARTIAL_AGE_MS,
      run: (now) => sweepPartialRenditions(deps.config.mediaDir, now, Math.max(deps.config.jobLeaseMs, PARTIAL_AGE_MS)),
    },
    // Scratch files of attempts killed mid-job (jobs/scratch.ts); the server sweeps them at its start too.
    { name: 'scratch files', everyMs: deps.config.jobLeaseMs, run: (now) => sweepScratch(deps.config.mediaDir, jobsStore(deps.db), now) },
    { name: 'scheduled pins', everyMs: SCHEDULED_PUBLISH_EVERY_MS, run: (now) => scheduled.publishDue(now).then(() => undefined) },
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
      ...ingestJobs(deps, images),
    },
    upkeep,
    { probes: dependencyProbes(deps) },
  );
}

import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { jobsStore } from '../jobs/store.js';

/**
 * Admission for image work (issue 32). A save of a new image answers at once and leaves a job that costs
 * tens of milliseconds of CPU (fetch, decode, four encodes); a save costs well under one. Under a sustained
 * load of new images the machine can acknowledge saves many times faster than it can prepare their images,
 * and the queue grew without bound: a 3-minute soak left 133,218 jobs, hours of pins showing the
 * publisher's original image. So while the job at the head of the queue has waited longer than
 * INGEST_MAX_WAIT_MS, a save that would add one more is refused as a busy server's request is (503
 * `overloaded`, Retry-After, nothing written), and the accepted rate settles at what the ingest drains.
 * Saves of images already prepared, and of pins without an image, are never refused for it.
 *
 * The head's wait is read at most once a CHECK_EVERY_MS per process and database (one index probe), not
 * once per save.
 */
export const CHECK_EVERY_MS = 1_000;

interface Reading {
  at: number;
  behindMs: number;
  pending?: Promise<number>;
}
const readings = new WeakMap<object, Reading>();

/** Throws 503 `overloaded` while the ingest queue is further behind than config.ingestMaxWaitMs. */
export async function admitImageWork({ db, clock, config }: Deps): Promise<void> {
  const now = clock.now();
  let reading = readings.get(db);
  if (!reading) readings.set(db, (reading = { at: -Infinity, behindMs: 0 }));
  if (now - reading.at >= CHECK_EVERY_MS) {
    reading.at = now;
    const read = (reading.pending ??= jobsStore(db).behindMs(now).finally(() => (reading!.pending = undefined)));
    reading.behindMs = await read;
  }
  if (reading.behindMs > config.ingestMaxWaitMs) {
    // Come back when the head should have moved on by a few seconds' work.
    throw new ApiError('overloaded', 'New images are waiting to be prepared; this one is refused until they are.', { retry_after_seconds: 5 });
  }
}

import type { Kysely } from 'kysely';
import type { Deps } from '../deps.js';
import type { Database } from '../db/schema.js';
import { prepared, type PreparedQuery } from '../db/prepared.js';
import { ApiError } from '../lib/errors.js';
import { jobsStore } from '../jobs/store.js';

/**
 * Admission for image work. A save of a new image answers at once and leaves a job that costs
 * tens of milliseconds of CPU (fetch, decode, four encodes); a save costs well under one. Under a sustained
 * load of new images the machine can acknowledge saves many times faster than it can prepare their images,
 * and the queue grew without bound: a 3-minute soak left 133,218 jobs, hours of pins showing the
 * publisher's original image. So a save that would add one more job is refused as a busy server's request
 * is (503 `overloaded`, Retry-After, nothing written) when that job would wait longer than
 * INGEST_MAX_WAIT_MS: the jobs ahead of it over the rate the queue drains. The accepted rate of new images
 * then settles at what the ingest drains, from the first second of a load (waiting for the head of the
 * queue to grow old let 30 s of saves pile up first). Saves of images already prepared, and of pins without
 * an image, are never refused for it.
 *
 * The queue is read at most once a CHECK_EVERY_MS per process and database (one bounded range of the
 * jobs_due index), not once per save; between readings the process adds the jobs it admitted itself.
 * Everything else is read from the database, so several processes sharing it see the same queue and the
 * same drain, whichever of them drains it.
 */
export const CHECK_EVERY_MS = 1_000;
/**
 * Jobs counted per reading at most: a queue longer than this is "full" (its reading gives no drain rate).
 * At the wait budget of 30 s it stands for a drain of 666 jobs a second, far beyond a machine's ingest.
 */
export const FRONT_CAP = 20_000;
/**
 * The drain assumed before one is measured, per image slot (IMAGE_CONCURRENCY): one slot was measured at
 * 14 jobs/s under a save load and 27/s without. Low on purpose: a first burst meets a Retry-After a little
 * early rather than a pile the queue takes minutes to clear; the first busy second replaces it.
 */
export const PRIOR_JOBS_PER_SECOND_PER_SLOT = 10;
/** How quickly measured drains replace older ones (time constant of the smoothing). */
const SMOOTHING_MS = 5_000;

/** What one reading of the queue's front says (jobs/store.ts `front`). */
export interface FrontReading {
  /** Jobs queued and due now (at most FRONT_CAP). */
  due: number;
  /** Of those, the ones already due at the previous reading. */
  dueAtSince: number;
  /** When the head of the queue became due; null when nothing waits. */
  headAt: number | null;
}

/** One process's estimate of the queue: fed readings, asked how long one more job would wait. */
export function queueGauge(priorPerSecond: number) {
  let readAt = -Infinity;
  let due = 0;
  let full = false;
  let headAt: number | null = null;
  let added = 0;
  let perSecond = priorPerSecond;
  return {
    stale: (now: number) => now - readAt >= CHECK_EVERY_MS,
    /** When the last reading was taken: the next one counts the jobs still due from then. */
    get readAt() {
      return readAt;
    },
    /** Jobs drained per second, as last estimated. */
    get perSecond() {
      return perSecond;
    },
    read(now: number, front: FrontReading) {
      const elapsed = now - readAt;
      if (elapsed > 0 && Number.isFinite(elapsed) && due > 0 && !full) {
        // The queue is taken oldest first, so the jobs due then and gone now are exactly what was drained.
        const drained = (Math.max(0, due - front.dueAtSince) * 1000) / elapsed;
        // Some are still there: the workers had work the whole time, and this is what they can do.
        if (front.dueAtSince > 0) perSecond += (1 - Math.exp(-elapsed / SMOOTHING_MS)) * (drained - perSecond);
        // All gone: the workers ran dry, so they can do at least this.
        else perSecond = Math.max(perSecond, drained);
      }
      readAt = now;
      due = front.due;
      full = front.due >= FRONT_CAP;
      headAt = front.headAt;
      added = 0;
    },
    /**
     * How long a job added now would wait before a worker takes it: the jobs ahead of it over the drain,
     * or, if longer, how long the head has already waited (the drain estimate is then too hopeful).
     * An empty queue answers 0 whatever the estimate, so a stalled estimate never refuses forever.
     */
    waitMs(now: number) {
      const ahead = ((due + added) * 1000) / perSecond;
      return Math.max(ahead, headAt === null ? 0 : now - headAt);
    },
    /** A job this process admitted since the last reading. */
    add() {
      added++;
    },
  };
}

type Gauge = ReturnType<typeof queueGauge> & { reading?: Promise<void> };
const gauges = new WeakMap<object, Gauge>();

/** Throws 503 `overloaded` when one more image job would wait longer than config.ingestMaxWaitMs. */
export async function admitImageWork({ db, clock, config }: Deps): Promise<void> {
  // No budget, no admission (the API tests' manual clocks, with no worker to drain the queue).
  if (config.ingestMaxWaitMs === Number.POSITIVE_INFINITY) return;
  let gauge = gauges.get(db);
  if (!gauge) gauges.set(db, (gauge = queueGauge(Math.max(1, config.imageConcurrency) * PRIOR_JOBS_PER_SECOND_PER_SLOT)));
  const now = clock.now();
  if (gauge.stale(now)) {
    const g = gauge;
    const since = Number.isFinite(g.readAt) ? g.readAt : now;
    await (g.reading ??= jobsStore(db)
      .front(now, since, FRONT_CAP)
      .then((front) => g.read(now, front))
      .finally(() => (g.reading = undefined)));
  }
  if (gauge.waitMs(clock.now()) > config.ingestMaxWaitMs) {
    // Come back when the queue should have moved on by a few seconds' work.
    throw new ApiError('overloaded', 'New images are waiting to be prepared; this one is refused until they are.', { retry_after_seconds: 5 });
  }
  gauge.add();
}

/**
 * New images one person may have waiting for the ingest job (saved in the last USER_PENDING_WINDOW_MS and
 * not linked to their copies yet). A save of a new image is taken whatever the queue's length (the pin is
 * written with its source address and shows its colour until the job is done), so what bounds the queue
 * is each person's share of it: a script saving 10,000 new images meets 429 `image_busy` after these,
 * while everyone else's saves go on being taken.
 */
export const USER_PENDING_IMAGES = 1_000;
export const USER_PENDING_WINDOW_MS = 60 * 60 * 1000;

/**
 * How many new images a person has waiting, up to the cap: one bounded range of the (pinner_id, created_at)
 * index, never more than the cap's rows read. Asked by every save of a new image: compiled once per
 * database (db/prepared.ts).
 */
const pendingCounts = new WeakMap<Kysely<Database>, PreparedQuery<{ userId: string; since: number }, { n: number }>>();
const pendingCount = (db: Kysely<Database>) => {
  let query = pendingCounts.get(db);
  if (!query) {
    query = prepared(
      'images.pendingOfUser',
      (a: { userId: string; since: number }) =>
        db
          .selectFrom((eb) =>
            eb
              .selectFrom('pins')
              .select('id')
              .where('pinner_id', '=', a.userId)
              .where('created_at', '>', a.since)
              .where('image_id', 'is', null)
              .where('image_url', 'is not', null)
              .limit(USER_PENDING_IMAGES)
              .as('w'),
          )
          .select((eb) => eb.fn.countAll<number>().as('n')),
      db,
    );
    pendingCounts.set(db, query);
  }
  return query;
};

/** Throws 429 `image_busy` when this person already has USER_PENDING_IMAGES new images waiting. */
export async function admitUserImage({ db, clock }: Deps, userId: string): Promise<void> {
  const waiting = await pendingCount(db).takeFirst({ userId, since: clock.now() - USER_PENDING_WINDOW_MS });
  if (Number(waiting?.n ?? 0) >= USER_PENDING_IMAGES) throw new ApiError('image_busy', undefined, { retry_after_seconds: 60 });
}

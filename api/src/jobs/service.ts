import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { jobsStore, type JobRow } from './store.js';

/**
 * The durable job queue (scale issue: slow work off the request path). Jobs are rows in the database
 * the product already runs on, SQLite or Postgres, so a job is written in the same transaction as the
 * thing it serves and survives a kill -9 of any server. Every server process runs one worker.
 *
 * An attempt that throws is retried with exponential backoff (JOB_BACKOFF_MS, doubled each time) until
 * JOB_MAX_ATTEMPTS, then the job is left as 'failed' with its last error. An ApiError with a 4xx status
 * is a verdict on the input (not an image, an address refused): retrying cannot change it, so the job
 * fails at once. A worker killed mid-job leaves it 'running'; when its lease (config.jobLeaseMs) lapses
 * another worker takes it again, and that counts as an attempt.
 */
export const JOB_MAX_ATTEMPTS = 5;
export const JOB_BACKOFF_MS = 5_000;
/**
 * A job failed for good stays this long for someone to look at (status 'failed', last_error), then is
 * deleted: without it the table grew by every image that never came (dead hosts, pages that moved).
 */
export const JOB_FAILED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a worker deletes the failures past their retention. */
export const JOB_PURGE_EVERY_MS = 60 * 60 * 1000;
/** How often an idle worker looks for work. */
export const JOB_POLL_MS = 500;

export type JobHandler = (payload: any) => Promise<void>;

export function retryDelay(attempts: number): number {
  return JOB_BACKOFF_MS * 2 ** (attempts - 1);
}

// A file too large now will be too large on the next attempt too.
const permanent = (error: unknown) => error instanceof ApiError && (error.status < 500 || error.errorName === 'outbound_too_large');

export function jobsService({ db, clock, config }: Deps, handlers: Record<string, JobHandler>) {
  const store = jobsStore(db);

  const runOne = async (job: JobRow) => {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new ApiError('internal', `No handler for jobs of kind ${job.kind}.`);
      await handler(JSON.parse(job.payload));
      await store.finish(job.id);
    } catch (error) {
      const giveUp = permanent(error) || job.attempts >= JOB_MAX_ATTEMPTS || !handler;
      const message = error instanceof ApiError ? `${error.errorName}: ${error.detail ?? error.message}` : String(error);
      await store.fail(job.id, message, clock.now(), giveUp ? null : clock.now() + retryDelay(job.attempts));
    }
  };

  let purgedAt = -Infinity;
  /** Deletes the failures past their retention, at most once per JOB_PURGE_EVERY_MS per process. */
  const purge = async () => {
    const now = clock.now();
    if (now - purgedAt < JOB_PURGE_EVERY_MS) return;
    purgedAt = now;
    await store.purgeFailed(now - JOB_FAILED_RETENTION_MS);
  };

  /** Takes and runs one due job; false when none is due. Failures past their retention go first. */
  const step = async () => {
    await purge();
    const job = await store.claim(clock.now(), config.jobLeaseMs);
    if (!job) return false;
    await runOne(job);
    return true;
  };

  return {
    /** Queues a job inside the caller's transaction. */
    enqueue(trx: Kysely<Database> | Transaction<Database>, kind: string, payload: unknown) {
      return store.enqueue(trx, { id: newId(), kind, payload: JSON.stringify(payload), now: clock.now() });
    },

    step,

    /** Runs every job that is due now, one after another; for tests and scripts. */
    async drain() {
      while (await step());
    },

    pending: () => store.pending(),

    /**
     * The server's worker: polls for due jobs, one at a time (image re-encoding is CPU work; one per
     * process leaves the cores to requests). stop() waits for the job in hand.
     */
    start() {
      let stopped = false;
      let wake: (() => void) | undefined;
      const loop = (async () => {
        while (!stopped) {
          let worked = false;
          try {
            worked = await step();
          } catch (error) {
            // The database is away for a moment: the job (if any) stays claimed and its lease brings it back.
            console.error('job worker:', error);
          }
          if (!worked && !stopped) await new Promise<void>((resolve) => { wake = resolve; setTimeout(resolve, JOB_POLL_MS); });
        }
      })();
      return {
        async stop() {
          stopped = true;
          wake?.();
          await loop;
        },
      };
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;

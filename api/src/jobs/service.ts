import { AsyncLocalStorage } from 'node:async_hooks';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { jobsStore, type JobRow } from './store.js';
import { currentRequestId, fixedFieldsLog, logFor, withoutQueries } from '../core/log.js';
import { jobFailures } from '../core/metrics.js';
import { dependencyOf, type Dependency } from '../lib/dependencies.js';

/**
 * The durable job queue (scale issue: slow work off the request path). Jobs are rows in the database
 * the product already runs on, SQLite or Postgres, so a job is written in the same transaction as the
 * thing it serves and survives a kill -9 of any server. Every server process runs one worker.
 *
 * An attempt that throws is one of two things (lib/dependencies.ts):
 * - the job's own failure: retried with exponential backoff (JOB_BACKOFF_MS, doubled each time, with
 *   jitter) until JOB_MAX_ATTEMPTS, then left as 'failed' with its last error. An ApiError with a 4xx
 *   status is a verdict on the input (not an image, an address refused): retrying cannot change it, so
 *   the job fails at once.
 * - a dependency away (connection refused or reset, a timeout, a full disk, the bucket's 5xx): the job
 *   waits for it, its attempt given back, each wait twice the last (with jitter) up to JOB_PAUSE_CAP_STEPS
 *   times the scale (an hour by default), for JOB_MAX_PAUSES waits (about a day and a half). Failed after
 *   that, it keeps the dependency's name and the worker's upkeep queues it again once that answers.
 * An attempt is counted when the job is claimed, so one that kills its process every time is given up on
 * after its last attempt (a kind may allow fewer: JobHandler.maxAttempts), never run again. A 429 with a
 * Retry-After (a share used up) waits that long, its attempt not counted.
 * A worker renews the lease of every job in hand every third of a lease (a heartbeat, JOB_LEASE_MS, a few
 * seconds): a worker killed mid-job stops renewing, and another takes the job again within a lease.
 */
export const JOB_MAX_ATTEMPTS = 5;
/** The backoff's scale by default (config.jobBackoffMs, JOB_BACKOFF_MS): the first wait. */
export const JOB_BACKOFF_MS = 5_000;
/** A dependency wait grows to at most this many times the scale (5 s × 720 = an hour by default). */
export const JOB_PAUSE_CAP_STEPS = 720;
/** Waits for dependencies one job may make before it is failed (to be taken up when the dependency answers). */
export const JOB_MAX_PAUSES = 40;
/** How often, in steps of the scale, a worker asks the dependencies failed jobs wait on whether they answer (30 s by default). */
export const JOB_RESUME_STEPS = 6;
/**
 * A job failed for good stays this long for someone to look at (status 'failed', last_error), then is
 * deleted: without it the table grew by every image that never came (dead hosts, pages that moved).
 */
export const JOB_FAILED_RETENTION_MS = 7 * 24 * 60 * 60 * 1000;
/** How often a worker deletes the failures past their retention. */
export const JOB_PURGE_EVERY_MS = 60 * 60 * 1000;
/** How often an idle worker looks for work. */
export const JOB_POLL_MS = 500;

/**
 * A job kind's handler. `maxAttempts` bounds its attempts below JOB_MAX_ATTEMPTS (work that may stop its
 * process, such as reading a person's file, gets few); `gaveUp` is told when the queue gives up on a job
 * (its last attempt failed, or died holding it), so what the person sees says so.
 */
// biome-ignore-start lint/suspicious/noExplicitAny: each kind's handler narrows its own payload, parsed from JSON
export type JobHandler = ((payload: any) => Promise<void>) & {
  maxAttempts?: number;
  gaveUp?: (payload: any, why: 'failed' | 'died') => Promise<void>;
};
// biome-ignore-end lint/suspicious/noExplicitAny: each kind's handler narrows its own payload

/**
 * A job that must wait for a share it may not take yet (a site's share of fetches, lib/outbound-limits.ts):
 * queued again for `retryAfterMs`, that attempt given back.
 */
const deferral = (error: unknown) =>
  error instanceof ApiError && error.status === 429 && typeof error.data?.retry_after_seconds === 'number' ? error.data.retry_after_seconds * 1000 : null;

/** A wait with jitter: between half and all of `ms`, so jobs that failed together do not come back together. */
const jittered = (ms: number, random: () => number) => Math.round(ms * (0.5 + random() / 2));

/** The longest wait after the `attempts`-th own failure (the jittered wait is between half of it and it). */
export function retryDelay(attempts: number, scaleMs = JOB_BACKOFF_MS): number {
  return scaleMs * 2 ** (attempts - 1);
}

/** The longest wait after a job's `pauses`-th wait for a dependency (1-based): doubling, up to the cap. */
export function pauseDelay(pauses: number, scaleMs = JOB_BACKOFF_MS): number {
  return scaleMs * Math.min(JOB_PAUSE_CAP_STEPS, 2 ** Math.min(30, pauses - 1));
}

// A file too large now will be too large on the next attempt too.
const permanent = (error: unknown) => error instanceof ApiError && (error.status < 500 || error.errorName === 'outbound_too_large');

/** The job an attempt runs for (the owner of its scratch files, jobs/scratch.ts). */
const attemptContext = new AsyncLocalStorage<{ id: string; attempts: number }>();
export const currentAttempt = () => attemptContext.getStore();

/** Whether a dependency answers again: resolves when it does. Those without one are taken up by an operator (admin jobs retry). */
export type DependencyProbes = Partial<Record<Dependency, () => Promise<unknown>>>;

/**
 * Periodic upkeep a worker does between jobs (each at most once per `everyMs` per process): what the
 * server starts, it owns and stops with the worker, so nothing runs on after the database is closed.
 */
export interface Maintenance {
  name: string;
  everyMs: number;
  run(now: number): Promise<unknown>;
}

/** Queueing alone, for a capability that writes jobs but runs none (the worker is jobsService's). */
export function jobQueue({ db, clock }: Pick<Deps, 'db' | 'clock'>) {
  const store = jobsStore(db);
  // The request this runs in, if any (core/log.ts), so the worker's line for the job names it.
  const newJob = (kind: string, payload: unknown) => ({
    id: newId(),
    kind,
    payload: JSON.stringify(payload),
    now: clock.now(),
    requestId: currentRequestId() ?? null,
  });
  return {
    /** Queues a job inside the caller's transaction. */
    enqueue(trx: Kysely<Database> | Transaction<Database>, kind: string, payload: unknown) {
      return store.enqueue(trx, newJob(kind, payload));
    },
    /** The statement that queues it, to commit with the writes it belongs to (db/together.ts). */
    enqueueStatement: (kind: string, payload: unknown) => store.enqueueStatement(newJob(kind, payload)),
  };
}

export interface JobsOptions {
  /** Whether each dependency answers again, to take up the jobs failed waiting on it. */
  probes?: DependencyProbes;
  /** The jitter's source (tests pin it). */
  random?: () => number;
}

export function jobsService(deps: Deps, handlers: Record<string, JobHandler>, maintenance: Maintenance[] = [], options: JobsOptions = {}) {
  const { db, clock, config } = deps;
  const store = jobsStore(db);
  const log = logFor(deps);
  const lines = fixedFieldsLog(log);
  const scale = config.jobBackoffMs ?? JOB_BACKOFF_MS;
  const random = options.random ?? Math.random;
  /** The lease each job in hand was last given (claimed or extended): finish and fail apply only under it. */
  const leases = new Map<string, number>();

  const runOne = async (job: JobRow) => {
    const handler = handlers[job.kind];
    const started = performance.now();
    const maxAttempts = Math.min(JOB_MAX_ATTEMPTS, handler?.maxAttempts ?? JOB_MAX_ATTEMPTS);
    // One line per attempt, with the id of the request that queued it (core/log.ts): its fields, never its payload.
    const line = { job_id: job.id, kind: job.kind, req_id: job.request_id ?? undefined, attempt: job.attempts };
    const lease = () => leases.get(job.id) ?? job.locked_until;
    // Attempts are counted as a job is claimed: one claimed past its last attempt had that attempt die holding
    // it (the process killed, perhaps by this very job). It is not run again: a poison job stops here.
    if (handler && job.attempts > maxAttempts) {
      const message = `gave up: attempt ${job.attempts - 1} of ${maxAttempts} never finished (its process died or it overran its lease)`;
      log.warn({ ...line, outcome: 'failed', error: message }, 'job');
      await handler.gaveUp?.(JSON.parse(job.payload), 'died').catch((error) => log.error({ err: error, job_id: job.id }, 'job gave up'));
      await store.fail(job.id, message, clock.now(), null, lease());
      return;
    }
    try {
      if (!handler) throw new ApiError('internal', `No handler for jobs of kind ${job.kind}.`);
      await attemptContext.run({ id: job.id, attempts: job.attempts }, () => handler(JSON.parse(job.payload)));
      await store.finish(job.id);
      lines.info({ ...line, outcome: 'done', ms: Math.round(performance.now() - started) }, 'job');
    } catch (error) {
      const wait = deferral(error);
      if (wait !== null) {
        log.info({ ...line, outcome: 'deferred', wait_ms: wait }, 'job');
        await store.defer(job.id, clock.now() + wait, clock.now(), lease());
        return;
      }
      const dependency = handler ? dependencyOf(error) : null;
      const message = error instanceof ApiError ? `${error.errorName}: ${error.detail ?? error.message}` : String(error);
      const now = clock.now();
      const ms = Math.round(performance.now() - started);
      jobFailures.inc({ kind: job.kind, dependency: dependency ?? 'none' });
      if (dependency) {
        // Not the job's fault: it waits for the dependency, its attempt not spent.
        const pauses = (job.pauses ?? 0) + 1;
        const giveUp = pauses > JOB_MAX_PAUSES;
        log.warn(
          { ...line, outcome: giveUp ? 'failed' : 'waiting', waiting_on: dependency, ms, err: error, error: withoutQueries(message).slice(0, 300) },
          'job',
        );
        await store.pause(job.id, message, now, giveUp ? null : now + jittered(pauseDelay(pauses, scale), random), dependency, lease());
        return;
      }
      const giveUp = permanent(error) || job.attempts >= maxAttempts || !handler;
      log.warn({ ...line, outcome: giveUp ? 'failed' : 'retry', ms, error: withoutQueries(message).slice(0, 300) }, 'job');
      if (giveUp) await handler?.gaveUp?.(JSON.parse(job.payload), 'failed').catch((e) => log.error({ err: e, job_id: job.id }, 'job gave up'));
      await store.fail(job.id, message, now, giveUp ? null : now + jittered(retryDelay(job.attempts, scale), random), lease());
    }
  };

  /** Jobs failed waiting on a dependency are queued again once it answers (each probe within its own deadline). */
  const resumeAnswering = async (now: number) => {
    for (const dependency of await store.failedWaitingOn()) {
      const probe = options.probes?.[dependency as Dependency];
      if (!probe) continue;
      try {
        await probe();
      } catch {
        continue;
      }
      const resumed = await store.resume(dependency, now);
      if (resumed) log.info({ waiting_on: dependency, resumed }, 'jobs taken up again: their dependency answers');
    }
  };

  const due = [...maintenance, { name: 'jobs waiting on a dependency', everyMs: JOB_RESUME_STEPS * scale, run: resumeAnswering }].map((task) => ({
    task,
    at: -Infinity,
  }));
  let purgedAt = -Infinity;
  /** Deletes the failures past their retention, at most once per JOB_PURGE_EVERY_MS per process, and runs the upkeep that is due. */
  const purge = async () => {
    const now = clock.now();
    if (now - purgedAt >= JOB_PURGE_EVERY_MS) {
      purgedAt = now;
      await store.purgeFailed(now - JOB_FAILED_RETENTION_MS);
    }
    for (const entry of due) {
      if (now - entry.at < entry.task.everyMs) continue;
      entry.at = now;
      try {
        await entry.task.run(now);
      } catch (error) {
        log.error({ err: error, upkeep: entry.task.name }, 'upkeep failed');
      }
    }
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
    ...jobQueue(deps),

    step,

    /** Runs every job that is due now, one after another, and the upkeep; for tests and scripts. */
    async drain() {
      while (await step());
    },

    pending: () => store.pending(),

    /** An operator's retry of every failed job of one kind (admin jobs retry <kind>); returns how many. */
    retryFailed: (kind: string) => store.retryFailed(kind, clock.now()),

    /** How long the oldest waiting job has waited (for the metrics and the ingest benchmark). */
    oldestWaitingMs: () => store.oldestWaitingMs(clock.now()),

    /**
     * The server's worker: up to IMAGE_CONCURRENCY jobs at once (ingest is image work, sized to the cores,
     * images/work.ts), taken in batches of up to twice that so the next job is in hand when one ends. A job
     * taken but not started yet is started only while its lease still has a third to run (else it is left
     * to whoever takes it next); leases of jobs in hand are moved on every third of a lease, so a long
     * re-encode is not taken again by another server. stop() waits for the jobs running, hands back the
     * ones taken but not started, and clears its timer.
     */
    start() {
      const slots = Math.max(1, config.imageConcurrency);
      const lease = config.jobLeaseMs;
      let stopped = false;
      let wake: (() => void) | undefined;
      let timer: ReturnType<typeof setTimeout> | undefined;
      const running = new Set<Promise<void>>();
      let waiting: JobRow[] = [];
      // The heartbeat: every third of a lease, on a timer of its own (a long upkeep step does not delay it).
      let beating: Promise<unknown> = Promise.resolve();
      const heartbeat = setInterval(
        () => {
          if (!leases.size) return;
          beating = beating
            .then(async () => {
              const held = [...leases].map(([id, locked_until]) => ({ id, locked_until }));
              const until = await store.extend(held, clock.now(), lease);
              // Only those still in hand: one that ended meanwhile is not brought back.
              for (const job of held) if (leases.has(job.id)) leases.set(job.id, until);
            })
            .catch((error) => log.error({ err: error }, 'job heartbeat'));
        },
        Math.max(100, lease / 3),
      );
      heartbeat.unref?.();
      const sleep = (ms: number) =>
        new Promise<void>((resolve) => {
          wake = resolve;
          timer = setTimeout(resolve, ms);
        }).finally(() => clearTimeout(timer));

      const begin = (job: JobRow) => {
        const run: Promise<void> = runOne(job)
          .catch((error) => log.error({ err: error, job_id: job.id }, 'job worker'))
          .finally(() => {
            running.delete(run);
            leases.delete(job.id);
            wake?.();
          });
        running.add(run);
      };

      const loop = (async () => {
        while (!stopped) {
          let claimed = 0;
          try {
            await purge();
            const now = clock.now();
            const room = 2 * slots - running.size - waiting.length;
            if (room > 0 && !stopped) {
              const batch = await store.claimBatch(now, lease, room);
              for (const job of batch) leases.set(job.id, job.locked_until);
              waiting.push(...batch);
              claimed = batch.length;
            }
            while (running.size < slots && waiting.length && !stopped) {
              const job = waiting.shift()!;
              if ((leases.get(job.id) ?? 0) - clock.now() < lease / 3) {
                leases.delete(job.id);
                continue;
              }
              begin(job);
            }
          } catch (error) {
            // The database is away for a moment: jobs taken stay claimed and their lease brings them back.
            log.error({ err: error }, 'job worker');
          }
          if (stopped) break;
          // Every slot busy: until a job ends (or leases are due to be moved on). A slot free and nothing due:
          // the poll interval (or sooner, when a job ends).
          if (running.size >= slots) await sleep(lease / 3);
          else if (claimed === 0) await sleep(Math.min(JOB_POLL_MS, lease / 3));
        }
        await Promise.all(running);
        clearInterval(heartbeat);
        await beating;
        // Taken but never started: back to the queue as they were, so no attempt is counted for them.
        const unstarted = waiting;
        waiting = [];
        for (const job of unstarted) {
          await store.release(job.id, leases.get(job.id) ?? job.locked_until).catch((error) => log.error({ err: error, job_id: job.id }, 'job worker'));
          leases.delete(job.id);
        }
      })();
      return {
        async stop() {
          stopped = true;
          wake?.();
          await loop;
          clearTimeout(timer);
        },
      };
    },
  };
}

export type JobsService = ReturnType<typeof jobsService>;

import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JobsTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';
import { driverOf } from '../db/connect.js';

/** A job to queue: its payload as JSON, and the request that queued it (core/log.ts), if any. */
type NewJob = { id: string; kind: string; payload: string; now: number; requestId: string | null };

/** A claimed job; `locked_until` is the lease it was claimed under. */
export type JobRow = { id: string; kind: string; payload: string; attempts: number; locked_until: number; request_id: string | null; pauses?: number };

export function jobsStore(db: Kysely<Database>) {
  const onPostgres = driverOf(db)?.kind === 'postgres';
  // Written by every save of a new image: compiled once (db/prepared.ts).
  const insertJob = prepared(
    'jobs.enqueue',
    (job: NewJob) =>
      db.insertInto('jobs').values({
        id: job.id,
        kind: job.kind,
        payload: job.payload,
        status: 'queued',
        run_at: job.now,
        locked_until: null,
        last_error: null,
        created_at: job.now,
        updated_at: job.now,
        request_id: job.requestId,
      }),
    db,
  );

  /**
   * Takes the oldest due jobs, up to `limit`, for `leaseMs`: queued and due, or running with a lapsed lease
   * (its worker was killed). One statement, so two workers never take the same job: on Postgres the
   * candidates are locked and those another claim holds are skipped (each worker takes a batch of its own),
   * and the outer condition is checked again against rows a concurrent claim just changed; SQLite runs one
   * writer at a time. Each row comes back with the lease it was taken under: finish and fail apply only while
   * the worker still holds that lease.
   */
  const claimBatch = async (now: number, leaseMs: number, limit: number): Promise<JobRow[]> => {
    const due = sql`(status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until <= ${now})`;
    const set = sql`status = 'running', attempts = attempts + 1, locked_until = ${now + leaseMs}, updated_at = ${now}`;
    // On Postgres the candidates are picked once (materialized): as a plain `in (subquery)` the planner may
    // run the locking subquery again per row and take more than `limit`.
    const { rows } = onPostgres
      ? await sql<JobRow>`
          with picked as materialized (select id from jobs where ${due} order by run_at, id limit ${limit} for update skip locked)
          update jobs set ${set} where id in (select id from picked) and (${due})
          returning id, kind, payload, attempts, locked_until, request_id, pauses`.execute(db)
      : await sql<JobRow>`
          update jobs set ${set}
          where id in (select id from jobs where ${due} order by run_at, id limit ${limit}) and (${due})
          returning id, kind, payload, attempts, locked_until, request_id, pauses`.execute(db);
    return rows.map((row) => ({ ...row, attempts: Number(row.attempts), locked_until: Number(row.locked_until), pauses: Number(row.pauses ?? 0) }));
  };

  return {
    /** Queues a job; given the save's transaction, the job exists exactly when the pin does. */
    async enqueue(trx: Kysely<Database> | Transaction<Database>, job: NewJob) {
      await insertJob.execute(job, trx);
    },

    /** The statement that queues a job, to commit with the writes it belongs to (db/together.ts). */
    enqueueStatement: (job: NewJob) => insertJob.bind(job),

    claimBatch,

    /** One job, as claimBatch takes them. */
    async claim(now: number, leaseMs: number): Promise<JobRow | undefined> {
      return (await claimBatch(now, leaseMs, 1))[0];
    },

    /**
     * Keeps the jobs a worker is still running from being taken again: their lease is moved on, if the
     * worker still holds it. Returns the new lease.
     */
    async extend(jobs: Array<Pick<JobRow, 'id' | 'locked_until'>>, now: number, leaseMs: number): Promise<number> {
      const until = now + leaseMs;
      for (const job of jobs) {
        await db
          .updateTable('jobs')
          .set({ locked_until: until, updated_at: now })
          .where('id', '=', job.id)
          .where('status', '=', 'running')
          .where('locked_until', '=', job.locked_until)
          .execute();
      }
      return until;
    },

    /** A job taken but never started goes back as it was (its attempt not counted), if its lease is still this one. */
    async release(id: string, lockedUntil: number) {
      await db
        .updateTable('jobs')
        .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), locked_until: null }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_until', '=', lockedUntil)
        .execute();
    },

    /** A job waiting for a share (a site's fetches): queued again at `runAt`, its attempt given back; under its lease only. */
    async defer(id: string, runAt: number, now: number, lockedUntil: number) {
      await db
        .updateTable('jobs')
        .set((eb) => ({ status: 'queued', attempts: eb('attempts', '-', 1), run_at: runAt, locked_until: null, updated_at: now }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_until', '=', lockedUntil)
        .execute();
    },

    /** A done job is deleted: the table holds only work still to do and failures to look at. */
    async finish(id: string) {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },

    /**
     * After a failed attempt: queued again at `retryAt`, or failed for good when retryAt is null. Only while
     * the attempt still holds its lease (`lockedUntil`): once another worker has taken the job, its outcome is theirs.
     */
    async fail(id: string, error: string, now: number, retryAt: number | null, lockedUntil?: number) {
      const status: JobsTable['status'] = retryAt === null ? 'failed' : 'queued';
      let update = db
        .updateTable('jobs')
        .set({ status, run_at: retryAt ?? now, locked_until: null, last_error: error.slice(0, 1000), waiting_on: null, updated_at: now })
        .where('id', '=', id);
      if (lockedUntil !== undefined) update = update.where('status', '=', 'running').where('locked_until', '=', lockedUntil);
      await update.execute();
    },

    /**
     * After an attempt that met `dependency` away, the attempt given back and one more pause counted: queued
     * again at `retryAt`, or (retryAt null: it waited as long as it may) failed, still naming what it
     * waited for so it is taken up again once that answers. Only under the attempt's lease, as fail.
     */
    async pause(id: string, error: string, now: number, retryAt: number | null, dependency: string, lockedUntil: number) {
      await db
        .updateTable('jobs')
        .set((eb) => ({
          status: retryAt === null ? 'failed' : 'queued',
          attempts: eb('attempts', '-', 1),
          pauses: eb('pauses', '+', 1),
          waiting_on: dependency,
          run_at: retryAt ?? now,
          locked_until: null,
          last_error: error.slice(0, 1000),
          updated_at: now,
        }))
        .where('id', '=', id)
        .where('status', '=', 'running')
        .where('locked_until', '=', lockedUntil)
        .execute();
    },

    /** The dependencies jobs failed for good while waiting on (each is asked whether it answers again). */
    async failedWaitingOn(): Promise<string[]> {
      const rows = await db.selectFrom('jobs').select('waiting_on').distinct().where('status', '=', 'failed').where('waiting_on', 'is not', null).execute();
      return rows.map((row) => row.waiting_on!);
    },

    /** Jobs failed for good while waiting on `dependency`, queued again with a fresh patience; returns how many. */
    async resume(dependency: string, now: number): Promise<number> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'queued', pauses: 0, run_at: now, updated_at: now })
        .where('status', '=', 'failed')
        .where('waiting_on', '=', dependency)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** An operator's retry: every failed job of `kind` queued again with its tries and waits anew; returns how many. */
    async retryFailed(kind: string, now: number): Promise<number> {
      const result = await db
        .updateTable('jobs')
        .set({ status: 'queued', attempts: 0, pauses: 0, waiting_on: null, run_at: now, updated_at: now })
        .where('status', '=', 'failed')
        .where('kind', '=', kind)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Failed jobs by kind, for the operator's list. */
    async failedByKind(): Promise<Array<{ kind: string; failed: number; waiting_on: string | null }>> {
      const rows = await db
        .selectFrom('jobs')
        .select(['kind', 'waiting_on', (eb) => eb.fn.countAll<number>().as('n')])
        .where('status', '=', 'failed')
        .groupBy(['kind', 'waiting_on'])
        .orderBy('kind')
        .execute();
      return rows.map((row) => ({ kind: row.kind, waiting_on: row.waiting_on, failed: Number(row.n) }));
    },

    /** Whether a job is running under this attempt with a lease not yet lapsed (the owner of scratch files, jobs/scratch.ts). */
    async liveAttempts(now: number): Promise<Set<string>> {
      const rows = await db.selectFrom('jobs').select(['id', 'attempts']).where('status', '=', 'running').where('locked_until', '>', now).execute();
      return new Set(rows.map((row) => `${row.id}.${Number(row.attempts)}`));
    },

    /** Jobs by status (the metrics' queue depth): queued, running, failed. */
    async countsByStatus(): Promise<{ queued: number; running: number; failed: number }> {
      const rows = await db
        .selectFrom('jobs')
        .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
        .groupBy('status')
        .execute();
      const counts = { queued: 0, running: 0, failed: 0 };
      for (const row of rows) if (row.status in counts) counts[row.status] = Number(row.n);
      return counts;
    },

    /** The age of the oldest job waiting to run (queued and due), in ms; 0 when none waits. */
    async oldestWaitingMs(now: number): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.min('created_at').as('oldest'))
        .where('status', '=', 'queued')
        .where('run_at', '<=', now)
        .executeTakeFirst();
      return row?.oldest == null ? 0 : Math.max(0, now - Number(row.oldest));
    },

    /**
     * The front of the queue as admission sees it (images/backlog.ts): of the `cap` oldest jobs queued and due
     * at `now`, how many there are, how many were already due at `since`, and when the first became due. One
     * range of the jobs_due index, at most `cap` entries however long the queue is.
     */
    async front(now: number, since: number, cap: number): Promise<{ due: number; dueAtSince: number; headAt: number | null }> {
      const oldest = db.selectFrom('jobs').select('run_at').where('status', '=', 'queued').where('run_at', '<=', now).orderBy('run_at').limit(cap).as('oldest');
      const row = await db
        .selectFrom(oldest)
        .select((eb) => [
          eb.fn.countAll<number>().as('due'),
          eb.fn.sum<number | null>(eb.case().when('run_at', '<=', since).then(1).else(0).end()).as('at_since'),
          eb.fn.min('run_at').as('head'),
        ])
        .executeTakeFirstOrThrow();
      return { due: Number(row.due), dueAtSince: Number(row.at_since ?? 0), headAt: row.head == null ? null : Number(row.head) };
    },

    /** Deletes the jobs that failed for good before `before` (their last attempt's time); returns how many. */
    async purgeFailed(before: number): Promise<number> {
      const result = await db.deleteFrom('jobs').where('status', '=', 'failed').where('updated_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Jobs not yet done or failed: what a drain waits for. */
    async pending(): Promise<number> {
      const row = await db
        .selectFrom('jobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', 'in', ['queued', 'running'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type JobsStore = ReturnType<typeof jobsStore>;

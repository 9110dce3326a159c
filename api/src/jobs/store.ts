import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, JobsTable } from '../db/schema.js';
import { prepared } from '../db/prepared.js';

export type JobRow = { id: string; kind: string; payload: string; attempts: number };

export function jobsStore(db: Kysely<Database>) {
  // Written by every save of a new image: compiled once (db/prepared.ts).
  const insertJob = prepared(
    'jobs.enqueue',
    (job: { id: string; kind: string; payload: string; now: number }) =>
      db.insertInto('jobs').values({ id: job.id, kind: job.kind, payload: job.payload, status: 'queued', run_at: job.now, locked_until: null, last_error: null, created_at: job.now, updated_at: job.now }),
    db,
  );

  return {
    /** Queues a job; given the save's transaction, the job exists exactly when the pin does. */
    async enqueue(trx: Kysely<Database> | Transaction<Database>, job: { id: string; kind: string; payload: string; now: number }) {
      await insertJob.execute(job, trx);
    },

    /**
     * Takes the oldest due job for `leaseMs`: one that is queued and due, or running with a lapsed lease
     * (its worker was killed). One statement, so two workers never take the same job: on Postgres the outer
     * condition is checked again against the row a concurrent claim just changed (so the loser takes
     * nothing), and SQLite runs one writer at a time.
     */
    async claim(now: number, leaseMs: number): Promise<JobRow | undefined> {
      const due = sql`(status = 'queued' and run_at <= ${now}) or (status = 'running' and locked_until <= ${now})`;
      const { rows } = await sql<JobRow>`
        update jobs set status = 'running', attempts = attempts + 1, locked_until = ${now + leaseMs}, updated_at = ${now}
        where id = (select id from jobs where ${due} order by run_at, id limit 1) and (${due})
        returning id, kind, payload, attempts`.execute(db);
      return rows[0];
    },

    /** A done job is deleted: the table holds only work still to do and failures to look at. */
    async finish(id: string) {
      await db.deleteFrom('jobs').where('id', '=', id).execute();
    },

    /** After a failed attempt: queued again at `retryAt`, or failed for good when retryAt is null. */
    async fail(id: string, error: string, now: number, retryAt: number | null) {
      const status: JobsTable['status'] = retryAt === null ? 'failed' : 'queued';
      await db
        .updateTable('jobs')
        .set({ status, run_at: retryAt ?? now, locked_until: null, last_error: error.slice(0, 1000), updated_at: now })
        .where('id', '=', id)
        .execute();
    },

    /** Deletes the jobs that failed for good before `before` (their last attempt's time); returns how many. */
    async purgeFailed(before: number): Promise<number> {
      const result = await db.deleteFrom('jobs').where('status', '=', 'failed').where('updated_at', '<', before).executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Jobs not yet done or failed: what a drain waits for. */
    async pending(): Promise<number> {
      const row = await db.selectFrom('jobs').select((eb) => eb.fn.countAll<number>().as('n')).where('status', 'in', ['queued', 'running']).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type JobsStore = ReturnType<typeof jobsStore>;

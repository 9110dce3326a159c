import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { migrate } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { loadConfig } from '../config.js';
import { manualClock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import {
  jobsService,
  JOB_FAILED_RETENTION_MS,
  JOB_MAX_ATTEMPTS,
  JOB_MAX_PAUSES,
  JOB_PAUSE_CAP_STEPS,
  JOB_PURGE_EVERY_MS,
  JOB_RESUME_STEPS,
  pauseDelay,
  retryDelay,
  type DependencyProbes,
} from './service.js';
import { runJobsAdmin } from './operator.js';
import { jobsStore } from './store.js';

const LEASE = 60_000;

async function queue(db?: Kysely<Database>, imageConcurrency = 2, { lease = LEASE, random = () => 1 }: { lease?: number; random?: () => number } = {}) {
  const database = db ?? connectSqlite(':memory:');
  await migrate(database);
  const clock = manualClock();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), jobLeaseMs: lease, imageConcurrency };
  /** What the dependencies do: a test turns them off and on. */
  const away = { bucket: false, disk: false };
  const probes: DependencyProbes = {
    bucket: async () => {
      if (away.bucket) throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:4569'), { code: 'ECONNREFUSED', $metadata: {} });
    },
    disk: async () => {
      if (away.disk) throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
    },
  };
  const ran: string[] = [];
  /** `held` jobs wait until the test lets them go. */
  const started: string[] = [];
  const gates = new Map<string, () => void>();
  const release = (n: string) => gates.get(n)?.();
  const handlers = {
    held: async ({ n }: { n: string }) => {
      started.push(n);
      await new Promise<void>((resolve) => gates.set(n, resolve));
      ran.push(n);
    },
    note: async ({ n }: { n: string }) => void ran.push(n),
    flaky: async () => {
      throw new Error('the image host is down');
    },
    refused: async () => {
      throw new ApiError('image_invalid', 'The file is not a JPEG, PNG, GIF or WebP image.');
    },
    poison: Object.assign(async ({ n }: { n: string }) => void ran.push(n), {
      maxAttempts: 2,
      gaveUp: async ({ n }: { n: string }, why: string) => void gaveUp.push(`${n}:${why}`),
    }),
    waitsForShare: async ({ n }: { n: string }) => {
      if (!shareOpen) throw new ApiError('outbound_site_limited', undefined, { retry_after_seconds: 30 });
      ran.push(n);
    },
    /** Writes to the bucket and the disk: fails as they do while they are away. */
    store: async ({ n }: { n: string }) => {
      await probes.bucket!();
      await probes.disk!();
      ran.push(n);
    },
  };
  const gaveUp: string[] = [];
  let shareOpen = false;
  return {
    db: database,
    clock,
    ran,
    started,
    release,
    away,
    gaveUp,
    openShare: () => void (shareOpen = true),
    jobs: jobsService({ db: database, clock, config }, handlers, [], { probes, random }),
    store: jobsStore(database),
  };
}

const rows = (db: Kysely<Database>) => db.selectFrom('jobs').select(['kind', 'status', 'attempts', 'last_error']).execute();
const waits = (db: Kysely<Database>) => db.selectFrom('jobs').select(['status', 'attempts', 'pauses', 'waiting_on', 'run_at']).execute();

describe('the job queue', () => {
  it('runs a job once and deletes it', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'note', { n: 'one' });
    await q.jobs.drain();
    await q.jobs.drain();
    expect(q.ran).toEqual(['one']);
    expect(await rows(q.db)).toEqual([]);
  });

  it('takes again, after its lease, a job whose worker was killed mid-run', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'note', { n: 'survivor' });
    // A worker claims it and dies: the row stays 'running'.
    expect(await q.store.claim(q.clock.now(), LEASE)).toMatchObject({ kind: 'note', attempts: 1 });
    await q.jobs.drain();
    expect(q.ran).toEqual([]);
    q.clock.advance(LEASE);
    await q.jobs.drain();
    expect(q.ran).toEqual(['survivor']);
    expect(await rows(q.db)).toEqual([]);
  });

  it('never runs again a job whose every attempt died holding it, and tells its kind it gave up', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'poison', { n: 'file' });
    // Two workers in turn claim it and are killed mid-run (the job took their process down).
    for (let attempt = 1; attempt <= 2; attempt++) {
      expect(await q.store.claim(q.clock.now(), LEASE)).toMatchObject({ kind: 'poison', attempts: attempt });
      q.clock.advance(LEASE);
    }
    await q.jobs.drain();
    expect(q.ran).toEqual([]);
    expect(q.gaveUp).toEqual(['file:died']);
    expect(await rows(q.db)).toEqual([{ kind: 'poison', status: 'failed', attempts: 3, last_error: expect.stringContaining('never finished') }]);
    q.clock.advance(LEASE);
    await q.jobs.drain();
    expect(q.ran).toEqual([]);
  });

  it('waits out a used-up share without spending an attempt, then runs', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'waitsForShare', { n: 'image' });
    for (let i = 0; i < JOB_MAX_ATTEMPTS + 2; i++) {
      await q.jobs.drain();
      expect(await rows(q.db)).toEqual([{ kind: 'waitsForShare', status: 'queued', attempts: 0, last_error: null }]);
      q.clock.advance(30_000);
    }
    q.openShare();
    await q.jobs.drain();
    expect(q.ran).toEqual(['image']);
    expect(await rows(q.db)).toEqual([]);
  });

  it('retries a failing job with doubling waits, then leaves it failed with its error', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'flaky', {});
    for (let attempt = 1; attempt < JOB_MAX_ATTEMPTS; attempt++) {
      await q.jobs.drain();
      expect(await rows(q.db)).toEqual([{ kind: 'flaky', status: 'queued', attempts: attempt, last_error: 'Error: the image host is down' }]);
      // Not due a moment before its wait is over.
      q.clock.advance(retryDelay(attempt) - 1);
      await q.jobs.drain();
      expect((await rows(q.db))[0]?.attempts).toBe(attempt);
      q.clock.advance(1);
    }
    await q.jobs.drain();
    expect(await rows(q.db)).toEqual([{ kind: 'flaky', status: 'failed', attempts: JOB_MAX_ATTEMPTS, last_error: 'Error: the image host is down' }]);
    expect(retryDelay(1)).toBe(5_000);
    expect(retryDelay(4)).toBe(40_000);
  });

  it('spreads the waits: between half of the doubling wait and all of it', async () => {
    const q = await queue(undefined, 2, { random: () => 0 });
    await q.jobs.enqueue(q.db, 'flaky', {});
    const start = q.clock.now();
    await q.jobs.drain();
    expect((await waits(q.db))[0]?.run_at).toBe(start + retryDelay(1) / 2);
  });

  it('waits out a dependency away: no try spent, each wait twice the last up to an hour, and the job finishes once it answers', async () => {
    const q = await queue();
    q.away.bucket = true;
    await q.jobs.enqueue(q.db, 'store', { n: 'kept' });
    let pauses = 0;
    // Far past the tries a failure of its own would get.
    for (; pauses < JOB_MAX_ATTEMPTS + 10; pauses++) {
      const now = q.clock.now();
      await q.jobs.drain();
      expect(await waits(q.db)).toEqual([{ status: 'queued', attempts: 0, pauses: pauses + 1, waiting_on: 'bucket', run_at: now + pauseDelay(pauses + 1) }]);
      q.clock.advance(pauseDelay(pauses + 1));
    }
    expect(pauseDelay(1)).toBe(5_000);
    expect(pauseDelay(JOB_MAX_PAUSES)).toBe(JOB_PAUSE_CAP_STEPS * 5_000);
    expect(pauseDelay(JOB_MAX_PAUSES)).toBe(60 * 60 * 1000);
    // A full disk is waited out the same way.
    q.away.bucket = false;
    q.away.disk = true;
    await q.jobs.drain();
    expect(await waits(q.db)).toMatchObject([{ status: 'queued', attempts: 0, waiting_on: 'disk' }]);
    q.away.disk = false;
    q.clock.advance(pauseDelay(JOB_MAX_PAUSES));
    await q.jobs.drain();
    expect(q.ran).toEqual(['kept']);
    expect(await rows(q.db)).toEqual([]);
  });

  it('takes up by itself a job failed waiting on a dependency, once that dependency answers', async () => {
    const q = await queue();
    q.away.bucket = true;
    await q.jobs.enqueue(q.db, 'store', { n: 'late' });
    for (let i = 0; i <= JOB_MAX_PAUSES; i++) {
      await q.jobs.drain();
      q.clock.advance(pauseDelay(JOB_MAX_PAUSES));
    }
    expect(await waits(q.db)).toMatchObject([{ status: 'failed', attempts: 0, waiting_on: 'bucket' }]);
    // Still away: the upkeep asks, and leaves it.
    q.clock.advance(JOB_RESUME_STEPS * 5_000);
    await q.jobs.drain();
    expect(await waits(q.db)).toMatchObject([{ status: 'failed' }]);
    q.away.bucket = false;
    q.clock.advance(JOB_RESUME_STEPS * 5_000);
    await q.jobs.drain();
    expect(q.ran).toEqual(['late']);
    expect(await rows(q.db)).toEqual([]);
  });

  it('lets an operator queue again every failed job of one kind, with its tries anew', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'refused', {});
    await q.jobs.enqueue(q.db, 'flaky', {});
    await q.jobs.drain();
    const deps = { db: q.db, clock: q.clock };
    expect(await runJobsAdmin(deps, ['jobs', 'failed'])).toBe('refused\t1');
    expect(await runJobsAdmin(deps, ['jobs', 'retry', 'refused'])).toBe('1 failed job of kind refused queued again.');
    expect((await rows(q.db)).map((r) => [r.kind, r.status, r.attempts]).sort()).toEqual([
      ['flaky', 'queued', 1],
      ['refused', 'queued', 0],
    ]);
    expect(await runJobsAdmin(deps, ['jobs', 'retry', 'nothing'])).toBe('0 failed jobs of kind nothing queued again.');
  });

  it('keeps a job failed for good for its retention, then deletes it, and leaves queued work alone', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'refused', {});
    await q.jobs.drain();
    expect(await rows(q.db)).toMatchObject([{ kind: 'refused', status: 'failed' }]);
    // A job queued for later (its handler would fail too): not a failure yet, never purged.
    q.clock.advance(JOB_FAILED_RETENTION_MS - 1);
    await q.jobs.enqueue(q.db, 'flaky', {});
    await q.store.fail((await q.store.claim(q.clock.now(), LEASE))!.id, 'Error: down', q.clock.now(), q.clock.now() + JOB_FAILED_RETENTION_MS * 2);
    await q.jobs.drain();
    expect((await rows(q.db)).map((r) => [r.kind, r.status])).toEqual([
      ['refused', 'failed'],
      ['flaky', 'queued'],
    ]);
    // Its retention is over, and the worker's hourly sweep is due.
    q.clock.advance(JOB_PURGE_EVERY_MS);
    await q.jobs.drain();
    expect((await rows(q.db)).map((r) => [r.kind, r.status])).toEqual([['flaky', 'queued']]);
  });

  it('fails at once a job refused for its input: trying again cannot help', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'refused', {});
    await q.jobs.drain();
    expect(await rows(q.db)).toEqual([
      { kind: 'refused', status: 'failed', attempts: 1, last_error: 'image_invalid: The file is not a JPEG, PNG, GIF or WebP image.' },
    ]);
  });

  it('a server worker picks up queued work and stops cleanly', async () => {
    const q = await queue();
    const worker = q.jobs.start();
    await q.jobs.enqueue(q.db, 'note', { n: 'background' });
    for (let i = 0; i < 100 && (await q.jobs.pending()); i++) await new Promise((resolve) => setTimeout(resolve, 50));
    await worker.stop();
    expect(q.ran).toEqual(['background']);
  });
});

const until = async (condition: () => Promise<boolean> | boolean) => {
  for (let i = 0; i < 400 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};
const statuses = async (db: Kysely<Database>) =>
  (await db.selectFrom('jobs').select(['status', 'attempts']).orderBy('created_at').orderBy('id').execute()).map((r) => `${r.status}/${r.attempts}`).sort();

describe('the worker sized to the machine', () => {
  it('runs IMAGE_CONCURRENCY jobs at once with the next ones claimed in hand, and starts one as soon as one ends', async () => {
    const q = await queue(undefined, 2);
    for (let i = 0; i < 6; i++) await q.jobs.enqueue(q.db, 'held', { n: String(i) });
    const worker = q.jobs.start();
    // Two running and two more taken in one batch: four rows claimed, two started.
    await until(async () => (await statuses(q.db)).filter((s) => s === 'running/1').length === 4 && q.started.length === 2);
    expect(q.started).toHaveLength(2);
    expect(await statuses(q.db)).toEqual(['queued/0', 'queued/0', 'running/1', 'running/1', 'running/1', 'running/1']);
    q.release(q.started[0]!);
    await until(() => q.started.length === 3);
    expect(q.started).toHaveLength(3);
    // Stopping hands back what was taken but not started: queued again, its attempt not counted.
    const stopping = worker.stop();
    for (const n of q.started) q.release(n);
    await stopping;
    const left = await statuses(q.db);
    expect(left.every((s) => s === 'queued/0')).toBe(true);
    expect(q.ran.length + left.length).toBe(6);
  });
});

describe('leases kept by heartbeats', () => {
  it("keeps a job its worker is still running past many leases, and gives a killed worker's job to another after one", async () => {
    const lease = 300;
    const q = await queue(undefined, 1, { lease });
    await q.jobs.enqueue(q.db, 'held', { n: 'long' });
    const worker = q.jobs.start();
    await until(() => q.started.length === 1);
    // Far past the lease it was taken under: the heartbeat has moved it on, so nobody else takes it.
    q.clock.advance(10 * lease);
    await until(async () => Number((await q.db.selectFrom('jobs').select('locked_until').executeTakeFirst())?.locked_until) > q.clock.now());
    expect(await q.store.claim(q.clock.now(), lease)).toBeUndefined();
    q.release('long');
    await worker.stop();
    expect(q.ran).toEqual(['long']);
    // A worker that dies (a claim and nothing after): its job is due again one lease later.
    await q.jobs.enqueue(q.db, 'note', { n: 'orphan' });
    expect(await q.store.claim(q.clock.now(), lease)).toBeDefined();
    q.clock.advance(lease);
    await q.jobs.drain();
    expect(q.ran).toEqual(['long', 'orphan']);
  });
});

const pg = await privatePostgres('cb_scale_jobs', 'the Postgres queue test');

describe('the job queue on Postgres', () => {
  it('never gives one job to two workers claiming at the same moment', async (ctx) => {
    if (!pg) return ctx.skip();
    const workers = await Promise.all([0, 1, 2, 3].map(() => queue(pg.connect())));
    const first = workers[0]!;
    for (let i = 0; i < 40; i++) await first.jobs.enqueue(first.db, 'note', { n: String(i) });
    // Four servers, each with its own pool, drain the one queue together.
    await Promise.all(workers.map((w) => Promise.all([w.jobs.drain(), w.jobs.drain()])));
    await first.jobs.drain();
    const ran = workers.flatMap((w) => w.ran);
    expect(ran.slice().sort()).toEqual(Array.from({ length: 40 }, (_, i) => String(i)).sort());
    expect(await rows(first.db)).toEqual([]);
  });

  it('gives each worker a batch of its own when they claim batches at the same moment', async (ctx) => {
    if (!pg) return ctx.skip();
    const workers = await Promise.all([0, 1, 2, 3].map(() => queue(pg.connect())));
    const first = workers[0]!;
    await first.db.deleteFrom('jobs').execute();
    for (let i = 0; i < 40; i++) await first.jobs.enqueue(first.db, 'note', { n: String(i) });
    const batches = await Promise.all(workers.map((w) => w.store.claimBatch(w.clock.now(), LEASE, 10)));
    const ids = batches.flat().map((job) => job.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(batches.every((batch) => batch.length <= 10)).toBe(true);
    // What each took is marked running; nothing else is.
    const running = await first.db.selectFrom('jobs').select('id').where('status', '=', 'running').execute();
    expect(running.map((r) => r.id).sort()).toEqual(ids.slice().sort());
  });
});

describe('the queue front admission reads (images/backlog.ts)', () => {
  // Five jobs due a second apart; a worker takes the two oldest.
  async function fiveThenTwoTaken(q: Awaited<ReturnType<typeof queue>>) {
    await q.db.deleteFrom('jobs').execute();
    const start = q.clock.now();
    for (let i = 0; i < 5; i++) {
      await q.jobs.enqueue(q.db, 'note', { n: String(i) });
      q.clock.advance(1_000);
    }
    await q.store.claimBatch(q.clock.now(), LEASE, 2);
    return start;
  }

  const expectFront = async (q: Awaited<ReturnType<typeof queue>>, start: number) => {
    const now = q.clock.now();
    // Due and waiting: the three not taken, two of them due by start + 3 s; the head is the third job.
    expect(await q.store.front(now, start + 3_000, 100)).toEqual({ due: 3, dueAtSince: 2, headAt: start + 2_000 });
    // Counted no further than the cap, oldest first.
    expect(await q.store.front(now, start + 3_000, 2)).toEqual({ due: 2, dueAtSince: 2, headAt: start + 2_000 });
    // Not yet due is not waiting.
    expect(await q.store.front(start + 2_500, start, 100)).toEqual({ due: 1, dueAtSince: 0, headAt: start + 2_000 });
  };

  it('counts the due jobs, those due by a moment, and the head, on SQLite', async () => {
    const q = await queue();
    await expectFront(q, await fiveThenTwoTaken(q));
    await q.db.deleteFrom('jobs').execute();
    expect(await q.store.front(q.clock.now(), 0, 100)).toEqual({ due: 0, dueAtSince: 0, headAt: null });
  });

  it('the same on Postgres', async (ctx) => {
    if (!pg) return ctx.skip();
    const q = await queue(pg.connect());
    await expectFront(q, await fiveThenTwoTaken(q));
    await q.db.deleteFrom('jobs').execute();
    expect(await q.store.front(q.clock.now(), 0, 100)).toEqual({ due: 0, dueAtSince: 0, headAt: null });
  });
});

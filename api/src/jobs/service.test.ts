import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { migrate } from '../db/migrate.js';
import type { Database } from '../db/schema.js';
import { loadConfig } from '../config.js';
import { manualClock } from '../lib/clock.js';
import { ApiError } from '../lib/errors.js';
import { jobsService, JOB_FAILED_RETENTION_MS, JOB_MAX_ATTEMPTS, JOB_PURGE_EVERY_MS, retryDelay } from './service.js';
import { jobsStore } from './store.js';

const LEASE = 60_000;

async function queue(db?: Kysely<Database>) {
  const database = db ?? connectSqlite(':memory:');
  await migrate(database);
  const clock = manualClock();
  const config = { ...loadConfig({ NODE_ENV: 'test' }), jobLeaseMs: LEASE };
  const ran: string[] = [];
  const handlers = {
    note: async ({ n }: { n: string }) => void ran.push(n),
    flaky: async () => {
      throw new Error('the image host is down');
    },
    refused: async () => {
      throw new ApiError('image_invalid', 'The file is not a JPEG, PNG, GIF or WebP image.');
    },
  };
  return { db: database, clock, ran, jobs: jobsService({ db: database, clock, config }, handlers), store: jobsStore(database) };
}

const rows = (db: Kysely<Database>) => db.selectFrom('jobs').select(['kind', 'status', 'attempts', 'last_error']).execute();

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
    expect((await rows(q.db)).map((r) => [r.kind, r.status])).toEqual([['refused', 'failed'], ['flaky', 'queued']]);
    // Its retention is over, and the worker's hourly sweep is due.
    q.clock.advance(JOB_PURGE_EVERY_MS);
    await q.jobs.drain();
    expect((await rows(q.db)).map((r) => [r.kind, r.status])).toEqual([['flaky', 'queued']]);
  });

  it('fails at once a job refused for its input: trying again cannot help', async () => {
    const q = await queue();
    await q.jobs.enqueue(q.db, 'refused', {});
    await q.jobs.drain();
    expect(await rows(q.db)).toEqual([{ kind: 'refused', status: 'failed', attempts: 1, last_error: 'image_invalid: The file is not a JPEG, PNG, GIF or WebP image.' }]);
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
});

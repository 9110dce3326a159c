import { mkdir, mkdtemp, readdir, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { connectSqlite } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { manualClock } from '../lib/clock.js';
import { REQUEST_SCRATCH_MAX_AGE_MS, scratchPath, sweepScratch } from './scratch.js';
import { jobsService } from './service.js';
import { jobsStore } from './store.js';

describe('scratch files', () => {
  it('are named for the attempt that made them, and swept once no live attempt owns them', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'cb-scratch-'));
    const db = connectSqlite(':memory:');
    await migrate(db);
    const clock = manualClock();
    const config = { ...loadConfig({ NODE_ENV: 'test' }), mediaDir, jobLeaseMs: 6_000 };
    const store = jobsStore(db);
    const made: string[] = [];
    const jobs = jobsService(
      { db, clock, config },
      {
        write: async () => {
          const path = await scratchPath(mediaDir, 'transfers-work', 'x.import');
          await writeFile(path, 'bytes');
          made.push(path);
          // Killed here: the file stays, the row stays running.
          throw new Error('killed');
        },
      },
    );
    const listed = () => readdir(join(mediaDir, 'transfers-work'));
    await jobs.enqueue(db, 'write', {});
    const job = (await store.claim(clock.now(), 6_000))!;
    await mkdir(join(mediaDir, 'transfers-work'), { recursive: true });
    // The attempt running now owns its file: kept.
    await writeFile(join(mediaDir, 'transfers-work', `${job.id}.${job.attempts}.live.import`), 'live');
    // A request's upload arriving: kept while a request may still be reading it, swept after.
    const upload = await scratchPath(mediaDir, 'transfers-work', 'y.import.part');
    await writeFile(upload, 'arriving');
    // An attempt killed earlier (attempt 0 of the same job) and a job long gone: swept.
    await writeFile(join(mediaDir, 'transfers-work', `${job.id}.0.old.import`), 'old');
    await writeFile(join(mediaDir, 'transfers-work', 'gone.1.zzz.zip'), 'old');
    expect(await sweepScratch(mediaDir, store, clock.now())).toBe(2);
    expect((await listed()).sort()).toEqual([`${job.id}.${job.attempts}.live.import`, upload.split('/').pop()].sort());
    // Its lease lapses (the worker was killed): nobody owns the file any more.
    clock.advance(6_000);
    expect(await sweepScratch(mediaDir, store, clock.now())).toBe(1);
    const old = new Date(clock.now() - REQUEST_SCRATCH_MAX_AGE_MS - 1);
    await utimes(upload, old, old);
    expect(await sweepScratch(mediaDir, store, clock.now())).toBe(1);
    expect(await listed()).toEqual([]);
    // A job's own file is named for it.
    await jobs.drain();
    expect(made[0]!.split('/').pop()!.startsWith(`${job.id}.2.`)).toBe(true);
    await db.destroy();
  });
});

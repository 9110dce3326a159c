import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalS3, type LocalS3 } from '../storage/testing-s3.js';
import { JOB_MAX_ATTEMPTS, pauseDelay } from '../jobs/service.js';
import { testApp } from '../testing.js';

/**
 * The bucket (s3rver on loopback, a server of this test's own) stopped in the middle of an ingest for two
 * minutes of the queue's clock, then started again: every pin gets its image. The queue's clock is the
 * test's (no two-minute wait): the jobs see the outage as long as it was, each wait as long as it is.
 */
let s3: LocalS3;
beforeAll(async () => {
  s3 = await startLocalS3('outage');
});
afterAll(() => s3?.stop());

describe('image ingest with the bucket away', () => {
  it('waits out two minutes without the bucket mid-ingest, spending no tries, and gives every pin its image once it is back', async () => {
    const t = await testApp({ config: s3.config(`outage-${process.pid}`) });
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'Outage');
    const PINS = 12;
    const ids: string[] = [];
    for (let i = 0; i < PINS; i++) {
      const saved = await browser.post('PinResource', 'create', {
        board_id: board,
        image_url: t.images.url(`outage-${i}`, { w: 400, h: 300 }),
        method: 'button',
      });
      expect(saved.status).toBe(200);
      ids.push(saved.body.resource_response.data.id);
    }
    // Mid-ingest: some images in, then the bucket goes.
    for (let i = 0; i < 3; i++) await t.jobs.step();
    await s3.down();
    const start = t.clock.now();
    let waits = 0;
    while (t.clock.now() - start < 2 * 60 * 1000) {
      await t.runJobs();
      t.clock.advance(pauseDelay(++waits));
    }
    // As many failed attempts as a job has tries (which used to fail it for good), and none spent: every job waits on the bucket.
    expect(waits).toBeGreaterThanOrEqual(JOB_MAX_ATTEMPTS);
    const waiting = await t.db.selectFrom('jobs').select(['status', 'attempts', 'waiting_on']).where('kind', '=', 'image.ingest').execute();
    expect(waiting).toHaveLength(PINS - 3);
    expect(waiting.every((job) => job.status === 'queued' && job.attempts === 0 && job.waiting_on === 'bucket')).toBe(true);

    await s3.up();
    t.clock.advance(pauseDelay(waits + 1));
    await t.runJobs();
    // Then the AVIF renditions, due after the JPEGs (images/avif.ts), go to the bucket too; nothing is left.
    t.clock.advance(60_000);
    await t.runJobs();
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    for (const id of ids) {
      const pin = (await browser.get('PinResource', { id })).body.resource_response.data;
      expect(pin.images?.['474x']?.url).toBeTruthy();
      const image = await t.app.request(new URL(pin.images['474x'].url).pathname);
      expect(image.status).toBe(200);
    }
  }, 120_000);
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import { testApp, type TestApp } from '../testing.js';
import { imageFixtures } from './fixtures.js';
import { CHECK_EVERY_MS, FRONT_CAP, queueGauge } from './backlog.js';

const fixtures = await imageFixtures();
const MAX_WAIT = 30_000;

async function saver(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { browser, board: await t.makeBoard(user.id, 'Backlog') };
}

const save = (s: Awaited<ReturnType<typeof saver>>, image: string, n: number) =>
  s.browser.post('PinResource', 'create', { board_id: s.board, image_url: fixtures.url(image), link: `https://publisher.example/${n}`, method: 'button' });

describe('saves while the ingest queue is behind', () => {
  it('refuses a new image with 503 and Retry-After once the head of the queue waited past INGEST_MAX_WAIT_MS, writing nothing', async () => {
    const t = await testApp({ config: { ingestMaxWaitMs: MAX_WAIT } });
    const s = await saver(t);
    expect((await save(s, 'first', 1)).status).toBe(200);
    t.clock.advance(MAX_WAIT + CHECK_EVERY_MS);
    const refused = await save(s, 'second', 2);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 150 });
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(1);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(1);
  });

  it('still takes a pin whose image is ready, and a new image again once the queue has caught up', async () => {
    const t = await testApp({ config: { ingestMaxWaitMs: MAX_WAIT } });
    const s = await saver(t);
    await save(s, 'known', 1);
    await t.runJobs();
    await save(s, 'waiting', 2);
    t.clock.advance(MAX_WAIT + CHECK_EVERY_MS);
    expect((await save(s, 'known', 3)).status).toBe(200);
    expect((await save(s, 'new', 4)).status).toBe(503);
    await t.runJobs();
    t.clock.advance(CHECK_EVERY_MS);
    expect((await save(s, 'new', 5)).status).toBe(200);
  });

  it('refuses from the first second once the jobs ahead would outlast the wait, before the head has waited at all', async () => {
    // One image slot drains 10 jobs a second until a drain is measured: 950 ms of wait holds 10 jobs.
    const t = await testApp({ config: { ingestMaxWaitMs: 950, imageConcurrency: 1 } });
    const s = await saver(t);
    for (let n = 0; n < 10; n++) expect((await save(s, `burst-${n}`, n)).status).toBe(200);
    const refused = await save(s, 'burst-10', 10);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(10);
    expect(await t.db.selectFrom('jobs').select('id').execute()).toHaveLength(10);
    // Drained: the queue is read again a second later, and new images are taken.
    await t.runJobs();
    t.clock.advance(CHECK_EVERY_MS);
    expect((await save(s, 'burst-10', 11)).status).toBe(200);
  });
});

describe('two server processes sharing one database', () => {
  it('each refuses by the queue both fill, and admits again once either drains it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'corkboard-backlog-')), 'shared.sqlite');
    const config = { ingestMaxWaitMs: 950, imageConcurrency: 1 };
    const first = await testApp({ db: connectSqlite(file), config });
    const second = await testApp({ db: connectSqlite(file), config });
    const user = await first.makeUser();
    const board = await first.makeBoard(user.id, 'Shared');
    const browsers = [first.client(), second.client()];
    for (const browser of browsers) await browser.logIn(user.email, user.password);
    const saveOn = (i: 0 | 1, n: number) =>
      browsers[i]!.post('PinResource', 'create', {
        board_id: board,
        image_url: fixtures.url(`shared-${n}`),
        link: `https://publisher.example/shared/${n}`,
        method: 'button',
      });
    for (let n = 0; n < 10; n++) expect((await saveOn(0, n)).status).toBe(200);
    // The second process has admitted nothing itself: its first reading finds the first one's ten jobs.
    expect((await saveOn(1, 10)).status).toBe(503);
    await first.runJobs();
    second.clock.advance(CHECK_EVERY_MS);
    expect((await saveOn(1, 11)).status).toBe(200);
  });
});

describe('the queue gauge: how long one more image job would wait', () => {
  const prior = 10;

  it('counts the jobs due and those this process added since, over the drain assumed before one is measured', () => {
    const gauge = queueGauge(prior);
    gauge.read(0, { due: 0, dueAtSince: 0, headAt: null });
    expect(gauge.waitMs(0)).toBe(0);
    for (let n = 0; n < 5; n++) gauge.add();
    expect(gauge.waitMs(0)).toBe(500);
    gauge.read(1_000, { due: 300, dueAtSince: 0, headAt: 1_000 });
    expect(gauge.waitMs(1_000)).toBe(30_000);
  });

  it('learns the drain from the jobs due at one reading and gone at the next, while the workers had work throughout', () => {
    const gauge = queueGauge(prior);
    const due = 1_000;
    gauge.read(0, { due, dueAtSince: 0, headAt: 0 });
    for (let second = 1; second <= 40; second++) {
      // 20 of the jobs due a second ago were taken; 20 more came.
      gauge.read(second * 1_000, { due, dueAtSince: due - 20, headAt: 0 });
    }
    expect(gauge.perSecond).toBeCloseTo(20, 1);
    expect(gauge.waitMs(40_000)).toBeCloseTo(50_000, -2);
  });

  it('takes a queue that ran dry as a drain of at least what it held, and never lowers the estimate for it', () => {
    const gauge = queueGauge(prior);
    gauge.read(0, { due: 50, dueAtSince: 0, headAt: 0 });
    gauge.read(1_000, { due: 0, dueAtSince: 0, headAt: null });
    expect(gauge.perSecond).toBe(50);
    gauge.read(2_000, { due: 3, dueAtSince: 0, headAt: 2_000 });
    gauge.read(3_000, { due: 0, dueAtSince: 0, headAt: null });
    expect(gauge.perSecond).toBe(50);
  });

  it('learns nothing from a reading that hit the cap (the queue is longer than it counted)', () => {
    const gauge = queueGauge(prior);
    gauge.read(0, { due: FRONT_CAP, dueAtSince: 0, headAt: 0 });
    gauge.read(1_000, { due: FRONT_CAP, dueAtSince: FRONT_CAP - 500, headAt: 0 });
    expect(gauge.perSecond).toBe(prior);
  });

  it('answers at least how long the head has waited, when the drain estimate is too hopeful', () => {
    const gauge = queueGauge(1_000);
    gauge.read(40_000, { due: 2, dueAtSince: 2, headAt: 0 });
    expect(gauge.waitMs(41_000)).toBe(41_000);
  });
});

import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { imageFixtures } from './fixtures.js';
import { CHECK_EVERY_MS } from './backlog.js';

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

describe('saves while the ingest queue is behind (issue 32)', () => {
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
});

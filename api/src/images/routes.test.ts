import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { imageFixtures } from './fixtures.js';
import { retryDelay } from '../jobs/service.js';

const fixtures = await imageFixtures();

async function saver(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { browser, board: await t.makeBoard(user.id, 'Recipes') };
}

const written = async (t: TestApp) => ({
  pins: (await t.db.selectFrom('pins').select('id').execute()).length,
  images: (await t.db.selectFrom('images').select('id').execute()).length,
});

describe('the image of a save', () => {
  it('is downloaded, re-encoded into 236x, 474x, 736x and the original, and served from /media', async () => {
    const t = await testApp();
    const { browser, board } = await saver(t);
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('wide', { w: 1200, h: 800 }), method: 'button' });
    expect(res.status).toBe(200);
    await t.runJobs();
    const pin = (await browser.get('PinResource', { id: res.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images['236x']).toMatchObject({ width: 236, height: 157 });
    expect(pin.images['736x']).toMatchObject({ width: 736, height: 491 });
    expect(pin.images.originals).toMatchObject({ width: 1200, height: 800 });
    const file = await t.app.request(new URL(pin.images['474x'].url).pathname);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 474 });
  });

  it('is never enlarged', async () => {
    const t = await testApp();
    const { browser, board } = await saver(t);
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('small', { w: 300, h: 300 }), method: 'button' });
    await t.runJobs();
    const pin = (await browser.get('PinResource', { id: res.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images['736x']).toMatchObject({ width: 300, height: 300 });
  });

  it('is fetched once: a second save of an image already made has its copies at once, and no job', async () => {
    const t = await testApp();
    const { browser, board } = await saver(t);
    await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('again'), link: 'https://publisher.example/1', method: 'button' });
    await t.runJobs();
    const second = await browser.post('PinResource', 'create', {
      board_id: board,
      image_url: fixtures.url('again'),
      link: 'https://publisher.example/2',
      method: 'button',
    });
    // (The first image's AVIF job waits its delay: images/avif.ts.)
    expect(await t.db.selectFrom('jobs').selectAll().where('kind', '=', 'image.ingest').execute()).toEqual([]);
    const pin = (await browser.get('PinResource', { id: second.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images['236x'].url).toMatch(/\/media\/\d+\/236x\.jpg$/);
    expect(await written(t)).toEqual({ pins: 2, images: 1 });
  });

  // The address rules cost one DNS lookup: they are checked before the save answers.
  it.each([
    ['an image on a loopback address not allowed (live)', () => fixtures.url('x').replace('127.0.0.1', 'localhost')],
    ['an image on [::1] (live)', () => `http://[::1]:${new URL(fixtures.origin).port}/x.png`],
    ['an image on a private address', () => 'http://10.0.0.7/x.png'],
  ])('refuses %s at once with a clear error and writes nothing', async (_name, url) => {
    const t = await testApp();
    const { browser, board } = await saver(t);
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: url(), method: 'button' });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.api_error_code).toBe(60);
    // The same words for every refused address (lib/safe-fetch.ts): nothing about what it is.
    expect(res.body.resource_response.error).toMatchObject({ message: 'That address is not allowed.' });
    expect(res.body.resource_response.error?.message_detail).toBeUndefined();
    expect(await written(t)).toEqual({ pins: 0, images: 0 });
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    expect((await t.db.selectFrom('boards').select('pin_count').executeTakeFirstOrThrow()).pin_count).toBe(0);
  });

  // Download and decoding happen in the ingest job, after the save answered: the pin stays, without copies
  // (its page shows the original address, or its colour tile), and the job says why it failed.
  it.each([
    ['a file that is not an image', () => fixtures.url('not-an-image'), 1, 'image_invalid: The file is not a JPEG, PNG, GIF or WebP image.'],
    ['a decompression bomb', () => `${fixtures.origin}/bomb.png`, 1, /50000 by 50000 pixels/],
    ['an image of 119 by 119 pixels', () => fixtures.url('tiny', { w: 119, h: 400 }), 1, /Images must be larger than 119 by 119 pixels\./],
    // A server error may pass: retried with backoff (5 s, 10 s, 20 s, 40 s), failed after the fifth attempt.
    ['a missing image', () => `${fixtures.origin}/missing.png`, 5, 'outbound_failed: The image answered with HTTP 404.'],
  ])('keeps a pin whose image is %s without copies, and fails its job with the reason', async (_name, url, attempts, reason) => {
    const t = await testApp();
    const { browser, board } = await saver(t);
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: url(), method: 'button' });
    expect(res.status).toBe(200);
    for (let attempt = 1; attempt <= 5; attempt++) {
      await t.runJobs();
      t.clock.advance(retryDelay(attempt));
    }
    const job = await t.db.selectFrom('jobs').selectAll().executeTakeFirstOrThrow();
    expect(job).toMatchObject({ status: 'failed', attempts });
    expect(job.last_error).toMatch(reason);
    const pin = (await browser.get('PinResource', { id: res.body.resource_response.data.id })).body.resource_response.data;
    expect(pin).toMatchObject({ image_url: url(), images: null });
    expect(await written(t)).toEqual({ pins: 1, images: 0 });
    expect(await t.db.selectFrom('boards').select(['pin_count', 'image_cover_url']).executeTakeFirstOrThrow()).toEqual({ pin_count: 1, image_cover_url: null });
  });
});

describe('PUT /v3/pins/image/', () => {
  const put = (t: TestApp, browser: ReturnType<TestApp['client']>, body: unknown) =>
    browser.send('/v3/pins/image/', {
      method: 'PUT',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  it('registers an image once per URL', async () => {
    const t = await testApp();
    const { browser } = await saver(t);
    const first = await put(t, browser, { image_url: fixtures.url('register'), async: true });
    expect(first.status).toBe(200);
    expect(first.body.resource_response.data).toMatchObject({ status: 'ready', width: 600, height: 400, source_url: fixtures.url('register') });
    const again = await put(t, browser, { image_url: fixtures.url('register') });
    expect(again.body.resource_response.data.id).toBe(first.body.resource_response.data.id);
    expect((await written(t)).images).toBe(1);
  });

  it('needs a log-in, our Origin and an http(s) URL', async () => {
    const t = await testApp();
    expect((await put(t, t.client(), { image_url: fixtures.url('x') })).status).toBe(401);
    const { browser } = await saver(t);
    expect((await put(t, browser, { image_url: 'file:///etc/passwd' })).status).toBe(400);
    const foreign = await browser.send('/v3/pins/image/', {
      method: 'PUT',
      headers: { origin: 'http://127.0.0.1:8788', 'content-type': 'application/json' },
      body: '{}',
    });
    expect(foreign.status).toBe(403);
  });
});

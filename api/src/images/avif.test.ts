import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { imageFixtures } from './fixtures.js';
import { AVIF_BATCH, AVIF_DELAY_MS, runImagesAdmin } from './avif.js';
import { acceptsAvif } from './routes.js';
import { USER_PENDING_IMAGES } from './backlog.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';

const fixtures = await imageFixtures();
/** What Chromium sends for an <img>. */
const CHROMIUM_ACCEPT = 'image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8';

async function saver(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser, board: await t.makeBoard(user.id, 'Pictures') };
}

async function savedPin(t: TestApp, s: Awaited<ReturnType<typeof saver>>, name: string) {
  const res = await s.browser.post('PinResource', 'create', { board_id: s.board, image_url: fixtures.url(name, { w: 1200, h: 800 }), method: 'button' });
  expect(res.status).toBe(200);
  await t.runJobs();
  return (await s.browser.get('PinResource', { id: res.body.resource_response.data.id })).body.resource_response.data;
}

const fetchImage = async (t: TestApp, url: string, accept?: string) => {
  const res = await t.app.request(new URL(url).pathname, { headers: accept ? { accept } : {} });
  const body = Buffer.from(await res.arrayBuffer());
  return { res, body, meta: res.status === 200 ? await sharp(body).metadata() : undefined };
};

describe('AVIF beside the JPEG renditions', () => {
  it('gives a browser that accepts AVIF the AVIF once the job has made it, and a JPEG-only client the JPEG, with Vary: Accept', async () => {
    const t = await testApp();
    const s = await saver(t);
    const pin = await savedPin(t, s, 'avif-one');
    // Before the AVIF job: the JPEG to everyone.
    const early = await fetchImage(t, pin.images['474x'].url, CHROMIUM_ACCEPT);
    expect(early.res.headers.get('content-type')).toBe('image/jpeg');
    expect(early.res.headers.get('vary')).toBe('Accept');
    t.clock.advance(AVIF_DELAY_MS);
    await t.runJobs();
    const avif = await fetchImage(t, pin.images['474x'].url, CHROMIUM_ACCEPT);
    expect(avif.res.headers.get('content-type')).toBe('image/avif');
    expect(avif.res.headers.get('vary')).toBe('Accept');
    expect(avif.meta).toMatchObject({ format: 'heif', compression: 'av1', width: 474 });
    for (const accept of [undefined, 'image/jpeg', 'image/webp,image/*;q=0.8', 'image/avif;q=0,image/*']) {
      const jpeg = await fetchImage(t, pin.images['474x'].url, accept);
      expect(jpeg.res.headers.get('content-type')).toBe('image/jpeg');
      expect(jpeg.meta).toMatchObject({ format: 'jpeg', width: 474 });
    }
    // The original stays a JPEG: it is what a download gets.
    expect((await fetchImage(t, pin.images.originals.url, CHROMIUM_ACCEPT)).res.headers.get('content-type')).toBe('image/jpeg');
  });

  it('reads Accept as browsers write it', () => {
    expect(acceptsAvif(CHROMIUM_ACCEPT)).toBe(true);
    expect(acceptsAvif('image/webp,*/*')).toBe(false);
    expect(acceptsAvif('image/avif;q=0')).toBe(false);
    expect(acceptsAvif('image/avif;q=0.5, image/jpeg')).toBe(true);
    expect(acceptsAvif(undefined)).toBe(false);
  });

  it('converts the images stored before, in batches, skipping what is done, and again at will', async () => {
    const t = await testApp();
    const s = await saver(t);
    const pins = [];
    for (let i = 0; i < AVIF_BATCH + 2; i++) {
      const res = await s.browser.post('PinResource', 'create', {
        board_id: s.board,
        image_url: fixtures.url(`old-${i}`, { w: 300, h: 200 }),
        link: `https://publisher.example/${i}`,
        method: 'button',
      });
      pins.push(res.body.resource_response.data.id);
    }
    await t.runJobs();
    // As a store from before AVIF was made holds them: JPEGs only (the per-image AVIF jobs not yet due).
    await t.db.deleteFrom('jobs').execute();
    const images = await t.db.selectFrom('images').select('id').execute();
    expect(images).toHaveLength(AVIF_BATCH + 2);
    expect(await runImagesAdmin(t.deps, ['images', 'avif'])).toMatch(/queued/);
    await t.runJobs();
    const objects = mediaObjects(t.deps.config);
    for (const { id } of images) expect(await objects.read(mediaKeys.avif(id, '236x'))).toBeDefined();
    expect(await t.db.selectFrom('jobs').select('id').where('status', 'in', ['queued', 'running', 'failed']).execute()).toEqual([]);
    // Run again: nothing is re-encoded (the files keep their bytes and times).
    const before = await objects.list(`${images[0]!.id}/`);
    await runImagesAdmin(t.deps, ['images', 'avif']);
    await t.runJobs();
    expect(await objects.list(`${images[0]!.id}/`)).toEqual(before);
  });
});

describe('a burst of saves with new images', () => {
  it('takes every save and leaves its image pending, the tile without copies until the job is done', async () => {
    const t = await testApp({ config: {} });
    const s = await saver(t);
    for (let i = 0; i < 30; i++) {
      const res = await s.browser.post('PinResource', 'create', {
        board_id: s.board,
        image_url: fixtures.url(`burst-${i}`),
        link: `https://publisher.example/b${i}`,
        method: 'button',
      });
      expect(res.status).toBe(200);
    }
    const waiting = await t.db.selectFrom('pins').select(['image_url', 'image_id']).execute();
    expect(waiting).toHaveLength(30);
    expect(waiting.every((p) => p.image_url && p.image_id === null)).toBe(true);
    await t.runJobs();
    expect((await t.db.selectFrom('pins').select('image_id').where('image_id', 'is', null).execute()).length).toBe(0);
  });

  it("bounds each person's waiting images: past the cap a new image is refused with 429 and Retry-After, nothing written, others unaffected", async () => {
    const t = await testApp();
    const s = await saver(t);
    const other = await saver(t);
    // The cap's worth of pins waiting for their copies, written as saves would.
    const now = t.clock.now();
    const rows = Array.from({ length: USER_PENDING_IMAGES }, (_, i) => ({
      id: String(9_000_000_000 + i),
      board_id: s.board,
      pinner_id: s.user.id,
      image_url: `https://publisher.example/${i}.jpg`,
      link: null,
      title: '',
      description: '',
      method: 'button',
      created_at: now,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('pins')
        .values(rows.slice(i, i + 200) as never)
        .execute();
    const refused = await s.browser.post('PinResource', 'create', { board_id: s.board, image_url: fixtures.url('one-too-many'), method: 'button' });
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 280 });
    expect(await t.db.selectFrom('pins').select('id').where('image_url', '=', fixtures.url('one-too-many')).execute()).toEqual([]);
    expect(
      (await other.browser.post('PinResource', 'create', { board_id: other.board, image_url: fixtures.url('someone-else'), method: 'button' })).status,
    ).toBe(200);
  });
});

import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type TestApp } from '../testing.js';
import { PART_STALE_MS, UPLOAD_GRACE_MS } from './rules.js';
import { uploadSweeper } from './sweeper.js';

const png = (w = 400, h = 300) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 120, b: 60 } } })
    .png()
    .toBuffer();
const mp4 = (padding = 2048) =>
  Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isommp41'), Buffer.alloc(padding, 1)]);

async function builder(t: TestApp, flags = 'video_upload') {
  const user = await t.makeUser();
  const browser = t.client({ cookie: `cb_flags=${flags}` });
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, 'Kept');
  const upload = async (body: Uint8Array) =>
    (
      await browser.send('/v3/media/uploads/', {
        method: 'POST',
        headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(body),
      })
    ).body.resource_response;
  return { browser, board, upload };
}

const files = (t: TestApp) =>
  readdirSync(t.deps.config.mediaDir, { recursive: true })
    .map(String)
    .filter((f) => /\.\w+$/.test(f))
    .sort();
/** Makes a file look last written `ago` ms before the app's clock says it is now. */
const age = (path: string, now: number, ago: number) => utimesSync(path, (now - ago) / 1000, (now - ago) / 1000);

describe('the upload sweeper', () => {
  it('removes uploads no pin uses once the grace period is over, and keeps the ones a save claimed', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t);
    const used = (await upload(await png())).data;
    const unused = (await upload(await png(500, 500))).data;
    const video = (await upload(mp4())).data;
    await t.runJobs();
    expect((await browser.post('PinResource', 'create', { board_id: board, media_upload_id: used.id })).status).toBe(200);
    const sweeper = uploadSweeper(t.deps);

    // Within the grace period nothing goes: a builder left open still publishes.
    t.clock.advance(UPLOAD_GRACE_MS - 1000);
    expect(await sweeper.sweep()).toEqual({ uploads: 0, files: 0 });
    t.clock.advance(2000);
    expect(await sweeper.sweep()).toEqual({ uploads: 2, files: 0 });

    const left = await t.db.selectFrom('media_uploads').select('id').execute();
    expect(left).toEqual([{ id: used.id }]);
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([{ id: used.id }]);
    expect(files(t).every((f) => f.startsWith(`${used.id}/`))).toBe(true);
    expect(existsSync(join(t.deps.config.mediaDir, 'videos', `${video.id}.mp4`))).toBe(false);
    expect((await browser.get('MediaUploadResource', { id: unused.id })).status).toBe(404);
    // The pin still shows its image.
    const pinImage = await t.app.request(`/media/${used.id}/236x.jpg`);
    expect(pinImage.status).toBe(200);
  });

  it("removes a killed upload's .part files once they have not been written to for a while, and stray staged files", async () => {
    const t = await testApp();
    const dir = t.deps.config.mediaDir;
    mkdirSync(join(dir, 'uploads'), { recursive: true });
    mkdirSync(join(dir, 'videos'), { recursive: true });
    const now = t.clock.now();
    const paths = {
      killedImage: join(dir, 'uploads', '111.part'),
      killedVideo: join(dir, 'videos', '222.mp4.part'),
      live: join(dir, 'uploads', '333.part'),
      stray: join(dir, 'uploads', '444.upload'),
    };
    for (const path of Object.values(paths)) writeFileSync(path, 'bytes');
    age(paths.killedImage, now, PART_STALE_MS + 1000);
    age(paths.killedVideo, now, PART_STALE_MS + 1000);
    age(paths.live, now, 1000);
    age(paths.stray, now, UPLOAD_GRACE_MS + 1000);
    expect(await uploadSweeper(t.deps).sweep()).toEqual({ uploads: 0, files: 3 });
    expect(files(t)).toEqual(['uploads/333.part']);
  });

  it('runs on a timer that stops with the server', async () => {
    const t = await testApp();
    const dir = join(t.deps.config.mediaDir, 'uploads');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, '555.part'), 'bytes');
    age(join(dir, '555.part'), t.clock.now(), PART_STALE_MS + 1000);
    const running = uploadSweeper(t.deps).start(10);
    await expect.poll(() => existsSync(join(dir, '555.part'))).toBe(false);
    await running.stop();
    // Stopped: a new leftover stays (the database may be closed by now).
    writeFileSync(join(dir, '666.part'), 'bytes');
    age(join(dir, '666.part'), t.clock.now(), PART_STALE_MS + 1000);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(existsSync(join(dir, '666.part'))).toBe(true);
  });
});

describe('the video quota', () => {
  it('refuses a video that would pass the quota with a clear message, and keeps nothing of it', async () => {
    const MB = 1024 * 1024;
    const t = await testApp({ config: { videoQuotaBytes: 3 * MB } });
    const { upload } = await builder(t);
    expect((await upload(mp4(1.2 * MB))).data).toMatchObject({ type: 'video', status: 'ready' });
    expect((await upload(mp4(1.2 * MB))).data).toMatchObject({ type: 'video' });
    const over = await upload(mp4(0.7 * MB));
    expect(over.error).toMatchObject({
      api_error_code: 290,
      http_status: 403,
      message_detail: 'Your videos can take up to 3 MB in all. Delete a video Pin you no longer need, or choose a smaller file.',
    });
    // Counted as the bytes arrive, not only from the declared length.
    const big = await upload(mp4(4 * MB));
    expect(big.error).toMatchObject({ api_error_code: 290 });
    expect(await t.db.selectFrom('media_uploads').select('id').execute()).toHaveLength(2);
    expect(files(t).filter((f) => f.endsWith('.part'))).toEqual([]);
    // Images do not count against it.
    expect((await upload(await png())).data).toMatchObject({ type: 'image' });
  });
});

const pg = await privatePostgres('cb_uploads', 'the uploads test on Postgres');

describe('uploads on Postgres', () => {
  it('an upload saved before its rendition, the quota sum and the sweep, through the same code', async (ctx) => {
    if (!pg) return ctx.skip();
    const MB = 1024 * 1024;
    const t = await testApp({ db: pg.connect(), config: { videoQuotaBytes: 3 * MB } });
    const { browser, board, upload } = await builder(t);
    const image = (await upload(await png())).data;
    const saved = await browser.post('PinResource', 'create', { board_id: board, media_upload_id: image.id });
    expect(saved.status).toBe(200);
    await upload(mp4(2 * MB));
    expect((await upload(mp4(2 * MB))).error).toMatchObject({ api_error_code: 290 });
    const unused = (await upload(await png(300, 300))).data;
    await t.runJobs();
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images['236x'].url).toBe(`${t.deps.config.publicOrigin}/media/${image.id}/236x.jpg`);
    t.clock.advance(UPLOAD_GRACE_MS + 1000);
    expect(await uploadSweeper(t.deps).sweep()).toEqual({ uploads: 2, files: 0 });
    expect((await browser.get('MediaUploadResource', { id: unused.id })).status).toBe(404);
    expect((await browser.get('MediaUploadResource', { id: image.id })).status).toBe(200);
  });
});

import { readdirSync } from 'node:fs';
import { freePort as closedPort } from '../testing-hosts.js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageFixtures } from '../images/fixtures.js';
import { testApp, type TestApp } from '../testing.js';
import { UPLOAD_GRACE_MS } from './rules.js';
import { uploadSweeper } from './sweeper.js';
import { mediaObjects } from '../storage/index.js';
import { startLocalS3, type LocalS3 } from '../storage/testing-s3.js';

/**
 * The product with MEDIA_STORE=s3://…: saves, uploads, videos and the sweeper go through the
 * bucket (s3rver on loopback), MEDIA_DIR keeps nothing once a file has arrived, and /media/ streams from
 * the bucket with its ETag (304 when the browser has it) or redirects to MEDIA_PUBLIC_URL.
 */
let s3: LocalS3;
let n = 0;
const fixtures = await imageFixtures();
beforeAll(async () => {
  s3 = await startLocalS3('app');
});
afterAll(() => s3?.stop());

const onS3 = (extra: Record<string, unknown> = {}) => testApp({ config: { ...s3.config(`app-${process.pid}-${++n}`), ...extra } });
const png = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 30, g: 90, b: 200 } } })
    .png()
    .toBuffer();
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isommp41'), Buffer.alloc(4096, 1)]);
/** Files under this host's MEDIA_DIR: none is kept there once it has arrived. */
const localFiles = (t: TestApp) =>
  readdirSync(t.deps.config.mediaDir, { recursive: true })
    .map(String)
    .filter((f) => /\.\w+$/.test(f));

async function builder(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client({ cookie: 'cb_flags=video_upload' });
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, 'Bucket');
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

describe('media in an S3 bucket', () => {
  it('a saved image is written to the bucket and streamed from /media/ with an ETag; the same ETag back is a 304', async () => {
    const t = await onS3();
    const { browser, board } = await builder(t);
    const saved = await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('bucket', { w: 800, h: 600 }), method: 'button' });
    await t.runJobs();
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    const path = new URL(pin.images['474x'].url).pathname;
    const first = await t.app.request(path);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/jpeg');
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[^"]+"$/);
    expect(await sharp(Buffer.from(await first.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 474 });
    const again = await t.app.request(path, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
    expect(again.headers.get('etag')).toBe(etag);
    expect(await again.text()).toBe('');
    // Another ETag: the whole file again.
    expect((await t.app.request(path, { headers: { 'if-none-match': '"other"' } })).status).toBe(200);
    expect(localFiles(t)).toEqual([]);
    expect((await mediaObjects(t.deps.config).list(`${pin.images['474x'].url.split('/').at(-2)}/`)).length).toBe(4);
  });

  it('an upload is staged in the bucket, re-encoded by its job from there, and its staged original removed', async () => {
    const t = await onS3();
    const { browser, board, upload } = await builder(t);
    const uploaded = (await upload(await png())).data;
    expect(uploaded.status).toBe('processing');
    const objects = mediaObjects(t.deps.config);
    expect((await objects.list('uploads/')).map((o) => o.key)).toEqual([`uploads/${uploaded.id}.upload`]);
    expect(localFiles(t)).toEqual([]);
    await t.runJobs();
    expect(await objects.list('uploads/')).toEqual([]);
    const saved = await browser.post('PinResource', 'create', { board_id: board, media_upload_id: uploaded.id, method: 'pinbuilder' });
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    const file = await t.app.request(new URL(pin.images['236x'].url).pathname);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 236 });
  });

  it('a video is kept in the bucket and served with its own headers; the sweeper removes unused uploads from the bucket', async () => {
    const t = await onS3();
    const { upload } = await builder(t);
    const video = (await upload(mp4())).data;
    const image = (await upload(await png(500, 500))).data;
    await t.runJobs();
    const served = await t.app.request(new URL(video.video.url).pathname);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('video/mp4');
    expect(served.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(mp4())).toBe(true);
    const objects = mediaObjects(t.deps.config);
    expect((await objects.list('')).length).toBe(5);
    t.clock.advance(UPLOAD_GRACE_MS + 1000);
    expect((await uploadSweeper(t.deps).sweep()).uploads).toBe(2);
    expect(await objects.list('')).toEqual([]);
    expect((await t.app.request(`/media/${image.id}/236x.jpg`)).status).toBe(404);
  });

  it('with MEDIA_PUBLIC_URL, /media/ redirects to the same key under that base', async () => {
    const t = await onS3({ mediaPublicUrl: 'https://cdn.example.com/corkboard' });
    const image = await t.app.request('/media/123456/736x.jpg');
    expect(image.status).toBe(302);
    expect(image.headers.get('location')).toBe('https://cdn.example.com/corkboard/123456/736x.jpg');
    const video = await t.app.request('/media/videos/42.webm');
    expect(video.headers.get('location')).toBe('https://cdn.example.com/corkboard/videos/42.webm');
  });

  it('a bucket that does not answer: /media/ and an upload are a 503 to retry, and the upload leaves nothing behind', async () => {
    const t = await testApp({
      config: { ...s3.config('down'), mediaS3: { ...s3.config('down').mediaS3, endpoint: `http://127.0.0.1:${await closedPort()}` } },
    });
    const served = await t.app.request('/media/123456/236x.jpg');
    expect(served.status).toBe(503);
    expect(served.headers.get('retry-after')).toBe('5');
    expect((await served.json()).resource_response.error.api_error_code).toBe(400);
    const { upload } = await builder(t);
    const refused = await upload(await png());
    expect(refused.error?.api_error_code).toBe(400);
    expect(localFiles(t)).toEqual([]);
    expect(await t.db.selectFrom('media_uploads').select('id').execute()).toEqual([]);
  });

  it("deleting an account removes its objects from the bucket and keeps an image another account's pin shows", async () => {
    const t = await onS3();
    const leaving = await builder(t);
    const staying = await builder(t);
    const shared = fixtures.url('shared-bucket', { w: 800, h: 600 });
    await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, image_url: shared, method: 'button' });
    await staying.browser.post('PinResource', 'create', { board_id: staying.board, image_url: shared, method: 'button' });
    const image = (await leaving.upload(await png())).data;
    const video = (await leaving.upload(mp4())).data;
    await t.runJobs();
    await leaving.browser.post('PinResource', 'create', { board_id: leaving.board, media_upload_id: image.id, method: 'pinbuilder' });
    const keys = async () => (await mediaObjects(t.deps.config).list('')).map((o) => o.key);
    const sharedId = (await t.db.selectFrom('images').select('id').where('source_url', '=', shared).executeTakeFirstOrThrow()).id;
    expect(await keys()).toEqual(expect.arrayContaining([`${sharedId}/236x.jpg`, `${image.id}/236x.jpg`, `videos/${video.id}.mp4`]));

    const gone = await leaving.browser.post('AccountDeletionResource', 'create', { password: 'correct horse battery' });
    expect(gone.body.resource_response.data).toEqual({ state: 'deleted' });
    await t.runJobs();
    const left = await keys();
    expect(left.filter((k) => k.startsWith(`${image.id}/`) || k.includes(video.id))).toEqual([]);
    expect(left).toContain(`${sharedId}/236x.jpg`);
  });

  it('an image the bucket does not have is a 404 in the envelope', async () => {
    const t = await onS3();
    const res = await t.app.request('/media/123456/236x.jpg');
    expect(res.status).toBe(404);
  });
});

import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { mediaService } from './service.js';
import { imagesService } from '../images/service.js';

const png = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();
/** The first bytes of an MP4 (an ftyp box), enough for the sniff; the rest is padding. */
const mp4 = () => Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom'), Buffer.alloc(4), Buffer.from('isommp41'), Buffer.alloc(2048, 1)]);

async function builder(t: TestApp, flags = '') {
  const user = await t.makeUser();
  const browser = t.client(flags ? { cookie: `cb_flags=${flags}` } : undefined);
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, 'Made by me');
  const upload = (body: Uint8Array, type = 'application/octet-stream', origin = t.deps.config.publicOrigin) =>
    browser.send('/v3/media/uploads/', { method: 'POST', headers: { origin, 'content-type': type }, body: new Uint8Array(body) });
  return { user, browser, board, upload };
}

/** What a refused upload must not leave: rows, or files under MEDIA_DIR. */
const leftovers = async (t: TestApp) => ({
  uploads: (await t.db.selectFrom('media_uploads').select('id').execute()).length,
  images: (await t.db.selectFrom('images').select('id').execute()).length,
  pins: (await t.db.selectFrom('pins').select('id').execute()).length,
  files: (await readdir(t.deps.config.mediaDir, { recursive: true })).filter((f) => /\.\w+$/.test(String(f))),
});
const nothing = { uploads: 0, images: 0, pins: 0, files: [] };

describe('uploads from the pin builder', () => {
  it('an image is answered once on disk, re-encoded by its job, and a save with its media_upload_id shows the renditions', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t);
    const res = await upload(await png(1200, 800), 'image/png');
    expect(res.status).toBe(200);
    const uploaded = res.body.resource_response.data;
    // Re-encoding is the queue's work, not the request's.
    expect(uploaded).toMatchObject({ type: 'image', status: 'processing', image: null, video: null });
    expect(await t.db.selectFrom('jobs').select('kind').execute()).toEqual([{ kind: 'media.upload' }]);
    expect((await browser.get('MediaUploadResource', { id: uploaded.id })).body.resource_response.data).toMatchObject({ status: 'processing', image: null });

    await t.runJobs();
    const ready = (await browser.get('MediaUploadResource', { id: uploaded.id })).body.resource_response.data;
    expect(ready).toMatchObject({ id: uploaded.id, status: 'ready', error: null });
    expect(ready.image.images['474x']).toMatchObject({ width: 474, height: 316 });
    const file = await t.app.request(new URL(ready.image.images['236x'].url).pathname);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg', width: 236 });
    // Only the renditions are kept: the staged original is gone.
    expect((await leftovers(t)).files.filter((f) => String(f).startsWith('uploads'))).toEqual([]);

    const saved = await browser.post('PinResource', 'create', {
      board_id: board,
      media_upload_id: uploaded.id,
      title: 'My lamp',
      alt_text: 'A red lamp on a desk',
      method: 'pinbuilder',
    });
    expect(saved.status).toBe(200);
    // No job: the image was ours already.
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    expect(pin).toMatchObject({ title: 'My lamp', alt_text: 'A red lamp on a desk', method: 'pinbuilder', video: null });
    expect(pin.images['736x']).toMatchObject({ url: ready.image.images['736x'].url, width: 736 });
    expect(pin.images.originals).toMatchObject({ width: 1200, height: 800 });
  });

  it('a save made before the rendition exists gets it, and its board the cover, when the job has run', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t);
    const uploaded = (await upload(await png(900, 600), 'image/png')).body.resource_response.data;
    const saved = await browser.post('PinResource', 'create', { board_id: board, media_upload_id: uploaded.id, title: 'Early', method: 'pinbuilder' });
    expect(saved.status).toBe(200);
    const pinId = saved.body.resource_response.data.id;
    // Only the upload's own job: our own address is never fetched by an ingest job.
    expect((await t.db.selectFrom('jobs').select('kind').execute()).map((j) => j.kind)).toEqual(['media.upload']);
    expect((await browser.get('PinResource', { id: pinId })).body.resource_response.data.images).toBeNull();

    await t.runJobs();
    const pin = (await browser.get('PinResource', { id: pinId })).body.resource_response.data;
    expect(pin.images['474x']).toMatchObject({ url: `${t.deps.config.publicOrigin}/media/${uploaded.id}/474x.jpg`, width: 474, height: 316 });
    expect(pin.images.originals).toMatchObject({ width: 900, height: 600 });
    const cover = await t.db.selectFrom('boards').select('image_cover_url').where('id', '=', board).executeTakeFirstOrThrow();
    expect(cover.image_cover_url).toBe(`${t.deps.config.publicOrigin}/media/${uploaded.id}/236x.jpg`);
    expect(await t.db.selectFrom('media_upload_waiters').selectAll().execute()).toEqual([]);
  });

  it('a save whose waiter comes after the job has read the waiters links its pin itself', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t);
    const uploaded = (await upload(await png(900, 600), 'image/png')).body.resource_response.data;
    const pinId = (await browser.post('PinResource', 'create', { board_id: board, media_upload_id: uploaded.id })).body.resource_response.data.id;
    // As if the job ran between the save's first look (processing) and its waiter: it linked nobody.
    await t.db.deleteFrom('media_upload_waiters').execute();
    await t.runJobs();
    expect((await t.db.selectFrom('pins').select('image_id').where('id', '=', pinId).executeTakeFirstOrThrow()).image_id).toBeNull();
    // The save's second look, after writing its waiter, sees the upload ready and links the pin.
    await mediaService(t.deps, t.jobs, imagesService(t.deps)).linkWhenReady(uploaded.id, pinId);
    expect((await t.db.selectFrom('pins').select('image_id').where('id', '=', pinId).executeTakeFirstOrThrow()).image_id).toBe(uploaded.id);
    expect(await t.db.selectFrom('media_upload_waiters').selectAll().execute()).toEqual([]);
  });

  it('an image its job cannot use fails with the reason, and a save with it is refused', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t);
    // A PNG by its bytes, too small to pin: only the decode in the job can tell.
    const uploaded = (await upload(await png(60, 60), 'image/png')).body.resource_response.data;
    expect(uploaded.status).toBe('processing');
    await t.runJobs();
    const failed = (await browser.get('MediaUploadResource', { id: uploaded.id })).body.resource_response.data;
    expect(failed).toMatchObject({ status: 'failed', error: 'Images must be larger than 119 by 119 pixels.', image: null });
    const res = await browser.post('PinResource', 'create', { board_id: board, media_upload_id: uploaded.id });
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 291, message_detail: 'Images must be larger than 119 by 119 pixels.' });
    const left = await leftovers(t);
    expect(left).toMatchObject({ pins: 0, images: 0, files: [] });
    expect(await t.db.selectFrom('jobs').selectAll().execute()).toEqual([]);
  });

  it('an image sent as image_base64 with the save goes through the same re-encode', async () => {
    const t = await testApp();
    const { browser, board } = await builder(t);
    const saved = await browser.post('PinResource', 'create', { board_id: board, image_base64: (await png(300, 300)).toString('base64'), method: 'uploaded' });
    expect(saved.status).toBe(200);
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images['236x']).toMatchObject({ width: 236, height: 236 });
    expect(pin.images['736x']).toMatchObject({ width: 300 });
    expect(pin.image_url).toBe(pin.images.originals.url);
  });

  it('a file that is not an image is refused with a clear message, and nothing is written', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t);
    const res = await upload(Buffer.from('%PDF-1.7 this is a document, not a picture at all'), 'image/png');
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toMatchObject({
      api_error_code: 232,
      message_detail: 'That file is not an image we can save. Choose a JPEG, PNG, GIF or WebP image.',
    });
    const base64 = await browser.post('PinResource', 'create', { board_id: board, image_base64: Buffer.from('<html>no</html>').toString('base64') });
    expect(base64.status).toBe(400);
    expect(base64.body.resource_response.error).toMatchObject({ api_error_code: 63, message_detail: 'The file is not a JPEG, PNG, GIF or WebP image.' });
    const garbled = await browser.post('PinResource', 'create', { board_id: board, image_base64: 'not base64 at all!' });
    expect(garbled.body.resource_response.error).toMatchObject({ api_error_code: 1, message_detail: 'image_base64: Must be an image in base64.' });
    expect(await leftovers(t)).toEqual(nothing);
  });

  it('a 50 MB file is refused as too large, and nothing is written', async () => {
    const t = await testApp();
    const { upload } = await builder(t);
    const big = Buffer.alloc(50 * 1024 * 1024);
    (await png()).copy(big);
    const res = await upload(big, 'image/png');
    expect(res.status).toBe(413);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 231, message_detail: 'Images can be up to 20 MB. Choose a smaller file.' });
    // Without a declared length the limit holds as the bytes come.
    const streamed = await upload(big.subarray(0, 21 * 1024 * 1024), 'image/png');
    expect(streamed.status).toBe(413);
    expect(await leftovers(t)).toEqual(nothing);
  });

  it('a video needs video_upload_allowed; then it is stored, served, and its pin plays it', async () => {
    const t = await testApp();
    const refused = await builder(t);
    const no = await refused.upload(mp4(), 'video/mp4');
    expect(no.status).toBe(403);
    expect(no.body.resource_response.error).toMatchObject({ api_error_code: 233 });
    expect(await leftovers(t)).toEqual(nothing);

    const { browser, board, upload } = await builder(t, 'video_upload');
    const res = await upload(mp4(), 'video/mp4');
    expect(res.status).toBe(200);
    const uploaded = res.body.resource_response.data;
    expect(uploaded).toMatchObject({ type: 'video', image: null, video: { format: 'mp4' } });
    const file = await t.app.request(new URL(uploaded.video.url).pathname);
    expect(file.headers.get('content-type')).toBe('video/mp4');
    // The bytes are the user's as sent (only their first ones were checked): opened as a page, nothing in them may run.
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(Buffer.from(await file.arrayBuffer()).equals(mp4())).toBe(true);
    const saved = await browser.post('PinResource', 'create', { board_id: board, media_upload_id: uploaded.id, title: 'Clip', method: 'pinbuilder' });
    expect(saved.status).toBe(200);
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.video).toEqual({ url: uploaded.video.url, format: 'mp4' });
  });

  it("another user's upload is not found", async () => {
    const t = await testApp();
    const owner = await builder(t);
    const uploaded = (await owner.upload(await png(), 'image/png')).body.resource_response.data;
    const other = await builder(t);
    const res = await other.browser.post('PinResource', 'create', { board_id: other.board, media_upload_id: uploaded.id });
    expect(res.status).toBe(404);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 234 });
    expect((await other.browser.get('MediaUploadResource', { id: uploaded.id })).status).toBe(404);
    expect((await owner.browser.get('MediaUploadResource', { id: uploaded.id })).body.resource_response.data).toMatchObject({ id: uploaded.id, type: 'image' });
  });

  it('needs a log-in, our origin, and a file type no cross-site form can send', async () => {
    const t = await testApp();
    const { upload } = await builder(t);
    const body = await png();
    expect((await upload(body, 'image/png', 'https://evil.example')).status).toBe(403);
    expect((await upload(body, 'text/plain')).status).toBe(415);
    expect((await upload(body, 'multipart/form-data; boundary=x')).status).toBe(415);
    const visitor = await t.app.request('/v3/media/uploads/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
      body: new Uint8Array(body),
    });
    expect(visitor.status).toBe(401);
    expect(await leftovers(t)).toEqual(nothing);
  });
});

describe('the pin-creation-disabled groups', () => {
  it('disable_all refuses every save and upload on the server', async () => {
    const t = await testApp();
    const { browser, board, upload } = await builder(t, 'pin_creation_disable_all');
    const save = await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/a', method: 'button' });
    expect(save.status).toBe(403);
    expect(save.body.resource_response.error).toMatchObject({ api_error_code: 230, message: 'Creating Pins is turned off for your account right now.' });
    expect((await upload(await png(), 'image/png')).body.resource_response.error).toMatchObject({ api_error_code: 230 });
    expect(await leftovers(t)).toEqual(nothing);
  });

  it("disable_web_pins refuses the builder's pins but not a save from a web page", async () => {
    const t = await testApp();
    const { browser, board } = await builder(t, 'pin_creation_disable_web_pins');
    const built = await browser.post('PinResource', 'create', { board_id: board, image_base64: (await png()).toString('base64'), method: 'pinbuilder' });
    expect(built.body.resource_response.error).toMatchObject({ api_error_code: 230 });
    const scraped = await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/b', method: 'button' });
    expect(scraped.status).toBe(200);
  });

  it('PinBuilderResource tells the builder its gates', async () => {
    const t = await testApp();
    const { browser } = await builder(t, 'video_upload');
    const answer = (await browser.get('PinBuilderResource', { adCreate: '1' })).body.resource_response.data;
    expect(answer).toMatchObject({ scenario: 'ad_creation', viewer: { isAuth: true, isPartner: false, video_upload_allowed: true }, groups: [] });
    expect(answer.gates).toMatchObject({ alt_text: true, video: true, scheduling: false });
    const visitor = (await t.client().get('PinBuilderResource')).body.resource_response.data;
    expect(visitor).toMatchObject({ scenario: 'default', viewer: { isAuth: false } });
    expect(visitor.gates.alt_text).toBe(false);
  });
});

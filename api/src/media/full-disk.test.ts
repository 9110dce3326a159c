import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { pauseDelay } from '../jobs/service.js';
import { capturedLog } from '../core/testing.js';
import { testApp } from '../testing.js';
import { useMediaObjects } from '../storage/index.js';
import { localObjects } from '../storage/local.js';
import type { MediaObjects } from '../storage/types.js';

const png = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();

/** The media directory as a full disk leaves it: every write fails with ENOSPC (and its check says so) until `full` is off. */
function fillable(dir: string) {
  const real = localObjects(dir);
  const state = { full: false };
  const noSpace = () => Object.assign(new Error(`ENOSPC: no space left on device, write '${dir}'`), { code: 'ENOSPC', errno: -28 });
  const guard =
    <A extends unknown[], R>(write: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (state.full) throw noSpace();
      return write(...args);
    };
  const store: MediaObjects = { ...real, kind: 'local', where: real.where, putSet: guard(real.putSet), putFile: guard(real.putFile), check: guard(real.check) };
  return { store, state };
}

describe('a full media store', () => {
  it('answers an upload 507 with Retry-After and its catalogue code, keeps nothing "processing", and logs the real error', async () => {
    const { log, entries } = capturedLog();
    const t = await testApp({ log });
    const disk = fillable(t.deps.config.mediaDir);
    useMediaObjects(t.deps.config, disk.store);
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    disk.state.full = true;
    const res = await browser.send('/v3/media/uploads/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
      body: new Uint8Array(await png()),
    });
    expect(res.status).toBe(507);
    expect(res.body.resource_response.error).toMatchObject({
      api_error_code: 401,
      http_status: 507,
      message: 'Our storage is full right now, so your file was not saved. Please try again later.',
    });
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await t.db.selectFrom('media_uploads').select('status').execute()).toEqual([]);
    expect(await t.db.selectFrom('jobs').select('kind').execute()).toEqual([]);
    const logged = entries().find((entry) => entry.msg === 'media store');
    expect(logged).toMatchObject({ level: 50, dependency: 'disk', err: { message: expect.stringContaining('ENOSPC') } });
  });

  it('lets every job that meets it wait for space, then finishes each: uploads ready, saved images in', async () => {
    const t = await testApp();
    const disk = fillable(t.deps.config.mediaDir);
    useMediaObjects(t.deps.config, disk.store);
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'Full');
    const uploaded = (
      await browser.send('/v3/media/uploads/', {
        method: 'POST',
        headers: { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
        body: new Uint8Array(await png()),
      })
    ).body.resource_response.data;
    const saved = (await browser.post('PinResource', 'create', { board_id: board, image_url: t.images.url('full-disk', { w: 500, h: 400 }), method: 'button' }))
      .body.resource_response.data;
    // The disk fills before their jobs run: they wait on it, their tries unspent, the upload still processing (not failed).
    disk.state.full = true;
    for (let wait = 1; wait <= 8; wait++) {
      await t.runJobs();
      t.clock.advance(pauseDelay(wait));
    }
    expect(await t.db.selectFrom('jobs').select(['kind', 'status', 'attempts', 'waiting_on']).orderBy('kind').execute()).toEqual([
      { kind: 'image.ingest', status: 'queued', attempts: 0, waiting_on: 'disk' },
      { kind: 'media.upload', status: 'queued', attempts: 0, waiting_on: 'disk' },
    ]);
    expect((await browser.get('MediaUploadResource', { id: uploaded.id })).body.resource_response.data).toMatchObject({ status: 'processing' });

    disk.state.full = false;
    t.clock.advance(pauseDelay(9));
    await t.runJobs();
    // Then the AVIF renditions, due after the JPEGs (images/avif.ts); nothing is left.
    t.clock.advance(60_000);
    await t.runJobs();
    expect(await t.db.selectFrom('jobs').select('kind').execute()).toEqual([]);
    expect((await browser.get('MediaUploadResource', { id: uploaded.id })).body.resource_response.data).toMatchObject({ status: 'ready', error: null });
    const pin = (await browser.get('PinResource', { id: saved.id })).body.resource_response.data;
    expect(pin.images['474x'].url).toBeTruthy();
  });
});

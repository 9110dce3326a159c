import { readdir } from 'node:fs/promises';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { UPLOAD_GRACE_MS } from './rules.js';
import { uploadSweeper } from './sweeper.js';

const png = (w = 600, h = 400) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: 200, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function account(t: TestApp, partner: boolean) {
  const user = await t.makeUser();
  if (partner) await t.db.updateTable('users').set({ is_partner: 1 }).where('id', '=', user.id).execute();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, 'Made by me');
  const upload = async (w = 600, h = 400) => {
    const res = await browser.send('/v3/media/uploads/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
      body: new Uint8Array(await png(w, h)),
    });
    return res.body.resource_response.data.id as string;
  };
  const edit = (options: Record<string, unknown>) => browser.post('MediaUploadResource', 'update', options);
  return { user, browser, board, upload, edit };
}

const files = async (t: TestApp) => (await readdir(t.deps.config.mediaDir, { recursive: true })).map(String);
const errorOf = (res: { status: number; body: any }) => ({ status: res.status, code: res.body.resource_response.error?.api_error_code });

describe('editing an upload in the pin builder', () => {
  it("a business account turns and crops its processed image; the pin shows the edit, and the upload's first image goes", async () => {
    const t = await testApp();
    const { browser, board, upload, edit } = await account(t, true);
    const id = await upload(600, 400);
    expect(errorOf(await edit({ id, rotate: 90 }))).toEqual({ status: 409, code: 2202 });
    await t.runJobs();
    // The original stays while the upload may still be edited.
    expect((await files(t)).some((f) => f.endsWith(`${id}.upload`))).toBe(true);

    const turned = await edit({ id, rotate: 90 });
    expect(turned.status).toBe(200);
    expect(turned.body.resource_response.data.image).toMatchObject({ width: 400, height: 600 });
    // Each edit starts from the upload as sent: a second 90 is still a quarter turn, now cropped square.
    const res = await edit({ id, rotate: 90, crop: { x: 0, y: 1 / 6, width: 1, height: 2 / 3 } });
    expect(res.status).toBe(200);
    const edited = res.body.resource_response.data;
    expect(edited.image).toMatchObject({ width: 400, height: 400 });
    expect(edited.image.id).not.toBe(id);
    const file = await t.app.request(new URL(edited.image.images.originals.url).pathname);
    expect(await sharp(Buffer.from(await file.arrayBuffer())).metadata()).toMatchObject({ width: 400, height: 400 });

    const saved = await browser.post('PinResource', 'create', { board_id: board, media_upload_id: id, title: 'Square', method: 'pinbuilder' });
    expect(saved.status).toBe(200);
    const pin = (await browser.get('PinResource', { id: saved.body.resource_response.data.id })).body.resource_response.data;
    expect(pin.images.originals).toMatchObject({ url: edited.image.images.originals.url, width: 400, height: 400 });
    // Published: no more edits, and the original is no longer kept.
    expect(errorOf(await edit({ id, rotate: 180 }))).toEqual({ status: 409, code: 2201 });
    expect((await files(t)).some((f) => f.endsWith(`${id}.upload`))).toBe(false);
    // The images the edits replaced are released; the pin's stays.
    await t.runJobs();
    const images = (await t.db.selectFrom('images').select('id').execute()).map((row) => row.id);
    expect(images).toEqual([edited.image.id]);
    expect((await files(t)).filter((f) => f.endsWith('originals.jpg'))).toEqual([`${edited.image.id}/originals.jpg`]);
  });

  it('is refused to a person who is not a business account, and for an upload that is not theirs', async () => {
    const t = await testApp();
    const person = await account(t, false);
    const id = await person.upload();
    await t.runJobs();
    expect(errorOf(await person.edit({ id, rotate: 90 }))).toEqual({ status: 403, code: 2200 });
    // A person's original is not kept: they cannot edit.
    expect((await files(t)).some((f) => f.endsWith(`${id}.upload`))).toBe(false);

    const business = await account(t, true);
    expect(errorOf(await business.edit({ id, rotate: 90 }))).toEqual({ status: 404, code: 234 });
    const own = await business.upload();
    await t.runJobs();
    expect(errorOf(await person.edit({ id: own, rotate: 90 }))).toEqual({ status: 403, code: 2200 });
    // Nothing changed: the upload still shows its own image.
    expect((await business.browser.get('MediaUploadResource', { id: own })).body.resource_response.data.image).toMatchObject({
      id: own,
      width: 600,
      height: 400,
    });
  });

  it('refuses bad edits with a clear error and writes nothing', async () => {
    const t = await testApp();
    const { upload, edit } = await account(t, true);
    const id = await upload(600, 400);
    await t.runJobs();
    for (const bad of [
      { id, rotate: 45 },
      { id, rotate: '90' },
      { id, crop: { x: 0.5, y: 0, width: 0.6, height: 1 } },
      { id, crop: { x: 0, y: 0, width: 0.01, height: 1 } },
      { id, crop: { x: 0, y: 0, width: 1, height: 1, z: 1 } },
      { id: 'x' },
    ]) {
      const res = await edit(bad);
      expect(errorOf(res)).toEqual({ status: 400, code: 1 });
      expect(res.body.resource_response.error?.message_detail).toBeTruthy();
    }
    // 600 wide: a tenth is 60 pixels, under an upload's minimum.
    expect(errorOf(await edit({ id, crop: { x: 0, y: 0, width: 0.1, height: 1 } }))).toEqual({ status: 400, code: 2203 });
    expect((await t.db.selectFrom('images').select('id').execute()).map((row) => row.id)).toEqual([id]);
    // A suspended owner's session no longer acts.
    await t.db
      .updateTable('users')
      .set({ state: 'suspended' })
      .where('id', '=', (await t.db.selectFrom('media_uploads').select('owner_id').where('id', '=', id).executeTakeFirstOrThrow()).owner_id)
      .execute();
    expect((await edit({ id, rotate: 90 })).status).toBe(401);
    expect((await t.db.selectFrom('images').select('id').execute()).map((row) => row.id)).toEqual([id]);
    const anonymous = t.client();
    expect((await anonymous.post('MediaUploadResource', 'update', { id, rotate: 90 })).status).toBe(401);
  });
});

describe("a business account's kept originals", () => {
  it('go with a save made while the upload was processing, once its job has run', async () => {
    const t = await testApp();
    const { browser, board, upload } = await account(t, true);
    const id = await upload();
    expect((await browser.post('PinResource', 'create', { board_id: board, media_upload_id: id, method: 'pinbuilder' })).status).toBe(200);
    await t.runJobs();
    expect((await files(t)).some((f) => f.endsWith(`${id}.upload`))).toBe(false);
  });

  it('go with an edited upload no one published, with every image it made', async () => {
    const t = await testApp();
    const { upload, edit } = await account(t, true);
    const id = await upload();
    await t.runJobs();
    expect((await edit({ id, rotate: 180 })).status).toBe(200);
    await t.runJobs();
    t.clock.advance(UPLOAD_GRACE_MS + 1000);
    expect(await uploadSweeper(t.deps).sweep()).toEqual({ uploads: 1, files: 0 });
    expect(await t.db.selectFrom('images').select('id').execute()).toEqual([]);
    expect((await files(t)).filter((f) => /\.(jpg|upload)$/.test(f))).toEqual([]);
  });
});

describe('the tips panel', () => {
  it('stays closed for the account once closed, on another device too', async () => {
    const t = await testApp();
    const { user, browser } = await account(t, true);
    const read = async (client = browser) => (await client.get('PinBuilderResource', {})).body.resource_response.data;
    expect(await read()).toMatchObject({ gates: { education: true, editing: true }, education_dismissed: false });
    expect((await browser.post('PinBuilderResource', 'update', { education_dismissed: true })).body.resource_response.data).toEqual({
      education_dismissed: true,
    });
    const other = t.client();
    await other.logIn(user.email, user.password);
    expect(await read(other)).toMatchObject({ education_dismissed: true });
    expect(errorOf(await browser.post('PinBuilderResource', 'update', { education_dismissed: 'yes' }))).toEqual({ status: 400, code: 1 });
    expect((await t.client().post('PinBuilderResource', 'update', { education_dismissed: true })).status).toBe(401);
  });
});

import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type TestApp } from '../testing.js';

/** The same saves, cascade and release through Postgres, in a database of this file's own (skipped where none answers). */
const pg = (await privatePostgres('cb_pg_carousel', 'the carousel Postgres tests'))?.connect();

const png = (shade: number) =>
  sharp({ create: { width: 300, height: 450, channels: 3, background: { r: shade, g: 40, b: 90 } } })
    .png()
    .toBuffer();

async function account(t: TestApp, name: string, partner: boolean) {
  const user = await t.makeUser(name);
  if (partner) await t.db.updateTable('users').set({ is_partner: 1 }).where('id', '=', user.id).execute();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, `${name} board`);
  let shade = 0;
  /** Uploads images through the builder's upload path; processed unless `processed` is false. */
  const upload = async (count: number, processed = true) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      shade += 20;
      const res = await browser.send('/v3/media/uploads/', {
        method: 'POST',
        headers: { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
        body: new Uint8Array(await png(shade)),
      });
      ids.push(res.body.resource_response.data.id as string);
    }
    if (processed) await t.runJobs();
    return ids;
  };
  const save = (extra: Record<string, unknown>) =>
    browser.post('PinResource', 'create', { board_id: board, title: 'Living room', method: 'pinbuilder', ...extra });
  return { user, browser, board, upload, save };
}

const slotRows = (t: TestApp) =>
  t.db.selectFrom('pin_carousel_slots').select(['pin_id', 'position', 'image_id']).orderBy('pin_id').orderBy('position').execute();
const pinCount = async (t: TestApp) => (await t.db.selectFrom('pins').select('id').execute()).length;
const claimed = async (t: TestApp, ids: string[]) =>
  (await t.db.selectFrom('media_uploads').select(['id', 'used_at']).where('id', 'in', ids).execute())
    .filter((row) => row.used_at !== null)
    .map((row) => row.id);
const imageOf = async (t: TestApp, uploadId: string) =>
  (await t.db.selectFrom('media_uploads').select('image_id').where('id', '=', uploadId).executeTakeFirstOrThrow()).image_id;
const errorOf = (res: { status: number; body: any }) => ({ status: res.status, code: res.body.resource_response.error?.api_error_code });

async function publishesCarousel(t: TestApp) {
  const shop = await account(t, 'shop', true);
  const [own, second, third] = (await shop.upload(3)) as [string, string, string];
  const res = await shop.save({ media_upload_id: own, carousel_upload_ids: [third, second] });
  expect(res.status).toBe(200);
  const id = res.body.resource_response.data.id as string;
  // Stored in the order given, committed with the pin; each upload claimed as the pin's own is.
  expect(await slotRows(t)).toEqual([
    { pin_id: id, position: 0, image_id: await imageOf(t, third) },
    { pin_id: id, position: 1, image_id: await imageOf(t, second) },
  ]);
  expect((await claimed(t, [own, second, third])).sort()).toEqual([own, second, third].sort());

  // The pin's page answers the slots' renditions, to anyone who may see the pin.
  const page = (await t.client().get('PinResource', { id })).body.resource_response.data;
  expect(page.carousel).toHaveLength(2);
  expect(page.carousel[0].originals.url).toContain(`/media/${await imageOf(t, third)}/`);
  expect(page.carousel[1]['236x'].url).toContain(`/media/${await imageOf(t, second)}/`);

  // A repin is the image, not the business's carousel.
  const saver = await account(t, 'saver', false);
  const repin = await saver.browser.post('RepinResource', 'create', { pin_id: id, board_id: saver.board });
  expect(repin.status).toBe(200);
  expect((await t.client().get('PinResource', { id: repin.body.resource_response.data.id })).body.resource_response.data.carousel).toEqual([]);

  // Deleting the pin takes its slots; the images stay while their uploads name them.
  expect((await shop.browser.post('PinResource', 'delete', { id })).status).toBe(200);
  expect(await slotRows(t)).toEqual([]);
  await t.runJobs();
  const images = (await t.db.selectFrom('images').select('id').execute()).map((row) => row.id);
  for (const upload of [second, third]) expect(images).toContain(await imageOf(t, upload));
  return shop;
}

/** A second carousel, then the account goes: its slots and their images go with it, nothing left naming bytes. */
async function accountDeletionReleases(t: TestApp) {
  const shop = await account(t, 'leaver', true);
  const [own, a, b] = (await shop.upload(3)) as [string, string, string];
  const slotImages = [await imageOf(t, a), await imageOf(t, b)];
  expect((await shop.save({ media_upload_id: own, carousel_upload_ids: [a, b] })).status).toBe(200);
  expect((await shop.browser.post('AccountDeletionResource', 'create', { password: shop.user.password })).status).toBe(200);
  await t.runJobs();
  await t.runJobs();
  expect(await slotRows(t)).toEqual([]);
  const left = await t.db.selectFrom('images').select('id').where('id', 'in', slotImages).execute();
  expect(left).toEqual([]);
}

describe('carousel pins', () => {
  it('a business publishes a carousel: slots stored in order, answered on its page, not repinned, gone with the pin', async () => {
    await publishesCarousel(await testApp());
  });

  it.skipIf(!pg)('the same on Postgres', async () => {
    await publishesCarousel(await testApp({ db: pg! }));
  });

  it('deleting the account removes the slots and releases their images', async () => {
    await accountDeletionReleases(await testApp());
  });

  it.skipIf(!pg)('deleting the account releases them on Postgres too', async () => {
    await accountDeletionReleases(await testApp({ db: pg! }));
  });

  it('refuses each bad carousel with its own code, writing and claiming nothing', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const pinner = await account(t, 'pinner', false);
    const [own, a, b, c, d, e] = (await shop.upload(6)) as [string, string, string, string, string, string];
    const [theirs] = (await pinner.upload(1)) as [string];
    const [used] = (await shop.upload(1)) as [string];
    expect((await shop.save({ media_upload_id: used })).status).toBe(200);
    const before = await pinCount(t);
    const [personalOwn, personalExtra] = (await pinner.upload(2)) as [string, string];
    // Last: every upload before it runs the jobs.
    const [pending] = (await shop.upload(1, false)) as [string];

    const cases: [string, () => Promise<{ status: number; body: any }>, { status: number; code: number }][] = [
      ['a personal account', () => pinner.save({ media_upload_id: personalOwn, carousel_upload_ids: [personalExtra] }), { status: 403, code: 2205 }],
      [
        'a business outside the gate’s scenarios',
        () => shop.save({ media_upload_id: own, carousel_upload_ids: [a], scenario: 'story_pin' }),
        { status: 403, code: 2205 },
      ],
      ['more than five images', () => shop.save({ media_upload_id: own, carousel_upload_ids: [a, b, c, d, e] }), { status: 400, code: 2206 }],
      ["someone else's upload", () => shop.save({ media_upload_id: own, carousel_upload_ids: [a, theirs] }), { status: 400, code: 2207 }],
      ['an upload that does not exist', () => shop.save({ media_upload_id: own, carousel_upload_ids: ['123456789'] }), { status: 400, code: 2207 }],
      ['an unprocessed upload', () => shop.save({ media_upload_id: own, carousel_upload_ids: [pending] }), { status: 409, code: 2202 }],
      ['an upload already on a pin', () => shop.save({ media_upload_id: own, carousel_upload_ids: [a, used] }), { status: 409, code: 2208 }],
      ['the same upload twice', () => shop.save({ media_upload_id: own, carousel_upload_ids: [a, b, a] }), { status: 400, code: 2209 }],
      ["the pin's own upload again", () => shop.save({ media_upload_id: own, carousel_upload_ids: [own] }), { status: 400, code: 2209 }],
      ['a pin with only a link', () => shop.save({ link: 'https://shop.example/', carousel_upload_ids: [a] }), { status: 400, code: 1 }],
    ];
    for (const [why, send, expected] of cases) {
      const res = await send();
      expect(errorOf(res), why).toMatchObject(expected.code === 1 ? { status: 400 } : expected);
      expect(await pinCount(t), why).toBe(before);
      expect(await slotRows(t), why).toEqual([]);
      expect(await claimed(t, [own, a, b, c, d, e, theirs, pending, personalOwn, personalExtra]), why).toEqual([]);
    }
    // An empty list is no carousel: the save goes through, for anyone.
    expect((await pinner.save({ media_upload_id: personalOwn, carousel_upload_ids: [] })).status).toBe(200);
  });
});

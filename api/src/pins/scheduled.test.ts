import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { scheduledPublisher } from '../background.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { UPLOAD_GRACE_MS } from '../media/rules.js';
import { uploadSweeper } from '../media/sweeper.js';
import { SCHEDULE_MAX_AHEAD_MS, SCHEDULE_MIN_AHEAD_MS, SCHEDULED_PINS_MAX } from './rules/schedule.js';

/** The same store through Postgres, in a database of this file's own (skipped where none answers). */
const pg = (await privatePostgres('cb_pg_scheduled', 'the scheduled-pin Postgres tests'))?.connect();

const HOUR = 60 * 60 * 1000;
const png = () =>
  sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 20, g: 140, b: 90 } } })
    .png()
    .toBuffer();

async function account(t: TestApp, name: string, partner: boolean) {
  const user = await t.makeUser(name);
  if (partner) await t.db.updateTable('users').set({ is_partner: 1 }).where('id', '=', user.id).execute();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  const board = await t.makeBoard(user.id, `${name} board`);
  const schedule = (extra: Record<string, unknown> = {}) =>
    browser.post('ScheduledPinResource', 'create', {
      board_id: board,
      link: 'https://shop.example/',
      title: 'Spring launch',
      method: 'pinbuilder',
      publish_at: t.clock.now() + HOUR,
      ...extra,
    });
  const upload = async () => {
    const res = await browser.send('/v3/media/uploads/', {
      method: 'POST',
      headers: { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
      body: new Uint8Array(await png()),
    });
    return res.body.resource_response.data.id as string;
  };
  const list = async () => (await browser.get('ScheduledPinResource', {})).body.resource_response.data.scheduled_pins as Array<Record<string, any>>;
  return { user, browser, board, schedule, upload, list };
}

const errorOf = (res: { status: number; body: any }) => ({ status: res.status, code: res.body.resource_response.error?.api_error_code });
const pinCount = async (t: TestApp) => (await t.db.selectFrom('pins').select('id').execute()).length;
const scheduledCount = async (t: TestApp) => (await t.db.selectFrom('scheduled_pins').select('id').execute()).length;

describe('scheduling a pin (Publish later)', () => {
  it('a business schedules a pin: kept, listed, not saved until its time', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const res = await shop.schedule({ description: 'Out in April', product_tags: [{ url: 'https://shop.example/lamp', title: 'Lamp' }] });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({ publish_at: t.clock.now() + HOUR, state: 'scheduled' });
    expect(await pinCount(t)).toBe(0);
    expect(await shop.list()).toMatchObject([
      {
        title: 'Spring launch',
        description: 'Out in April',
        board: { id: shop.board, name: 'shop board' },
        state: 'scheduled',
        publish_at: t.clock.now() + HOUR,
      },
    ]);
  });

  it('refuses a personal account, and a business where the gate is closed', async () => {
    const t = await testApp();
    const pinner = await account(t, 'pinner', false);
    expect(errorOf(await pinner.schedule())).toEqual({ status: 403, code: 2190 });
    const shop = await account(t, 'shop', true);
    expect(errorOf(await shop.schedule({ scenario: 'story_pin' }))).toEqual({ status: 403, code: 2190 });
    expect(await scheduledCount(t)).toBe(0);
  });

  it('refuses a time in the past, too soon, or too far ahead', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const now = t.clock.now();
    for (const publish_at of [now - HOUR, now + SCHEDULE_MIN_AHEAD_MS - 1, now + SCHEDULE_MAX_AHEAD_MS + 1]) {
      expect(errorOf(await shop.schedule({ publish_at }))).toEqual({ status: 400, code: 2191 });
    }
    expect((await shop.schedule({ publish_at: now + SCHEDULE_MIN_AHEAD_MS })).status).toBe(200);
    expect((await shop.schedule({ publish_at: now + SCHEDULE_MAX_AHEAD_MS, link: 'https://shop.example/later' })).status).toBe(200);
    expect(errorOf(await shop.schedule({ publish_at: 'tomorrow' }))).toMatchObject({ status: 400 });
  });

  it('refuses what a save would refuse: a board that does not exist, someone else’s board, a bad link, an image in the request', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const other = await account(t, 'other', true);
    expect(errorOf(await shop.schedule({ board_id: '999999999' }))).toMatchObject({ status: 404 });
    expect(errorOf(await shop.schedule({ board_id: other.board }))).toMatchObject({ status: 403 });
    expect(errorOf(await shop.schedule({ link: 'javascript:alert(1)' }))).toMatchObject({ status: 400 });
    expect(errorOf(await shop.schedule({ link: undefined }))).toMatchObject({ status: 400 });
    expect(errorOf(await shop.schedule({ image_base64: (await png()).toString('base64') }))).toEqual({ status: 400, code: 2194 });
    // Another account's upload is one that does not exist.
    const theirs = await other.upload();
    expect(errorOf(await shop.schedule({ media_upload_id: theirs, link: undefined }))).toMatchObject({ status: 404 });
    expect(await scheduledCount(t)).toBe(0);
  });

  it('refuses beyond the cap of waiting pins per account', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    await t.db
      .insertInto('scheduled_pins')
      .values(
        Array.from({ length: SCHEDULED_PINS_MAX }, (_, i) => ({
          id: String(800000000 + i),
          owner_user_id: shop.user.id,
          board_id: shop.board,
          media_upload_id: null,
          input: '{}',
          publish_at: t.clock.now() + HOUR,
          state: 'scheduled' as const,
          failure: null,
          pin_id: null,
          created_at: t.clock.now(),
        })),
      )
      .execute();
    expect(errorOf(await shop.schedule())).toEqual({ status: 429, code: 2192 });
  });

  it('cancels one of your own; someone else’s answers not found', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const other = await account(t, 'other', true);
    const id = (await shop.schedule()).body.resource_response.data.id;
    expect(errorOf(await other.browser.post('ScheduledPinResource', 'delete', { id }))).toEqual({ status: 404, code: 2193 });
    expect(await scheduledCount(t)).toBe(1);
    expect((await shop.browser.post('ScheduledPinResource', 'delete', { id })).status).toBe(200);
    expect(await shop.list()).toEqual([]);
    expect(errorOf(await shop.browser.post('ScheduledPinResource', 'delete', { id }))).toEqual({ status: 404, code: 2193 });
  });

  it('holds its upload past the sweeper’s day, and goes with its board', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const upload = await shop.upload();
    await t.runJobs();
    expect((await shop.schedule({ media_upload_id: upload, link: undefined, publish_at: t.clock.now() + 3 * 24 * HOUR })).status).toBe(200);
    t.clock.advance(UPLOAD_GRACE_MS + 1000);
    expect((await uploadSweeper(t.deps).sweep()).uploads).toBe(0);
    expect((await shop.list())[0]).toMatchObject({ thumbnail_url: expect.stringContaining(`/media/${upload}/`) });
    await t.db.deleteFrom('pins').execute();
    await t.db.deleteFrom('boards').where('id', '=', shop.board).execute();
    expect(await scheduledCount(t)).toBe(0);
  });
});

describe('publishing scheduled pins', () => {
  it.for(['SQLite', 'Postgres'])('publishes a due pin through the same save, once (%s)', async (kind, ctx) => {
    if (kind === 'Postgres' && !pg) return ctx.skip();
    const t = await testApp(kind === 'Postgres' ? { db: pg! } : {});
    const shop = await account(t, `shop${Date.now()}`, true);
    const upload = await shop.upload();
    await t.runJobs();
    const id = (
      await shop.schedule({ media_upload_id: upload, link: 'https://shop.example/spring', product_tags: [{ url: 'https://shop.example/lamp', title: 'Lamp' }] })
    ).body.resource_response.data.id;
    const publisher = scheduledPublisher(t.deps);
    expect(await publisher.publishDue(t.clock.now())).toBe(0);
    t.clock.advance(HOUR);
    expect(await publisher.publishDue(t.clock.now())).toBe(1);
    expect(await publisher.publishDue(t.clock.now())).toBe(0);
    const row = await t.db.selectFrom('scheduled_pins').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'published', failure: null });
    const pin = await t.db.selectFrom('pins').selectAll().where('id', '=', row.pin_id!).executeTakeFirstOrThrow();
    expect(pin).toMatchObject({
      board_id: shop.board,
      pinner_id: shop.user.id,
      title: 'Spring launch',
      link: 'https://shop.example/spring',
      method: 'pinbuilder',
    });
    expect((await t.db.selectFrom('pin_product_tags').select('title').where('pin_id', '=', pin.id).execute()).map((r) => r.title)).toEqual(['Lamp']);
  });

  it('fails cleanly when the board is gone by then: no pin, the owner told why', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    const id = (await shop.schedule()).body.resource_response.data.id;
    // Deleted through the API: the board is closed at once, its rows go with the deletion's job.
    expect((await shop.browser.post('BoardResource', 'delete', { board_id: shop.board })).status).toBe(200);
    t.clock.advance(HOUR);
    await scheduledPublisher(t.deps).publishDue(t.clock.now());
    expect(await pinCount(t)).toBe(0);
    const row = await t.db.selectFrom('scheduled_pins').selectAll().where('id', '=', id).executeTakeFirst();
    expect(row).toMatchObject({ state: 'failed', failure: 'board_archived', pin_id: null });
    const notices = (await shop.browser.get('NotificationsResource', {})).body.resource_response.data.notifications;
    expect(notices).toMatchObject([{ kind: 'scheduled_pin_failed', note: 'board_archived' }]);
  });

  it('fails when the account is no longer a business by then', async () => {
    const t = await testApp();
    const shop = await account(t, 'shop', true);
    await shop.schedule();
    await t.db.updateTable('users').set({ is_partner: 0 }).where('id', '=', shop.user.id).execute();
    t.clock.advance(HOUR);
    await scheduledPublisher(t.deps).publishDue(t.clock.now());
    expect(await pinCount(t)).toBe(0);
    expect((await shop.list())[0]).toMatchObject({ state: 'failed', failure: 'scheduling_closed' });
  });
});

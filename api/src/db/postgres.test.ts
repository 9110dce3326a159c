import { describe, expect, it } from 'vitest';
import { TEXT_MESSAGES } from '../lib/rules/text.js';
import { testApp } from '../testing.js';
import { privatePostgres } from './testing-postgres.js';
import { imageFixtures } from '../images/fixtures.js';

const fixtures = await imageFixtures();

/** The same migrations and the same save, through Postgres, in a database of this file's own. */
const db = (await privatePostgres('cb_pg', 'the Postgres tests'))?.connect();

describe('on Postgres', () => {
  it('migrates, logs in and saves a pin through the API', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pg');
    const board = await t.makeBoard(user.id, 'Recipes');
    const browser = t.client();
    expect((await browser.logIn(user.email, user.password)).status).toBe(200);
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('a'), description: 'On Postgres', method: 'button' });
    expect(res.status).toBe(200);
    const pin = await db.selectFrom('pins').selectAll().where('id', '=', res.body.resource_response.data.id).executeTakeFirstOrThrow();
    expect(pin).toMatchObject({ board_id: board, description: 'On Postgres', method: 'button', created_at: t.clock.now() });
    expect(typeof pin.created_at).toBe('number');
    const picker = (await browser.get('BoardPickerBoardsResource')).body.resource_response.data;
    expect(picker.all_boards[0]).toMatchObject({ name: 'Recipes', pin_count: 1 });
    expect(picker.boards_shortlist.map((b: { id: string }) => b.id)).toEqual([board]);
  });

  it('saves a pin that is only a link (migration 0006), and says Psst! the second time', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pglink');
    const board = await t.makeBoard(user.id, 'Links');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const pin = { board_id: board, link: 'https://publisher.example/notes', color: '#d9a441', method: 'button' };
    const res = await browser.post('PinResource', 'create', pin);
    expect(res.status).toBe(200);
    const row = await db.selectFrom('pins').selectAll().where('id', '=', res.body.resource_response.data.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ image_url: null, image_id: null, link: pin.link, color: '#d9a441' });
    expect((await browser.post('PinResource', 'create', pin)).status).toBe(409);
    const neither = await browser.post('PinResource', 'create', { board_id: board, method: 'button' });
    expect(neither.body.resource_response.error?.message_detail).toBe('image_url: A Pin needs an image or a link.');
    expect((await db.selectFrom('pins').select('id').where('board_id', '=', board).execute()).length).toBe(1);
  });

  it('refuses a bad body and writes nothing', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pg2');
    const board = await t.makeBoard(user.id, 'Recipes');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const before = (await db.selectFrom('pins').select('id').execute()).length;
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: 'ftp://x' });
    expect(res.status).toBe(400);
    expect((await db.selectFrom('pins').select('id').execute()).length).toBe(before);
  });

  it('answers a NUL in any text with 400, where Postgres would have refused it with a 500 (found by the fuzz suite)', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pgnul');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const logIn = await t.client().post('UserSessionResource', 'create', { username_or_email: 'a\u0000b', password: 'whatever' });
    const board = await browser.post('BoardResource', 'create', { name: 'a\u0000b' });
    const term = await browser.get('ShareSuggestionsTypeaheadResource', { term: 'a\u0000b' });
    for (const res of [logIn, term]) {
      expect(res.status).toBe(400);
      expect(res.body.resource_response.error).toMatchObject({
        api_error_code: 1,
        message_detail: expect.stringMatching(/: Must not contain a NUL character\.$/),
      });
    }
    // A user's text field says so in its own words (lib/text.ts).
    expect(board.status).toBe(400);
    expect(board.body.resource_response.error).toMatchObject({ api_error_code: 1, message_detail: `name: ${TEXT_MESSAGES.controlCharacter}` });
    expect(await db.selectFrom('boards').select('id').where('owner_id', '=', user.id).execute()).toEqual([]);
  });

  it('mails only emails new to a board (insert … on conflict do nothing returning)', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pg3');
    const board = await t.makeBoard(user.id, 'Together');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    await browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['pg-pal@example.com'] });
    await browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['pg-pal@example.com', 'pg-bud@example.com'] });
    const mail = await db.selectFrom('outbox').select('to_address').where('to_address', 'like', 'pg-%').orderBy('to_address').execute();
    expect(mail.map((m) => m.to_address)).toEqual(['pg-bud@example.com', 'pg-pal@example.com']);
  });

  it('keeps a member’s advertiser id on the pin and stores a client event (migration 0005)', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const owner = await t.makeUser('pgbrand');
    const staff = await t.makeUser('pgstaff');
    const advertiser = `${Date.now()}`;
    await db.insertInto('advertisers').values({ id: advertiser, owner_user_id: owner.id, name: 'Brand', created_at: 1 }).execute();
    // OWNER permission: a member acts for the advertiser without two-factor.
    await db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: staff.id, permissions: '["OWNER"]' }).execute();
    const browser = t.client();
    await browser.logIn(staff.email, staff.password);
    const board = await t.makeBoard(staff.id, 'Campaign');
    const res = await browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('b'), advertiser_id: advertiser });
    expect(res.status).toBe(200);
    const pinId = res.body.resource_response.data.id;
    expect((await db.selectFrom('pins').select('advertiser_id').where('id', '=', pinId).executeTakeFirstOrThrow()).advertiser_id).toBe(advertiser);
    const event = await t.app.request(
      `/v3/callback/event/?client=web&event=pin_create_success&pin_id=${pinId}&path=%2Fpin%2Fcreate%2Fbutton%2F&query=guid%3Dx`,
      {
        headers: { 'sec-fetch-site': 'same-origin', cookie: browser.cookies },
      },
    );
    expect(event.status).toBe(204);
    expect(await db.selectFrom('client_events').select(['event', 'viewer_id', 'created_at']).where('pin_id', '=', pinId).execute()).toEqual([
      { event: 'pin_create_success', viewer_id: staff.id, created_at: t.clock.now() },
    ]);
  });

  it('serves a board page by URL and pages its pins by bookmark (like, keyset order, counts)', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pgboard');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const first = (await browser.post('BoardResource', 'create', { name: 'Home decor' })).body.resource_response.data;
    const second = (await browser.post('BoardResource', 'create', { name: 'Home-decor' })).body.resource_response.data;
    expect([first.url, second.url]).toEqual(['/pgboard/home-decor/', '/pgboard/home-decor-2/']);
    const saved: string[] = [];
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      saved.push(
        (
          await browser.post('PinResource', 'create', {
            board_id: second.id,
            image_url: fixtures.url('c'),
            link: `https://publisher.example/pg/${i}`,
            method: 'button',
          })
        ).body.resource_response.data.id,
      );
    }
    const page = (await t.client().get('BoardResource', { username: 'pgboard', slug: 'home-decor-2' })).body.resource_response.data;
    expect(page).toMatchObject({ id: second.id, pin_count: 3, is_collaborative: false, owner: { username: 'pgboard' } });
    const one = (await t.client().get('BoardFeedResource', { board_id: second.id, page_size: 2 })).body.resource_response.data;
    const two = (await t.client().get('BoardFeedResource', { board_id: second.id, page_size: 2, bookmark: one.bookmark })).body.resource_response.data;
    expect([...one.pins, ...two.pins].map((p: { id: string }) => p.id)).toEqual(saved.slice().reverse());
    expect(two.bookmark).toBe('-end-');
  });
});

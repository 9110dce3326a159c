import { Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { connectPostgres } from './connect.js';
import type { Database } from './schema.js';
import { imageFixtures } from '../images/fixtures.js';

const fixtures = await imageFixtures();

/**
 * The same migrations and the same save, through Postgres. Uses PG_TEST_URL, or the machine's
 * server at 127.0.0.1:5432 (database test); each run gets a schema of its own.
 */
const BASE_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `corkboard_test_${process.pid}_${Date.now()}`;
let admin: Kysely<Database> | undefined;
let db: Kysely<Database> | undefined;
let unavailable: string | undefined;

beforeAll(async () => {
  try {
    admin = connectPostgres(BASE_URL);
    await sql`create schema ${sql.id(schema)}`.execute(admin);
    const url = new URL(BASE_URL);
    url.searchParams.set('options', `-c search_path=${schema}`);
    db = connectPostgres(url.toString());
  } catch (error) {
    unavailable = `Postgres is not reachable at ${BASE_URL} (${(error as Error).message})`;
    console.warn(`Skipping the Postgres tests: ${unavailable}`);
  }
});

afterAll(async () => {
  await db?.destroy();
  if (admin && !unavailable) await sql`drop schema ${sql.id(schema)} cascade`.execute(admin);
  await admin?.destroy();
});

describe('on Postgres', () => {
  it('migrates, logs in and saves a pin through the API', async (ctx) => {
    if (unavailable || !db) return ctx.skip();
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

  it('refuses a bad body and writes nothing', async (ctx) => {
    if (unavailable || !db) return ctx.skip();
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

  it('mails only emails new to a board (insert … on conflict do nothing returning)', async (ctx) => {
    if (unavailable || !db) return ctx.skip();
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
});

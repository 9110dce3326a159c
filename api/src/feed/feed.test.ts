import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { connectSqlite } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type Answer, type TestApp } from '../testing.js';
import { FEED_END } from '../lib/bookmark.js';

/** Following boards and people, the home feed and the following lists, on SQLite and Postgres. */
const pg = await privatePostgres('cb_feed', 'the following feed tests on Postgres');

const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer) => res.body.resource_response.error?.api_error_code;
const titles = (res: Answer) => (data(res).pins as { title: string }[]).map((p) => p.title);

async function loggedIn(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

const databases: Array<[string, () => Kysely<Database> | undefined]> = [
  ['SQLite', () => connectSqlite(':memory:')],
  ['Postgres', () => pg?.connect()],
];

describe.each(databases)('following on %s', (name, open) => {
  it('a home feed of the newest public pins of the people and boards you follow, paged, and the lists', async (ctx) => {
    const db = open();
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const n = name.length;
    const { user: olga, browser: o } = await loggedIn(t, `olga${n}`);
    const { user: cara, browser: c } = await loggedIn(t, `cara${n}`);
    const { user: vera, browser: v } = await loggedIn(t, `vera${n}`);
    const olgaOpen = await t.makeBoard(olga.id, 'Olga open');
    const olgaSecret = await t.makeBoard(olga.id, 'Olga secret', 'secret');
    const olgaStored = await t.makeBoard(olga.id, 'Olga stored');
    const caraFollowed = await t.makeBoard(cara.id, 'Cara followed');
    const caraOther = await t.makeBoard(cara.id, 'Cara other');
    const veraBoard = await t.makeBoard(vera.id, 'Vera board');
    const save = async (browser: typeof o, board: string, title: string) => {
      t.clock.advance(1000);
      const res = await browser.post('PinResource', 'create', {
        board_id: board,
        title,
        link: `https://x.example/${encodeURIComponent(title)}`,
        color: '#d9a441',
        method: 'button',
      });
      expect(res.status).toBe(200);
    };

    // Follows: a person, a board; not one's own board, not as a visitor, not a board one cannot see.
    expect((await v.post('UserFollowResource', 'create', { user_id: olga.id })).status).toBe(200);
    expect(data(await v.post('BoardFollowResource', 'create', { board_id: caraFollowed }))).toEqual({
      board_id: caraFollowed,
      followedByMe: true,
      follower_count: 1,
    });
    expect(data(await v.post('BoardFollowResource', 'create', { board_id: caraFollowed })).follower_count).toBe(1); // again: no change
    expect(code(await v.post('BoardFollowResource', 'create', { board_id: veraBoard }))).toBe(351);
    expect(code(await v.post('BoardFollowResource', 'create', { board_id: olgaSecret }))).toBe(40);
    expect(code(await t.client().post('BoardFollowResource', 'create', { board_id: caraFollowed }))).toBe(7);
    expect(code(await v.post('BoardFollowResource', 'create', { board_id: 'x' }))).toBe(1);
    expect(data(await t.client().get('BoardFollowResource', { board_id: caraFollowed }))).toMatchObject({
      followedByMe: false,
      follower_count: 1,
      is_owner: false,
    });
    expect(data(await c.get('BoardFollowResource', { board_id: caraFollowed }))).toMatchObject({ followedByMe: false, is_owner: true });
    expect(code(await t.client().get('BoardFollowResource', { board_id: olgaSecret }))).toBe(40);

    await save(o, olgaOpen, 'Olga 1');
    await save(o, olgaSecret, 'Olga secret pin');
    await save(o, olgaStored, 'Olga archived pin');
    await save(c, caraFollowed, 'Cara 1');
    await save(c, caraOther, 'Cara not followed');
    await save(v, veraBoard, 'Vera own');
    await save(o, olgaOpen, 'Olga 2');
    await save(c, caraFollowed, 'Cara 2');
    await t.db.updateTable('boards').set({ archived_at: 1 }).where('id', '=', olgaStored).execute();

    const feed = (more: Record<string, unknown> = {}) => v.get('HomeFeedResource', more);
    expect(titles(await feed())).toEqual(['Cara 2', 'Olga 2', 'Cara 1', 'Olga 1']);
    const first = data(await feed({ page_size: 3 }));
    expect(first.pins.map((p: { title: string }) => p.title)).toEqual(['Cara 2', 'Olga 2', 'Cara 1']);
    const second = data(await feed({ page_size: 3, bookmark: first.bookmark }));
    expect(second.pins.map((p: { title: string }) => p.title)).toEqual(['Olga 1']);
    expect(second.bookmark).toBe(FEED_END);
    expect(code(await feed({ bookmark: 'nope' }))).toBe(1);
    expect(code(await t.client().get('HomeFeedResource'))).toBe(7);

    // The lists, and "N following" counting people and boards.
    const following = data(await t.client().get('UserFollowingResource', { username: vera.username }));
    expect(following.users.map((u: { username: string }) => u.username)).toEqual([olga.username]);
    const boards = data(await t.client().get('UserFollowedBoardsResource', { username: vera.username }));
    expect(boards.boards).toEqual([
      { id: caraFollowed, name: 'Cara followed', url: `/${cara.username}/cara-followed/`, image_cover_url: null, owner: { username: cara.username } },
    ]);
    expect(data(await t.client().get('UserResource', { username: vera.username }))).toMatchObject({ following_count: 2 });
    expect(code(await t.client().get('UserFollowingResource', { username: 'nobody_here' }))).toBe(200); // profile_not_found

    // Unfollowing a board takes its pins away; a board made secret leaves the feed and the list.
    expect(data(await v.post('BoardFollowResource', 'delete', { board_id: caraFollowed }))).toMatchObject({ followedByMe: false, follower_count: 0 });
    expect(titles(await feed())).toEqual(['Olga 2', 'Olga 1']);
    await v.post('BoardFollowResource', 'create', { board_id: caraFollowed });
    await t.db.updateTable('boards').set({ privacy: 'secret' }).where('id', '=', caraFollowed).execute();
    expect(titles(await feed())).toEqual(['Olga 2', 'Olga 1']);
    expect(data(await t.client().get('UserFollowedBoardsResource', { username: vera.username })).boards).toEqual([]);
    // A suspended account's pins leave the feed, and it leaves the lists.
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', olga.id).execute();
    expect(titles(await feed())).toEqual([]);
    expect(data(await t.client().get('UserFollowingResource', { username: vera.username })).users).toEqual([]);
  });

  it('pages by bookmark with no pin twice and none left out when many share a moment, across boards', async (ctx) => {
    const db = open();
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const n = name.length;
    const { user: olga, browser: o } = await loggedIn(t, `polga${n}`);
    const { user: cara, browser: c } = await loggedIn(t, `pcara${n}`);
    const { user: vera, browser: v } = await loggedIn(t, `pvera${n}`);
    const olgaBoards = [await t.makeBoard(olga.id, 'One'), await t.makeBoard(olga.id, 'Two'), await t.makeBoard(olga.id, 'Three')];
    const caraFollowed = await t.makeBoard(cara.id, 'Followed');
    const caraOther = await t.makeBoard(cara.id, 'Other');
    const veraBoard = await t.makeBoard(vera.id, 'Own');
    expect((await v.post('UserFollowResource', 'create', { user_id: olga.id })).status).toBe(200);
    expect((await v.post('BoardFollowResource', 'create', { board_id: caraFollowed })).status).toBe(200);
    const places: Array<[typeof o, string]> = [...olgaBoards.map((b): [typeof o, string] => [o, b]), [c, caraFollowed], [c, caraOther], [v, veraBoard]];
    // Five saves at each moment, round the boards: pages must split inside a moment.
    for (let i = 0; i < 36; i++) {
      if (i % 5 === 0) t.clock.advance(1000);
      const [browser, board] = places[i % places.length]!;
      const res = await browser.post('PinResource', 'create', {
        board_id: board,
        title: `Pin ${i}`,
        link: `https://x.example/p/${i}`,
        color: '#d9a441',
        method: 'button',
      });
      expect(res.status).toBe(200);
    }
    // Newer than all of them, sixty pins on a secret board of a followed person: more than one read of
    // the reader's rows is kept from showing, and the pages go on past them.
    const secret = await t.makeBoard(olga.id, 'Hidden', 'secret');
    t.clock.advance(1000);
    await t.db
      .insertInto('pins')
      .values(
        Array.from({ length: 60 }, (_, i) => ({
          id: `77${String(i).padStart(16, '0')}`,
          board_id: secret,
          pinner_id: olga.id,
          image_url: '',
          link: `https://x.example/s/${i}`,
          title: `Secret ${i}`,
          method: 'button',
          created_at: t.clock.now(),
        })),
      )
      .execute();
    const shown = [...olgaBoards, caraFollowed];
    const expected = (
      await t.db.selectFrom('pins').select('title').where('board_id', 'in', shown).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
    ).map((r) => r.title);
    expect(expected).toHaveLength(24);
    for (const size of [1, 4, 7, 25]) {
      const seen: string[] = [];
      let bookmark: string | undefined;
      for (;;) {
        const page = data(await v.get('HomeFeedResource', { page_size: size, ...(bookmark ? { bookmark } : {}) }));
        seen.push(...page.pins.map((p: { title: string }) => p.title));
        if (page.bookmark === FEED_END) break;
        expect(page.pins).toHaveLength(size);
        bookmark = page.bookmark;
      }
      expect(seen).toEqual(expected);
    }
    // Following after the pins were saved brings them (the newest of what is followed), paged alike.
    const { browser: w } = await loggedIn(t, `pwill${n}`);
    expect((await w.post('UserFollowResource', 'create', { user_id: olga.id })).status).toBe(200);
    expect((await w.post('BoardFollowResource', 'create', { board_id: caraFollowed })).status).toBe(200);
    const first = data(await w.get('HomeFeedResource', { page_size: 20 }));
    const rest = data(await w.get('HomeFeedResource', { page_size: 20, bookmark: first.bookmark }));
    expect([...first.pins, ...rest.pins].map((p: { title: string }) => p.title)).toEqual(expected);
    expect(rest.bookmark).toBe(FEED_END);
    // A pin moved onto a followed board joins the feed at its place in time.
    const moved = (await t.db.selectFrom('pins').select('id').where('board_id', '=', caraOther).orderBy('created_at', 'desc').executeTakeFirstOrThrow()).id;
    await t.db.updateTable('pins').set({ board_id: caraFollowed }).where('id', '=', moved).execute();
    const after = (
      await t.db.selectFrom('pins').select('title').where('board_id', 'in', shown).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()
    ).map((r) => r.title);
    expect(titles(await w.get('HomeFeedResource', { page_size: 25 }))).toEqual(after);
  });
});

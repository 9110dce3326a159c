import { describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { connectSqlite } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type Answer, type TestApp } from '../testing.js';
import { FEED_END } from '../lib/bookmark.js';
import { searchTerms } from './rules.js';
import { searchStore } from './store.js';

/**
 * Search through the product's own resources, on SQLite and on Postgres: the index follows
 * saves, edits, moves, renames and deletes (triggers, migration 0027); accents and case fold as the
 * board search folds them; public search shows only what anyone may see; no typed text is an error
 * but an over-long one.
 */
const pg = await privatePostgres('cb_search', 'the search tests on Postgres');

const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer) => res.body.resource_response.error?.api_error_code;

async function loggedIn(t: TestApp, name: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { user, browser };
}

const titles = (res: Answer) => (data(res).pins as { title: string }[]).map((p) => p.title);

const databases: Array<[string, () => Kysely<Database> | undefined]> = [
  ['SQLite', () => connectSqlite(':memory:')],
  ['Postgres', () => pg?.connect()],
];

describe.each(databases)('search on %s', (_name, open) => {
  it('finds your own pins by title, description, link host, board and section name, folded, and keeps in step', async (ctx) => {
    const db = open();
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const { user: alice, browser: a } = await loggedIn(t, `alice${_name.length}`);
    const { browser: b } = await loggedIn(t, `bob${_name.length}`);
    const kitchen = await t.makeBoard(alice.id, 'Kitchen Ideas');
    const lighting = await t.makeSection(kitchen, 'Lighting');
    const secret = await t.makeBoard(alice.id, 'Secret stuff', 'secret');
    const garden = await t.makeBoard(alice.id, 'Garden');
    const save = async (options: Record<string, unknown>) =>
      data(await a.post('PinResource', 'create', { color: '#d9a441', method: 'button', ...options })).id as string;
    const pendant = await save({
      board_id: kitchen,
      section: lighting,
      title: 'Brass Pendant',
      description: 'Warm light #Cuisine',
      link: 'https://www.lampshop.example/p/1',
    });
    const torch = await save({ board_id: secret, title: 'Crème Brûlée torch', link: 'https://torch.example/' });
    const cages = await save({ board_id: garden, title: 'Tomato cages', description: 'DIY "cages" *: (easy)', link: 'https://veg.example/' });

    const mine = (q: string, more: Record<string, unknown> = {}) => a.get('SearchMyPinsResource', { q, ...more });
    expect(titles(await mine('brass'))).toEqual(['Brass Pendant']);
    expect(titles(await mine('BRASS pe'))).toEqual(['Brass Pendant']); // the word being typed is a prefix; case folded
    expect(titles(await mine('bra pendant'))).toEqual([]); // the words before it are whole words
    expect(titles(await mine('bra '))).toEqual([]); // a space after it: a whole word too
    expect(titles(await mine('creme brulee'))).toEqual(['Crème Brûlée torch']); // accents folded; your secret board is yours
    expect(titles(await mine('CRÈME'))).toEqual(['Crème Brûlée torch']);
    expect(titles(await mine('lampshop'))).toEqual(['Brass Pendant']); // the link's host
    expect(titles(await mine('example'))).toEqual(['Tomato cages', 'Crème Brûlée torch', 'Brass Pendant']); // newest first
    expect(titles(await mine('lighting'))).toEqual(['Brass Pendant']); // the section's name
    const byBoard = data(await mine('kitch'));
    expect(byBoard.pins.map((p: { title: string }) => p.title)).toEqual(['Brass Pendant']); // the board's name
    expect(byBoard.boards.map((x: { name: string }) => x.name)).toEqual(['Kitchen Ideas']);
    expect(titles(await mine('#cuisine'))).toEqual(['Brass Pendant']);
    expect(titles(await mine('#cuis'))).toEqual([]); // a hashtag is exact
    expect(titles(await b.get('SearchMyPinsResource', { q: 'brass' }))).toEqual([]); // someone else's own pins are not yours

    // An edit, a move, renames and a delete: the index follows each.
    expect((await a.post('PinResource', 'update', { id: pendant, title: 'Copper Pendant' })).status).toBe(200);
    expect(titles(await mine('brass'))).toEqual([]);
    expect(titles(await mine('copper'))).toEqual(['Copper Pendant']);
    expect((await a.post('BulkEditResource', 'update', { board_id: kitchen, section_id: null, pin_ids: [cages] })).status).toBe(200);
    expect(titles(await mine('kitchen tomato'))).toEqual(['Tomato cages']);
    expect(titles(await mine('garden tomato'))).toEqual([]);
    expect((await a.post('BoardSectionResource', 'update', { section_id: lighting, name: 'Lamps' })).status).toBe(200);
    expect(titles(await mine('lamps'))).toEqual(['Copper Pendant']);
    expect(titles(await mine('lighting'))).toEqual([]);
    await t.db.updateTable('boards').set({ name: 'Cucina' }).where('id', '=', kitchen).execute();
    expect(titles(await mine('cucina'))).toEqual(['Tomato cages', 'Copper Pendant']);
    expect((await a.post('PinResource', 'delete', { id: torch })).status).toBe(200);
    expect(titles(await mine('creme'))).toEqual([]);
    expect(await t.db.selectFrom('pin_search').select('pin_id').where('pin_id', '=', torch).execute()).toEqual([]);

    // Bad input: nothing typed, long text, and the full-text syntax of both databases are words or nothing.
    for (const q of [
      '',
      '   ',
      '"',
      '*',
      ':',
      '()',
      '"*:()',
      'NEAR(a b)',
      'a OR b',
      '!&|<->',
      "'",
      '\\',
      '%_',
      'doc:x',
      'owner : "1"',
      '^',
      'x'.repeat(1000),
      'word '.repeat(200),
    ]) {
      const res = await mine(q);
      expect(res.status, q.slice(0, 20)).toBe(200);
      const everyone = await b.get('SearchPinsResource', { q });
      expect(everyone.status, q.slice(0, 20)).toBe(200);
    }
    expect(titles(await mine('"cages" *: (easy)'))).toEqual(['Tomato cages']);
    const tooLong = await mine('x'.repeat(1001));
    expect([tooLong.status, code(tooLong)]).toEqual([400, 350]);
    expect(code(await a.get('SearchMyPinsResource', { q: 'x', bookmark: 'drop table' }))).toBe(1);
    expect(code(await a.get('SearchMyPinsResource', { q: 'x', page_size: 0 }))).toBe(1);
    expect(code(await t.client().get('SearchMyPinsResource', { q: 'x' }))).toBe(7);

    // Pages: 25, then the rest, then the end marker.
    for (let i = 0; i < 30; i++) await save({ board_id: garden, title: `Seedling ${i}`, link: `https://seeds.example/${i}` });
    const first = data(await mine('seedling'));
    expect(first.pins).toHaveLength(25);
    expect(first.pins[0].title).toBe('Seedling 29');
    const second = data(await mine('seedling', { bookmark: first.bookmark }));
    expect(second.pins.map((p: { title: string }) => p.title)).toEqual(['Seedling 4', 'Seedling 3', 'Seedling 2', 'Seedling 1', 'Seedling 0']);
    expect(second.bookmark).toBe(FEED_END);
    expect(data(await mine('seedling', { bookmark: FEED_END })).pins).toEqual([]);
  });

  it('pages newest first through every step of the index read, with hidden pins skipped, whatever the words’ share', async (ctx) => {
    const db = open();
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const n = _name.length;
    const { user: ana, browser: a } = await loggedIn(t, `ana${n}`);
    const { user: ben, browser: b } = await loggedIn(t, `ben${n}`);
    const flowers = await t.makeBoard(ana.id, 'Flowers');
    const hidden = await t.makeBoard(ana.id, 'Hidden', 'secret');
    const bens = await t.makeBoard(ben.id, 'Bens');
    const titleOf = new Map<string, string>();
    const save = async (browser: typeof a, board: string, title: string) => {
      const res = await browser.post('PinResource', 'create', {
        board_id: board,
        title,
        link: `https://x.example/${titleOf.size}`,
        color: '#d9a441',
        method: 'button',
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      titleOf.set(data(res).id as string, title);
    };
    // Oldest first: the tulips are old (on Postgres below the newest rows, found through the GIN index).
    await save(a, flowers, 'Tulip bulbs');
    await save(a, hidden, 'Tulip field');
    await save(a, flowers, 'Tulip vase');
    for (let i = 3; i < 9; i++) await save(a, i % 2 ? hidden : flowers, `Rose ${i}`);
    await save(b, bens, 'Tulip of ben');
    // Tiny steps and batches (Postgres; SQLite's FTS5 has none): every boundary is crossed with a few pins.
    const store = searchStore(t.db, { recentRows: 3, walkMax: 12, batch: 2 });
    const pages = async (scope: Parameters<typeof store.pins>[0], q: string, limit: number) => {
      const terms = searchTerms(q);
      const seen: string[] = [];
      for (let after: number | null = null; ; ) {
        const hits = await store.pins(scope, terms.words, terms.tags, after, limit + 1, terms.lastIsPrefix);
        seen.push(...hits.slice(0, limit).map((h) => titleOf.get(h.pin_id)!));
        if (hits.length <= limit) return seen;
        after = hits[limit - 1]!.seq;
      }
    };
    for (const limit of [1, 2, 25]) {
      expect(await pages({ mine: ana.id }, 'tulip', limit)).toEqual(['Tulip vase', 'Tulip field', 'Tulip bulbs']);
      expect(await pages({ public: true }, 'tulip', limit)).toEqual(['Tulip of ben', 'Tulip vase', 'Tulip bulbs']);
      expect(await pages({ mine: ana.id }, 'ro', limit)).toEqual(['Rose 8', 'Rose 7', 'Rose 6', 'Rose 5', 'Rose 4', 'Rose 3']);
      expect(await pages({ public: true }, 'rose', limit)).toEqual(['Rose 8', 'Rose 6', 'Rose 4']);
      expect(await pages({ public: true }, 'flowers', limit)).toEqual(['Rose 8', 'Rose 6', 'Rose 4', 'Tulip vase', 'Tulip bulbs']);
      expect(await pages({ mine: ben.id }, 'tulip', limit)).toEqual(['Tulip of ben']);
      expect(await pages({ public: true }, 'daisy', limit)).toEqual([]);
    }
  });

  it('public search shows public pins of everyone, never a secret, protected or archived board’s, nor a suspended or deactivated account’s', async (ctx) => {
    const db = open();
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const n = _name.length;
    const { user: olga, browser: o } = await loggedIn(t, `olga${n}`);
    const { user: cara, browser: c } = await loggedIn(t, `cara${n}`);
    const { browser: v } = await loggedIn(t, `vera${n}`);
    const visitor = t.client();
    const open1 = await t.makeBoard(olga.id, 'Open board');
    const hidden = await t.makeBoard(olga.id, 'Hidden board', 'secret');
    const stored = await t.makeBoard(olga.id, 'Stored board');
    const protectedBoard = await t.makeBoard(olga.id, 'Shop board');
    await t.db.updateTable('boards').set({ privacy: 'protected' }).where('id', '=', protectedBoard).execute();
    const caraBoard = await t.makeBoard(cara.id, 'Cara board');
    const save = async (browser: typeof o, board: string, title: string, description = '') =>
      data(await browser.post('PinResource', 'create', { board_id: board, title, description, link: 'https://x.example/', color: '#d9a441', method: 'button' }))
        .id as string;
    await save(o, open1, 'Zebra open', 'stripes #Safari');
    await save(o, hidden, 'Zebra secret');
    await save(o, stored, 'Zebra archived');
    await save(o, protectedBoard, 'Zebra protected');
    await save(c, caraBoard, 'Zebra by cara', 'plain #safari2');
    // Olga collaborates on Cara's board and saves there: her pin goes when she is suspended, Cara's stays.
    await t.db.insertInto('board_collaborators').values({ board_id: caraBoard, user_id: olga.id, status: 'accepted', created_at: 1 }).execute();
    await save(o, caraBoard, 'Zebra olga on cara');
    await t.db.updateTable('boards').set({ archived_at: 1 }).where('id', '=', stored).execute();

    const everyone = (browser: { get: typeof v.get }, q: string) => browser.get('SearchPinsResource', { q });
    expect(titles(await everyone(visitor, 'zebra'))).toEqual(['Zebra olga on cara', 'Zebra by cara', 'Zebra open']);
    expect(titles(await everyone(v, 'ZÉBRA'))).toEqual(['Zebra olga on cara', 'Zebra by cara', 'Zebra open']);
    // Not even their owner finds their secret, protected or archived pins in the public search.
    expect(titles(await everyone(o, 'zebra'))).toEqual(['Zebra olga on cara', 'Zebra by cara', 'Zebra open']);
    expect(titles(await everyone(visitor, '#safari'))).toEqual(['Zebra open']);
    expect(titles(await everyone(visitor, '#safari zebra'))).toEqual(['Zebra open']);
    expect(titles(await everyone(visitor, 'secret'))).toEqual([]);
    expect(titles(await everyone(visitor, 'hidden'))).toEqual([]);

    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', olga.id).execute();
    expect(titles(await everyone(visitor, 'zebra'))).toEqual(['Zebra by cara']);
    await t.db.updateTable('users').set({ state: 'deactivated' }).where('id', '=', olga.id).execute();
    expect(titles(await everyone(visitor, 'zebra'))).toEqual(['Zebra by cara']);
    await t.db.updateTable('users').set({ state: 'active' }).where('id', '=', olga.id).execute();
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', cara.id).execute();
    // Cara's board goes, and with it Olga's pin on it.
    expect(titles(await everyone(visitor, 'zebra'))).toEqual(['Zebra open']);
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { connectSqlite } from '../db/connect.js';
import type { Database } from '../db/schema.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp } from '../testing.js';
import { nameSortKey, nameWords, startsWithDigit } from './rules/names.js';
import { compareCursors } from './store.js';

/**
 * The picker and the save at the sizes the scale issue names: 40,000 boards on SQLite (above the
 * 32,766 bound variables one `IN (…)` of every board id used to need) and 70,000 on Postgres (above
 * its 65,535). The boards are written straight with SQL, as BoardResource create writes them.
 */
const WORDS = ['Home', 'Décor', 'Recipes', 'Travel', 'Garden', 'Kitchen', 'Style', 'Ideas', 'Wedding', 'Crafts'];
const boardName = (i: number) =>
  i === 31_337
    ? 'Crème Brûlée Favourites'
    : i % 50 === 7
      ? `${2000 + (i % 30)} plans ${i}`
      : `${WORDS[i % WORDS.length]} ${WORDS[(i * 3) % WORDS.length]} ${i}`;

async function seedBoards(db: Kysely<Database>, ownerId: string, count: number) {
  const BATCH = 1_000;
  await db.transaction().execute(async (trx) => {
    for (let start = 0; start < count; start += BATCH) {
      const boards = [];
      const words = [];
      for (let i = start; i < Math.min(count, start + BATCH); i++) {
        const id = `7${String(i).padStart(17, '0')}`;
        const name = boardName(i);
        boards.push({
          id,
          owner_id: ownerId,
          name,
          slug: `board-${i}`,
          privacy: 'public' as const,
          advertiser_id: null,
          image_cover_url: null,
          archived_at: null,
          last_pinned_at: null,
          created_at: i,
          sort_digit: startsWithDigit(name) ? 1 : 0,
          sort_key: nameSortKey(name),
        });
        for (const word of new Set(nameWords(name))) words.push({ board_id: id, owner_id: ownerId, word });
      }
      await trx.insertInto('boards').values(boards).execute();
      await trx.insertInto('board_words').values(words).execute();
    }
  });
}

type Row = { id: string; name: string };

async function exercise(db: Kysely<Database>, count: number) {
  const t = await testApp({ db });
  const me = await t.makeUser(`scale${count}`);
  const other = await t.makeUser(`other${count}`);
  await seedBoards(db, me.id, count);
  const shared = await t.makeBoard(other.id, 'Aardvark sketches');
  await db.insertInto('board_collaborators').values({ board_id: shared, user_id: me.id, status: 'accepted', created_at: 1 }).execute();
  const browser = t.client();
  await browser.logIn(me.email, me.password);
  const picker = async (options: Record<string, unknown>) => {
    const res = await browser.get('BoardPickerBoardsResource', options);
    expect(res.status).toBe(200);
    return res.body.resource_response.data as { all_boards: Row[]; bookmark: string; boards_shortlist: Row[] };
  };

  // The first page: a page, in order, the shared board first (its name sorts first), digit names last.
  const first = await picker({});
  expect(first.all_boards).toHaveLength(100);
  expect(first.all_boards[0]!.name).toBe('Aardvark sketches');
  expect(first.bookmark).not.toBe('-end-');
  const keyed = (rows: Row[]) => rows.map((r) => ({ id: r.id, sort_digit: startsWithDigit(r.name) ? 1 : 0, sort_key: nameSortKey(r.name) }));
  const inOrder = (rows: Row[]) => keyed(rows).every((row, i, all) => i === 0 || compareCursors(all[i - 1]!, row) < 0);
  expect(inOrder(first.all_boards)).toBe(true);

  // Paging: the next pages follow on, nothing repeated.
  let rows = [...first.all_boards];
  let bookmark = first.bookmark;
  for (let i = 0; i < 3; i++) {
    const next = await picker({ bookmark });
    rows = [...rows, ...next.all_boards];
    bookmark = next.bookmark;
  }
  expect(rows).toHaveLength(400);
  expect(new Set(rows.map((r) => r.id)).size).toBe(400);
  expect(inOrder(rows)).toBe(true);
  // The digit-last rule at this size: no name starting with a digit before the others.
  expect(rows.some((r) => startsWithDigit(r.name))).toBe(false);
  const plans = await picker({ query: 'plans' });
  expect(plans.all_boards.length).toBe(100);
  expect(plans.all_boards.every((r) => /^20\d\d plans /.test(r.name))).toBe(true);
  expect(inOrder(plans.all_boards)).toBe(true);

  // A server search by folded words finds the one board.
  const found = await picker({ query: 'CREME brul' });
  expect(found.all_boards.map((r) => r.name)).toEqual(['Crème Brûlée Favourites']);
  expect(found.bookmark).toBe('-end-');

  // Sections of the opened board, and a save to it.
  const board = found.all_boards[0]!.id;
  await t.makeSection(board, 'Custards');
  const sections = (await browser.get('BoardSectionsRepinResource', { board_id: board })).body.resource_response.data;
  expect(sections.map((s: { title: string }) => s.title)).toEqual(['Custards']);
  const pin = { board_id: board, link: 'https://publisher.example/creme', description: 'Scale', method: 'button', color: '#d9a441' };
  expect((await browser.post('PinResource', 'create', pin)).status).toBe(200);
  const again = await browser.post('PinResource', 'create', pin);
  expect(JSON.stringify(again.body.resource_response.error)).toContain('Psst!');
  expect((await picker({})).boards_shortlist.map((r) => r.id)).toEqual([board]);
}

const pg = await privatePostgres('cb_scale_db', 'the Postgres scale test');

describe('the picker and the save at scale', () => {
  it('answers for 40,000 boards on SQLite', async () => {
    const db = connectSqlite(join(mkdtempSync(join(tmpdir(), 'corkboard-scale-')), 'scale.sqlite'));
    try {
      await exercise(db, 40_000);
    } finally {
      await db.destroy();
    }
  }, 120_000);

  it('answers for 70,000 boards on Postgres', async (ctx) => {
    if (!pg) return ctx.skip();
    await exercise(pg.connect(), 70_000);
  }, 300_000);
});

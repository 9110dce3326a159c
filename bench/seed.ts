import SQLite from 'better-sqlite3';
import { nameSortKey, nameWords, startsWithDigit } from '../api/src/boards/rules/names.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { sqliteIndexMissing } from '../api/src/db/migrations/0027_search_and_follows.js';

/**
 * Large accounts for the benchmarks, written straight with SQL in one transaction per call (100,000
 * boards in about a second): the same rows BoardResource create writes, sort key and name words
 * included (boards/rules/names.ts), without a request per board.
 */
export const WORDS = [
  'Home',
  'Décor',
  'Recipes',
  'Travel',
  'Garden',
  'Kitchen',
  'Style',
  'Ideas',
  'Wedding',
  'Crafts',
  'Art',
  'Quotes',
  'Fitness',
  'Books',
  'Summer',
  'Winter',
];

export const benchBoardName = (i: number) =>
  i % 50 === 7 ? `${2000 + (i % 30)} plans ${i}` : `${WORDS[i % WORDS.length]} ${WORDS[(i * 7) % WORDS.length]} ${i}`;

/** `count` boards for `ownerId`, ids `${prefix}000…i`; the first `recent` were saved to lately. Returns their ids. */
export function seedBoards(file: string, ownerId: string, count: number, prefix: string, name = benchBoardName): string[] {
  const db = new SQLite(file);
  const board = db.prepare(
    `insert into boards (id, owner_id, name, slug, description, privacy, advertiser_id, image_cover_url, pin_count, section_count, archived_at, last_pinned_at, created_at, sort_digit, sort_key)
     values (?, ?, ?, ?, '', ?, null, null, 0, 0, null, ?, ?, ?, ?)`,
  );
  const word = db.prepare('insert into board_words (board_id, owner_id, word) values (?, ?, ?)');
  const ids: string[] = [];
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const id = `${prefix}${String(i).padStart(18 - prefix.length, '0')}`;
      const boardName = name(i);
      board.run(
        id,
        ownerId,
        boardName,
        `board-${i}`,
        i % 10 === 0 ? 'secret' : 'public',
        i < 5 ? 1_000 + i : null,
        i,
        startsWithDigit(boardName) ? 1 : 0,
        nameSortKey(boardName),
      );
      for (const w of new Set(nameWords(boardName))) word.run(id, ownerId, w);
      ids.push(id);
    }
  })();
  db.close();
  return ids;
}

/**
 * `count` link-only pins by `pinnerId`, spread over `boardIds`, in one statement (a recursive counter); their ids
 * start with `idPrefix`, so two calls on one file do not collide.
 * The search index's insert trigger (migration 0027) is set aside while they go in and the index is
 * filled in one pass after (the migration's own backfill): a million trigger runs took ten minutes.
 */
export async function seedPins(file: string, pinnerId: string, boardIds: string[], count: number, idPrefix = '9') {
  const db = new SQLite(file);
  const trigger = db.prepare(`select sql from sqlite_master where type = 'trigger' and name = 'pins_search_insert'`).get() as { sql: string } | undefined;
  if (trigger) db.exec('drop trigger pins_search_insert');
  db.exec('create temp table seed_boards (n integer primary key, id text not null)');
  const add = db.prepare('insert into seed_boards (n, id) values (?, ?)');
  db.transaction(() => {
    for (const [n, id] of boardIds.entries()) add.run(n, id);
  })();
  db.transaction(() => {
    db.prepare(
      `with recursive counter(n) as (select 0 union all select n + 1 from counter where n + 1 < ?)
       insert into pins (id, board_id, section_id, pinner_id, image_id, image_url, link, title, description, method, guid, color, created_at, advertiser_id)
       select printf('%s%017d', ?, n), (select id from seed_boards where seed_boards.n = counter.n % ?), null, ?, null, null,
              'https://publisher.example/seeded/' || n, '', '', 'button', null, '#d9a441', n, null
       from counter`,
    ).run(count, idPrefix, boardIds.length, pinnerId);
    db.prepare('update users set pin_count = pin_count + ? where id = ?').run(count, pinnerId);
    db.exec('update boards set pin_count = (select count(*) from pins where pins.board_id = boards.id) where id in (select id from seed_boards)');
  })();
  if (trigger) db.exec(trigger.sql);
  db.close();
  if (trigger) {
    const kysely = connectSqlite(file);
    await sqliteIndexMissing(kysely);
    await kysely.destroy();
  }
}

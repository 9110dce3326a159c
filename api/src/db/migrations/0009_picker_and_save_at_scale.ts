import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The picker and the save at the sizes real users reach (docs/decisions.md, "Scale: the picker and
 * the save"). Numbered 0009: the numbers between are other branches'.
 *
 * - boards.sort_digit and boards.sort_key: the picker's order (digit-last, then boards/rules/names.ts's
 *   key), stored at write time so SQL can page it, with the index it is paged through.
 * - board_words: each board's name words (folded as the popup folds them), so a search over a large
 *   account is an index range per typed word instead of a scan of every name.
 * - boards_recent: the 'Top choices' (most recently saved to) in one index walk.
 * - boards_owner_name: a new board's duplicate-name check (lower(name), as boards/store.ts asks it) in
 *   one lookup, however many boards the owner has.
 * - pins_duplicate: the save's duplicate check in one lookup instead of a scan of the user's pins; it
 *   leads with pinner_id, so it also serves everything pins_pinner did, which goes.
 *
 * sort_key and word are compared as bytes: SQLite's default BINARY does that; Postgres needs
 * COLLATE "C" (its default collation is the locale's, which neither the index nor the client shares).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  const bytes = sqlite ? sql`` : sql`collate "C"`;
  await db.schema
    .alterTable('boards')
    .addColumn('sort_digit', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('boards')
    .addColumn('sort_key', 'text', (c) => c.notNull().defaultTo('').modifyFront(bytes))
    .execute();
  await db.schema
    .createTable('board_words')
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('word', 'text', (c) => c.notNull().modifyFront(bytes))
    .addPrimaryKeyConstraint('board_words_pk', ['board_id', 'word'])
    .execute();

  const boards = await db.selectFrom('boards').select(['id', 'owner_id', 'name']).execute();
  // Postgres runs each migration in a transaction already; SQLite's backfill gets one of its own.
  const inOne = (work: (trx: Kysely<any>) => Promise<void>) => (db.isTransaction ? work(db) : db.transaction().execute(work));
  await inOne(async (trx) => {
    for (const board of boards as Array<{ id: string; owner_id: string; name: string }>) {
      await trx
        .updateTable('boards')
        .set({ sort_digit: startsWithDigit(board.name) ? 1 : 0, sort_key: nameSortKey(board.name) })
        .where('id', '=', board.id)
        .execute();
      const words = [...new Set(nameWords(board.name))];
      if (words.length)
        await trx
          .insertInto('board_words')
          .values(words.map((word) => ({ board_id: board.id, owner_id: board.owner_id, word })))
          .execute();
    }
  });

  await db.schema.createIndex('board_words_owner').on('board_words').columns(['owner_id', 'word']).execute();
  await db.schema.createIndex('boards_picker').on('boards').columns(['owner_id', 'sort_digit', 'sort_key', 'id']).execute();
  await db.schema.createIndex('boards_recent').on('boards').columns(['owner_id', 'last_pinned_at']).execute();
  await sql`create index boards_owner_name on boards (owner_id, (lower(name)))`.execute(db);
  await sql`create index pins_duplicate on pins (pinner_id, board_id, (substr(coalesce(image_url, link), 1, 200)))`.execute(db);
  await db.schema.dropIndex('pins_pinner').execute();
}

/*
 * The board-name rules as they were when this migration was written, frozen here: a migration must write
 * the same data on every install, whatever today's rules in boards/rules/names.ts say.
 */
const foldName = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const nameWords = (text: string): string[] =>
  foldName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const startsWithDigit = (name: string): boolean => /^\d/.test(name);
function nameSortKey(name: string): string {
  return foldName(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\d+/g, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '');
      return `${String.fromCharCode(0x30 + Math.min(digits.length, 40))}${digits}`;
    });
}

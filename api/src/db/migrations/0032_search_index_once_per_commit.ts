import { sql, SqliteAdapter, type Kysely } from 'kysely';
import { sqliteDoc as doc } from './0027_search_and_follows.js';

/**
 * The SQLite search index written once per commit of saves, not once per save (the save at scale;
 * docs/decisions/scale.md).
 *
 * FTS5 writes what it holds in memory as a new segment of the index whenever a savepoint opens, and SQLite
 * opens one at every statement that may need undoing in part (a multi-row insert, an insert with triggers)
 * as well as at each save's own savepoint in a shared commit (db/batched.ts). So every save wrote a segment
 * of its own and FTS5 merged them after: measured at a million pins, 40 % of the save's SQLite time.
 *
 * - `pin_search_docs`: a pin's search document as a view (the same text migration 0027's trigger made),
 *   so the trigger and the batch read one definition.
 * - `search_deferred`: empty but inside a batch of saves. While it holds its row (the highest `seq` when the
 *   batch began), the insert trigger leaves the words out, and the batch writes every new pin's words in one
 *   statement just before its commit (db/deferred-search.ts): one segment a commit. The row is deleted in the
 *   same transaction, so no commit ever leaves one behind; every other writer indexes at once, as before.
 * Postgres keeps its tsvector column and GIN index (a pending list there already makes inserts cheap).
 */
export async function up(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await sql`create table search_deferred (seq integer not null)`.execute(db);
  await sql
    .raw(
      `create view pin_search_docs as
         select ps.seq, ps.pin_id, p.pinner_id as owner, ${doc('p', 'b.name', 's.title')} as doc
         from pin_search ps join pins p on p.id = ps.pin_id join boards b on b.id = p.board_id
         left join board_sections s on s.id = p.section_id`,
    )
    .execute(db);
  await insertTrigger(db, `select seq, owner, doc from pin_search_docs where pin_id = new.id and not exists (select 1 from search_deferred)`);
}

export async function down(db: Kysely<any>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof SqliteAdapter)) return;
  await insertTrigger(
    db,
    `select (select seq from pin_search where pin_id = new.id), new.pinner_id, ${doc('new', 'b.name', 's.title')}
       from boards b left join board_sections s on s.id = new.section_id where b.id = new.board_id`,
  );
  await sql`drop view pin_search_docs`.execute(db);
  await sql`drop table search_deferred`.execute(db);
}

/** The pins' insert trigger, made anew: the pin's place in the search order, and its words as `words` selects them. */
async function insertTrigger(db: Kysely<any>, words: string) {
  await sql`drop trigger pins_search_insert`.execute(db);
  await sql
    .raw(
      `create trigger pins_search_insert after insert on pins begin
         insert into pin_search (pin_id) values (new.id);
         insert into pin_fts (rowid, owner, doc) ${words};
       end`,
    )
    .execute(db);
}

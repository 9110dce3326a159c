import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * Search and the following feed (docs/decisions/search-and-feed.md).
 *
 * pin_search: one row a pin, `seq` its place in the search order (newest indexed first), kept by
 * triggers on pins, boards (a rename) and board_sections (a rename), so every writer (the save, an
 * edit, a move, a delete, a bulk action, an import) keeps the index in step without knowing of it,
 * on both databases. A pin's document: its title, description, link host, board name and section name.
 *
 * - SQLite: pin_fts, an FTS5 table whose rowid is pin_search.seq; the unicode61 tokenizer folds case
 *   and accents (remove_diacritics 2) as boards/rules/names.ts foldName does. No word positions are kept
 *   (detail=column: search asks for words, never phrases), and prefixes of 2 to 6 characters have
 *   their own entries, so a word being typed is one doclist, not every completion's merged. `owner` holds the pinner's id,
 *   so "my pins" is an intersection inside the index, not a filter after it.
 * - Postgres: pin_search.doc, a tsvector of the 'simple' configuration over the text folded by us
 *   (cb_fold: NFD, combining marks dropped, lower case: foldName in SQL; no unaccent extension needed),
 *   with a GIN index, and (pinner_id, seq) for "my pins".
 *
 * board_follows: a board followed (follows of people are `follows`, migration 0004).
 */
export async function up(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  await db.schema
    .createTable('board_follows')
    .addColumn('follower_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('board_id', 'text', (c) => c.notNull().references('boards.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('board_follows_pk', ['follower_id', 'board_id'])
    .execute();
  await db.schema.createIndex('board_follows_board').on('board_follows').columns(['board_id', 'created_at']).execute();
  await db.schema.createIndex('board_follows_follower').on('board_follows').columns(['follower_id', 'created_at']).execute();
  // The feed reads the newest pins of a set of boards: (board_id, created_at) exists (pins_board).
  await db.schema.createIndex('follows_follower').on('follows').columns(['follower_id', 'created_at']).execute();
  await db.schema.createIndex('follows_followee').on('follows').columns(['followee_id', 'created_at']).execute();
  if (sqlite) await sqliteIndex(db);
  else await postgresIndex(db);
}

/** The SQL of a link's host: what follows `scheme://` up to the next '/', '?' or '#' (SQLite has no regex). */
const sqliteHost = (link: string) => {
  const rest = `substr(${link}, instr(${link}, '://') + 3)`;
  const cut = `min(instr(${rest} || '/', '/'), instr(${rest} || '?', '?'), instr(${rest} || '#', '#'))`;
  return `case when instr(${link}, '://') > 0 then substr(${rest}, 1, ${cut} - 1) else '' end`;
};

/** A pin's document, from its row (`p`), its board's name and its section's title (also migration 0032's view). */
export const sqliteDoc = (p: string, boardName: string, sectionTitle: string) =>
  `${p}.title || ' ' || ${p}.description || ' ' || ${sqliteHost(`coalesce(${p}.link, '')`)} || ' ' || ${boardName} || ' ' || coalesce(${sectionTitle}, '')`;

async function sqliteIndex(db: Kysely<any>) {
  await sql`create table pin_search (seq integer primary key autoincrement, pin_id text not null unique)`.execute(db);
  await sql`create virtual table pin_fts using fts5(owner, doc, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4 5 6', detail = column)`.execute(db);
  const rowOf = (pinId: string) => `(select seq from pin_search where pin_id = ${pinId})`;
  await sql
    .raw(
      `create trigger pins_search_insert after insert on pins begin
         insert into pin_search (pin_id) values (new.id);
         insert into pin_fts (rowid, owner, doc)
           select ${rowOf('new.id')}, new.pinner_id, ${sqliteDoc('new', 'b.name', 's.title')}
           from boards b left join board_sections s on s.id = new.section_id where b.id = new.board_id;
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger pins_search_update after update of title, description, link, board_id, section_id, pinner_id on pins begin
         update pin_fts set owner = new.pinner_id,
           doc = (select ${sqliteDoc('new', 'b.name', 's.title')} from boards b left join board_sections s on s.id = new.section_id where b.id = new.board_id)
         where rowid = ${rowOf('new.id')};
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger pins_search_delete after delete on pins begin
         delete from pin_fts where rowid = ${rowOf('old.id')};
         delete from pin_search where pin_id = old.id;
       end`,
    )
    .execute(db);
  // A rename re-indexes the board's (or section's) pins: renames are rare, saves are not.
  await sql
    .raw(
      `create trigger boards_search_rename after update of name on boards when old.name is not new.name begin
         update pin_fts set doc = (
           select ${sqliteDoc('p', 'new.name', 's.title')} from pin_search ps join pins p on p.id = ps.pin_id
           left join board_sections s on s.id = p.section_id where ps.seq = pin_fts.rowid)
         where rowid in (select ps.seq from pins p join pin_search ps on ps.pin_id = p.id where p.board_id = new.id);
       end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sections_search_rename after update of title on board_sections when old.title is not new.title begin
         update pin_fts set doc = (
           select ${sqliteDoc('p', 'b.name', 'new.title')} from pin_search ps join pins p on p.id = ps.pin_id
           join boards b on b.id = p.board_id where ps.seq = pin_fts.rowid)
         where rowid in (select ps.seq from pins p join pin_search ps on ps.pin_id = p.id where p.section_id = new.id);
       end`,
    )
    .execute(db);
  await sqliteIndexMissing(db);
}

/**
 * Indexes the pins the index lacks, oldest first, so the newest keep the highest places: the pins saved
 * before this migration, and (bench/search.ts) pins bulk-written with the insert trigger dropped.
 */
export async function sqliteIndexMissing(db: Kysely<any>) {
  const before = Number((await sql<{ n: number }>`select coalesce(max(seq), 0) as n from pin_search`.execute(db)).rows[0]!.n);
  await sql`insert into pin_search (pin_id) select id from pins where id not in (select pin_id from pin_search) order by created_at, id`.execute(db);
  await sql
    .raw(
      `insert into pin_fts (rowid, owner, doc)
         select ps.seq, p.pinner_id, ${sqliteDoc('p', 'b.name', 's.title')}
         from pin_search ps join pins p on p.id = ps.pin_id join boards b on b.id = p.board_id left join board_sections s on s.id = p.section_id
         where ps.seq > ${before}`,
    )
    .execute(db);
}

async function postgresIndex(db: Kysely<any>) {
  // foldName (boards/rules/names.ts) in SQL; '.', '/', '@', ':', '_' and '-' made spaces so the parser keeps
  // no host, path or hyphenated compound as one lexeme ('example.com' is found by 'example').
  await sql
    .raw(
      `create or replace function cb_fold(t text) returns text language sql immutable parallel safe as $$
         select translate(regexp_replace(normalize(coalesce(t, ''), NFD), '[\\u0300-\\u036f]', '', 'g'), './@:_-', '      ')
       $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function cb_pin_doc(title text, description text, link text, board_name text, section_title text) returns tsvector
       language sql immutable parallel safe as $$
         select to_tsvector('simple', cb_fold(concat_ws(' ', title, description, substring(link from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/?#]+)'), board_name, section_title)))
       $$`,
    )
    .execute(db);
  await sql`create table pin_search (seq bigserial primary key, pin_id text not null unique, pinner_id text not null, doc tsvector not null)`.execute(db);
  await sql
    .raw(
      `create or replace function cb_pin_search_sync() returns trigger language plpgsql as $$
       begin
         if tg_op = 'DELETE' then
           delete from pin_search where pin_id = old.id;
           return old;
         end if;
         insert into pin_search (pin_id, pinner_id, doc)
           select new.id, new.pinner_id, cb_pin_doc(new.title, new.description, new.link, b.name, s.title)
           from boards b left join board_sections s on s.id = new.section_id where b.id = new.board_id
         on conflict (pin_id) do update set pinner_id = excluded.pinner_id, doc = excluded.doc;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger pins_search after insert or delete or update of title, description, link, board_id, section_id, pinner_id on pins
       for each row execute function cb_pin_search_sync()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function cb_board_search_sync() returns trigger language plpgsql as $$
       begin
         update pin_search ps set doc = cb_pin_doc(p.title, p.description, p.link, new.name, s.title)
           from pins p left join board_sections s on s.id = p.section_id
           where p.board_id = new.id and ps.pin_id = p.id;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger boards_search_rename after update of name on boards for each row when (old.name is distinct from new.name)
       execute function cb_board_search_sync()`,
    )
    .execute(db);
  await sql
    .raw(
      `create or replace function cb_section_search_sync() returns trigger language plpgsql as $$
       begin
         update pin_search ps set doc = cb_pin_doc(p.title, p.description, p.link, b.name, new.title)
           from pins p join boards b on b.id = p.board_id
           where p.section_id = new.id and ps.pin_id = p.id;
         return new;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger sections_search_rename after update of title on board_sections for each row when (old.title is distinct from new.title)
       execute function cb_section_search_sync()`,
    )
    .execute(db);
  await sql`insert into pin_search (pin_id, pinner_id, doc)
    select p.id, p.pinner_id, cb_pin_doc(p.title, p.description, p.link, b.name, s.title)
    from pins p join boards b on b.id = p.board_id left join board_sections s on s.id = p.section_id
    order by p.created_at, p.id`.execute(db);
  await sql`create index pin_search_doc on pin_search using gin (doc)`.execute(db);
  await sql`create index pin_search_pinner on pin_search (pinner_id, seq)`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;
  if (sqlite) {
    for (const trigger of ['pins_search_insert', 'pins_search_update', 'pins_search_delete', 'boards_search_rename', 'sections_search_rename'])
      await sql.raw(`drop trigger if exists ${trigger}`).execute(db);
    await sql`drop table if exists pin_fts`.execute(db);
  } else {
    await sql`drop trigger if exists pins_search on pins`.execute(db);
    await sql`drop trigger if exists boards_search_rename on boards`.execute(db);
    await sql`drop trigger if exists sections_search_rename on board_sections`.execute(db);
    await sql`drop function if exists cb_pin_search_sync, cb_board_search_sync, cb_section_search_sync, cb_pin_doc, cb_fold`.execute(db);
  }
  await sql`drop table if exists pin_search`.execute(db);
  await db.schema.dropIndex('follows_followee').execute();
  await db.schema.dropIndex('follows_follower').execute();
  await db.schema.dropTable('board_follows').execute();
}

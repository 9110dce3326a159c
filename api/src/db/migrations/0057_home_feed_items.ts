import { sql, SqliteAdapter, type Kysely } from 'kysely';

/**
 * The home feed filled as pins are saved (fan-out on write), so a page of it is one walk down one reader's
 * rows, whatever they follow.
 * - feed_items: (reader, the pin's created_at, pin) for every pin on a board the reader follows or whose
 *   owner they follow, not their own. A candidate list only: the feed's statement still applies every rule
 *   (the board public, not archived, the owner and pinner shown, still followed), so a row left behind by an
 *   unfollow, a board made secret or a suspension shows nothing.
 * - Filled by triggers, so every way a pin or a follow is written (a save, an import, a move, a transfer,
 *   the demo) fills it alike: a pin saved (or moved to a board) goes to the followers of its board and of
 *   the board's owner; a follow of a person or a board, and a board given to a new owner, bring the newest
 *   BACKFILL pins of what is now followed. Existing follows are filled the same way here.
 * - Deleted with the pin or the reader (foreign keys, pin_id indexed for that).
 */
const BACKFILL = 1000;

const INSERT_SQLITE = 'insert or ignore into feed_items (reader_id, created_at, pin_id)';
const INSERT_PG = 'insert into feed_items (reader_id, created_at, pin_id)';
const NO_CONFLICT_PG = 'on conflict do nothing';

/** The readers of a pin (`new` is the pin's row) and the statement that gives it to them. */
const pinToReaders = (insert: string, tail: string) => `${insert}
  select f.follower_id, new.created_at, new.id from follows f join boards b on b.owner_id = f.followee_id where b.id = new.board_id and f.follower_id <> new.pinner_id
  union
  select bf.follower_id, new.created_at, new.id from board_follows bf where bf.board_id = new.board_id and bf.follower_id <> new.pinner_id
  ${tail}`;
/** A new follow of a person (`new` is the follows row): that person's boards' newest pins. */
const personToReader = (insert: string, tail: string) => `${insert}
  select * from (select new.follower_id, p.created_at, p.id from boards b join pins p on p.board_id = b.id
    where b.owner_id = new.followee_id and p.pinner_id <> new.follower_id order by p.created_at desc, p.id desc limit ${BACKFILL}) newest
  ${tail}`;
/** A new follow of a board (`new` is the board_follows row): the board's newest pins. */
const boardToReader = (insert: string, tail: string) => `${insert}
  select * from (select new.follower_id, p.created_at, p.id from pins p
    where p.board_id = new.board_id and p.pinner_id <> new.follower_id order by p.created_at desc, p.id desc limit ${BACKFILL}) newest
  ${tail}`;
/** A board given to a new owner (`new` is the boards row): its newest pins to the new owner's followers. */
const boardToOwnersReaders = (insert: string, tail: string) => `${insert}
  select f.follower_id, p.created_at, p.id from (select id, created_at, pinner_id from pins where board_id = new.id order by created_at desc, id desc limit ${BACKFILL}) p
    join follows f on f.followee_id = new.owner_id where f.follower_id <> p.pinner_id
  ${tail}`;

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feed_items')
    .addColumn('reader_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('pin_id', 'text', (c) => c.notNull().references('pins.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('feed_items_pk', ['reader_id', 'created_at', 'pin_id'])
    .execute();
  await db.schema.createIndex('feed_items_pin').on('feed_items').column('pin_id').execute();

  if (isSqlite(db)) {
    const trigger = async (name: string, on: string, body: string) => sql.raw(`create trigger ${name} after ${on} for each row begin ${body}; end`).execute(db);
    await trigger('feed_pin_saved', 'insert on pins', pinToReaders(INSERT_SQLITE, ''));
    await trigger('feed_pin_moved', 'update of board_id on pins', pinToReaders(INSERT_SQLITE, ''));
    await trigger('feed_person_followed', 'insert on follows', personToReader(INSERT_SQLITE, ''));
    await trigger('feed_board_followed', 'insert on board_follows', boardToReader(INSERT_SQLITE, ''));
    await trigger('feed_board_owner', 'update of owner_id on boards', boardToOwnersReaders(INSERT_SQLITE, ''));
  } else {
    const trigger = async (name: string, on: string, body: string, when = '') => {
      await sql.raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${body}; return null; end $$`).execute(db);
      await sql.raw(`create trigger ${name} after ${on} for each row ${when} execute function ${name}()`).execute(db);
    };
    await trigger('feed_pin_saved', 'insert on pins', pinToReaders(INSERT_PG, NO_CONFLICT_PG));
    await trigger('feed_pin_moved', 'update of board_id on pins', pinToReaders(INSERT_PG, NO_CONFLICT_PG), 'when (old.board_id is distinct from new.board_id)');
    await trigger('feed_person_followed', 'insert on follows', personToReader(INSERT_PG, NO_CONFLICT_PG));
    await trigger('feed_board_followed', 'insert on board_follows', boardToReader(INSERT_PG, NO_CONFLICT_PG));
    await trigger(
      'feed_board_owner',
      'update of owner_id on boards',
      boardToOwnersReaders(INSERT_PG, NO_CONFLICT_PG),
      'when (old.owner_id is distinct from new.owner_id)',
    );
  }

  // The follows there are already, as the triggers would have filled them.
  const insert = isSqlite(db) ? INSERT_SQLITE : INSERT_PG;
  const tail = isSqlite(db) ? '' : NO_CONFLICT_PG;
  await sql
    .raw(`${insert}
    select reader, created_at, id from (
      select f.follower_id as reader, p.created_at, p.id, row_number() over (partition by f.follower_id, f.followee_id order by p.created_at desc, p.id desc) as n
      from follows f join boards b on b.owner_id = f.followee_id join pins p on p.board_id = b.id where p.pinner_id <> f.follower_id) ranked
    where n <= ${BACKFILL} ${tail}`)
    .execute(db);
  await sql
    .raw(`${insert}
    select reader, created_at, id from (
      select bf.follower_id as reader, p.created_at, p.id, row_number() over (partition by bf.follower_id, bf.board_id order by p.created_at desc, p.id desc) as n
      from board_follows bf join pins p on p.board_id = bf.board_id where p.pinner_id <> bf.follower_id) ranked
    where n <= ${BACKFILL} ${tail}`)
    .execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of ['feed_pin_saved', 'feed_pin_moved', 'feed_person_followed', 'feed_board_followed', 'feed_board_owner']) {
    if (isSqlite(db)) await sql.raw(`drop trigger if exists ${name}`).execute(db);
    else await sql.raw(`drop function if exists ${name}() cascade`).execute(db);
  }
  await db.schema.dropTable('feed_items').execute();
}

const isSqlite = (db: Kysely<any>) => db.getExecutor().adapter instanceof SqliteAdapter;

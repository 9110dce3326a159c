import { PostgresAdapter, sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import type { CounterDeltasTable, Database } from '../db/schema.js';
import { shaped } from '../db/prepared.js';

/**
 * Pin counts without a hot row (migration 0023). Writers add rows to counter_deltas (a save's +1s,
 * a delete's -1s) instead of updating boards, board_sections and users in their transaction; the workers
 * fold the rows into the columns about once a second per host (settleCounts, background.ts: each of WORKERS=N
 * processes every N seconds). Readers take the column
 * plus the rows still pending for it (pinCountOf), so a count is exact at every moment; the column alone
 * is exact once settled. Same SQL on SQLite and Postgres.
 */
export type Counter = CounterDeltasTable['counter'];
export interface Delta {
  counter: Counter;
  target_id: string;
  delta: number;
}

const COLUMN = {
  board_pins: ['boards', 'boards.pin_count', 'boards.id'],
  section_pins: ['board_sections', 'board_sections.pin_count', 'board_sections.id'],
  user_pins: ['users', 'users.pin_count', 'users.id'],
} as const;

/** How often the worker settles, and how many pending rows one settle takes at most. */
export const SETTLE_EVERY_MS = 1_000;
export const SETTLE_BATCH = 20_000;

/**
 * A count as its readers must see it: the stored column plus the pending rows for that row, e.g.
 * `.select(pinCountOf('board_pins').as('pin_count'))` in a query over boards. Written after `selectAll()`,
 * the alias replaces the stored column in the row (the later of two same-named columns wins, on both drivers).
 */
export function pinCountOf(counter: Counter): RawBuilder<number> {
  const [, column, id] = COLUMN[counter];
  return sql<number>`cast(${sql.ref(column)} + coalesce((select sum(d.delta) from counter_deltas d where d.counter = ${sql.lit(counter)} and d.target_id = ${sql.ref(id)}), 0) as integer)`;
}

/** Adds pending changes, in the caller's transaction (the pin's save or delete). Inserts only: no row is shared. */
export async function addDeltas(trx: Kysely<Database> | Transaction<Database>, deltas: Delta[]): Promise<void> {
  const rows = deltas.filter((d) => d.delta !== 0);
  if (rows.length) await trx.insertInto('counter_deltas').values(rows).execute();
}

/**
 * The rows a pin's save (n = 1) or delete (n = -1) adds: its board, its pinner, and its section if it has one.
 * Compiled once per shape (db/prepared.ts): it runs in every save.
 */
export function pinDeltaWriter(db: Kysely<Database>) {
  type Args = { boardId: string; userId: string; sectionId: string | null; n: number };
  const insert = shaped(
    'counts.pinDeltas',
    (a: Args) => a.sectionId !== null,
    (a, withSection) =>
      db
        .insertInto('counter_deltas')
        .values([
          { counter: 'board_pins', target_id: a.boardId, delta: a.n },
          { counter: 'user_pins', target_id: a.userId, delta: a.n },
          ...(withSection ? [{ counter: 'section_pins' as const, target_id: a.sectionId as string, delta: a.n }] : []),
        ]),
    db,
  );
  type Pin = { board_id: string; pinner_id: string; section_id?: string | null };
  const args = (pin: Pin, n: 1 | -1) => ({ boardId: pin.board_id, userId: pin.pinner_id, sectionId: pin.section_id ?? null, n });
  return {
    /** Writes them in `trx`. */
    write: (trx: Transaction<Database>, pin: Pin, n: 1 | -1) => insert.execute(args(pin, n), trx),
    /** The statement that writes them, to commit with others (db/together.ts). */
    statement: (pin: Pin, n: 1 | -1) => insert.bind(args(pin, n)),
  };
}

/**
 * Before a writer sets counts of boards (and their sections) absolutely, from the pins (boards/store.ts
 * recount), in its transaction: the pending rows of those boards and sections are dropped, since the
 * recount includes them. On Postgres the table is locked against inserts first (SHARE ROW EXCLUSIVE: saves
 * wait for the recount's commit, a few ms, and settles and other recounts queue), so a save whose pin the
 * recount cannot see yet has not written its row either, and adds it after: counted once either way.
 * SQLite runs one writer at a time.
 */
export async function forgetBoardDeltas(trx: Transaction<Database>, boardIds: string[]): Promise<void> {
  if (!boardIds.length) return;
  if (isPostgres(trx)) await sql`lock table counter_deltas in share row exclusive mode`.execute(trx);
  await trx
    .deleteFrom('counter_deltas')
    .where((eb) =>
      eb.or([
        eb.and([eb('counter', '=', 'board_pins'), eb('target_id', 'in', boardIds)]),
        eb.and([
          eb('counter', '=', 'section_pins'),
          eb('target_id', 'in', eb.selectFrom('board_sections').select('board_sections.id').where('board_id', 'in', boardIds)),
        ]),
      ]),
    )
    .execute();
}

/** A transaction does not carry its driver; the dialect's adapter says which it is. */
const isPostgres = (db: Kysely<Database> | Transaction<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/** The key of the settle's advisory lock on Postgres: one settle at a time across every process. */
export const SETTLE_LOCK_KEY = 3_202_300_023;

/**
 * Folds up to `limit` pending rows into the columns; returns how many. One settle at a time: on Postgres
 * the whole batch is one statement under a transaction-scoped advisory lock (a process that does not get
 * it settles nothing this round; another is at it), so no board or user row is held between statements
 * while a save waits for it, and two settles never take turns on the same rows. SQLite runs one writer
 * at a time: there the batch is one statement per table, in one transaction, which takes the write lock as
 * it begins (db/connect.ts), so another connection's write makes it wait rather than fail.
 */
export async function settleCounts(db: Kysely<Database>, limit = SETTLE_BATCH): Promise<number> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ n: string | number }>`
      with locked as (select pg_try_advisory_xact_lock(${SETTLE_LOCK_KEY}) as got),
      taken as (
        delete from counter_deltas where id in (select id from counter_deltas where (select got from locked) order by id limit ${limit})
        returning counter, target_id, delta),
      sums as (select counter, target_id, sum(delta) as n from taken group by counter, target_id having sum(delta) <> 0),
      on_boards as (update boards set pin_count = boards.pin_count + s.n from sums s where s.counter = 'board_pins' and boards.id = s.target_id),
      on_sections as (update board_sections set pin_count = board_sections.pin_count + s.n from sums s where s.counter = 'section_pins' and board_sections.id = s.target_id),
      on_users as (update users set pin_count = users.pin_count + s.n from sums s where s.counter = 'user_pins' and users.id = s.target_id)
      select count(*) as n from taken`.execute(db);
    return Number(rows[0]?.n ?? 0);
  }
  return db.transaction().execute(async (trx) => {
    const last = await trx
      .selectFrom('counter_deltas')
      .select('id')
      .orderBy('id')
      .limit(1)
      .offset(limit - 1)
      .executeTakeFirst();
    const upTo = last ? Number(last.id) : Number.MAX_SAFE_INTEGER;
    for (const [counter, [table]] of Object.entries(COLUMN) as Array<[Counter, (typeof COLUMN)[Counter]]>) {
      const pending = sql`from counter_deltas d where d.counter = ${counter} and d.id <= ${upTo}`;
      await sql`update ${sql.table(table)} set pin_count = pin_count + (select coalesce(sum(d.delta), 0) ${pending} and d.target_id = ${sql.table(table)}.id)
        where id in (select d.target_id ${pending})`.execute(trx);
    }
    const { numDeletedRows } = await trx.deleteFrom('counter_deltas').where('id', '<=', upTo).executeTakeFirst();
    return Number(numDeletedRows);
  });
}

/** Settles until nothing is pending (tests, scripts, a stopping server). */
export async function settleAllCounts(db: Kysely<Database>): Promise<void> {
  while ((await settleCounts(db)) > 0);
}

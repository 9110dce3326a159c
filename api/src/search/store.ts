// biome-ignore-all lint/suspicious/noExplicitAny: the search queries are built over tables and CTEs Kysely's Database type does not know (FTS5's virtual table, materialised CTEs)
import { sql, SqliteAdapter, type ExpressionBuilder, type ExpressionWrapper, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '../db/schema.js';
import { notHidden, notHiddenByReader, shownAccount } from '../policy/sql.js';
import { memberOf } from '../policy/reads.js';
import { fts5Match, tsQuery } from './rules.js';

/** A page of matches: pin ids in the search order, each with its place for the next page's cursor. */
export interface SearchHit {
  pin_id: string;
  seq: number;
}

/** `reader`: who searches in public, so what they reported and hid from their own view stays out. */
type Scope = { mine: string } | { public: true; reader?: string | null };

/**
 * The only code that reads the search index (migration 0027): SQLite's FTS5 table or Postgres's
 * tsvector, one shape for the service. Visibility is the policy's (policy/sql.ts shownAccount and the
 * board rule in SQL, as pins/store.ts listPinnerPins writes it): a public search sees public boards
 * that are not archived, of shown owners, with pins of shown pinners; "my pins" sees the viewer's
 * saves on boards they may still see.
 */
export function searchStore(db: Kysely<Database>, tuning: Partial<PostgresTuning> = {}) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  /** Whether a row of `ps` (joined to pins, boards, owner and pinner) is one the scope may see. */
  const wanted = (eb: ExpressionBuilder<any, any>, scope: Scope) =>
    'mine' in scope
      ? eb.and([
          eb('p.pinner_id', '=', scope.mine),
          eb('boards.archived_at', 'is', null),
          shownAccount(eb, 'owner.state'),
          eb.or([eb('boards.privacy', '=', 'public'), memberOf(eb as ExpressionBuilder<Database, 'boards'>, scope.mine)]),
        ])
      : eb.and([
          eb('boards.privacy', '=', 'public'),
          eb('boards.archived_at', 'is', null),
          shownAccount(eb, 'owner.state'),
          shownAccount(eb, 'pinner.state'),
          notHidden(eb, 'p.hidden'),
          notHidden(eb, 'boards.hidden'),
          ...(scope.reader ? [notHiddenByReader(eb, scope.reader, 'pin', 'p.id'), notHiddenByReader(eb, scope.reader, 'board', 'boards.id')] : []),
        ]);

  /** `matches` (rows of `ps`) joined to what decides whether they are shown. */
  const joined = (matches: any) =>
    matches
      .innerJoin('pins as p', 'p.id', 'ps.pin_id')
      .innerJoin('boards', 'boards.id', 'p.board_id')
      .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
      .innerJoin('users as pinner', 'pinner.id', 'p.pinner_id');

  return {
    /**
     * Pins matching every word (a prefix) and every tag, newest indexed first, after `after` (a seq).
     * On SQLite the index gives the order and the joins only filter, so a page stops as soon as it is
     * full; Postgres has no index that is both, and is read in two steps (postgresPins).
     */
    async pins(scope: Scope, words: string[], tags: string[], after: number | null, limit: number, lastIsPrefix = true): Promise<SearchHit[]> {
      if (!sqlite)
        return postgresPins(
          db,
          { ...POSTGRES_TUNING, ...tuning },
          { scope, words, tags, lastIsPrefix, after, limit, joined, wanted: (eb) => wanted(eb, scope) },
        );
      // SQLite orders by the FTS rowid (the same number) so the match is walked in order, not sorted.
      let query = joined(sqliteMatches(db, scope, words, lastIsPrefix)).where((eb: ExpressionBuilder<any, any>) =>
        eb.and([wanted(eb, scope), ...tagged(eb, tags, 'ps.pin_id')]),
      );
      if (after !== null) query = query.where(sql`f.rowid`, '<', after);
      return (await query.select(['ps.pin_id as pin_id', 'ps.seq as seq']).orderBy(sql`f.rowid`, 'desc').limit(limit).execute()).map(hit);
    },
  };
}

/** Every tag a pin of `pinId` must have, exactly (the words narrowed to it through the index). */
const tagged = (eb: ExpressionBuilder<any, any>, tags: string[], pinId: string) =>
  tags.map((tag) =>
    eb.exists(
      eb
        .selectFrom('pin_hashtags as h')
        .select('h.pin_id')
        .whereRef('h.pin_id', '=', pinId as any)
        .where('h.tag', '=', tag),
    ),
  );

/**
 * SQLite: the FTS5 match drives (the owner's id as a column filter for "my pins"), in rowid order, which
 * FTS5 walks backwards itself; pin_search's seq is that rowid.
 */
function sqliteMatches(db: Kysely<Database>, scope: Scope, words: string[], lastIsPrefix: boolean): any {
  const clauses = [...('mine' in scope ? [`owner : "${scope.mine.replace(/\D/g, '')}"`] : []), ...(words.length ? [fts5Match(words, lastIsPrefix)] : [])];
  return (db as Kysely<any>)
    .selectFrom(sql`pin_fts`.as('f'))
    .innerJoin('pin_search as ps', (join: any) => join.on(sql`ps.seq`, '=', sql`f.rowid`))
    .where(sql`pin_fts`, 'match', clauses.join(' AND '));
}

interface PostgresTuning {
  /** Rows of the scope first read in order (a word on 1 row in 150 fills a page there). */
  recentRows: number;
  /** Rows read in order at most: past this many, the GIN index is cheaper (a word on fewer than 1 row in 1,000). */
  walkMax: number;
  /** Matches sorted and joined a batch at a time, so a common word never joins all its rows. */
  batch: number;
}
/** The product's; a test makes them tiny to walk every step and batch boundary with a few pins. */
const POSTGRES_TUNING: PostgresTuning = { recentRows: 4_000, walkMax: 32_000, batch: 100 };

interface PostgresSearch {
  scope: Scope;
  words: string[];
  tags: string[];
  lastIsPrefix: boolean;
  after: number | null;
  limit: number;
  joined: (matches: any) => any;
  wanted: (eb: ExpressionBuilder<any, any>) => ExpressionWrapper<any, any, SqlBool>;
}

/**
 * Postgres: the GIN index finds a word's rows in no useful order (and costs the length of every word's
 * list), and the (pinner_id, seq) or seq order finds them in order but reads every row that lacks the
 * word; the planner, guessing a word's share (and guessing blind in a prepared statement's generic
 * plan), took the wrong one for a rare word and read a million rows. So the choice
 * is ours, each read fenced in materialized CTEs the planner cannot turn around:
 * 1. the scope's newest recentRows rows after the cursor, read in order and matched one by one: a
 *    common word or a short prefix fills its page there; one that found some reads on, as many rows as
 *    its share says the rest of the page needs, while that stays under walkMax rows in all;
 * 2. else the GIN index below what was read: the words are rare there, and so are their matches.
 * Matches are sorted and joined to the visibility rule `batch` at a time, newest first.
 */
async function postgresPins(db: Kysely<Database>, { recentRows, walkMax, batch }: PostgresTuning, q: PostgresSearch): Promise<SearchHit[]> {
  const k = db as Kysely<any>;
  // A row's words and tags (the tags here, not with the visibility rule, so a rare tag is not read a batch at a time).
  const matching = (eb: ExpressionBuilder<any, any>, table: string) => [
    ...(q.words.length ? [eb(sql`doc`, '@@', sql`to_tsquery('simple', ${tsQuery(q.words, q.lastIsPrefix)})`)] : []),
    ...tagged(eb, q.tags, `${table}.pin_id`),
  ];
  const inScope = (eb: ExpressionBuilder<any, any>, below: number | null, from: number | null = null) => [
    ...('mine' in q.scope ? [eb('pinner_id', '=', q.scope.mine)] : []),
    ...(below === null ? [] : [eb('seq', '<', below)]),
    ...(from === null ? [] : [eb('seq', '>=', from)]),
  ];
  const out: SearchHit[] = [];
  /** Adds the shown matches of `source` below `top`, a batch at a time; true when the page is full. */
  const collect = async (source: (below: number | null) => any, top: number | null) => {
    for (let below = top; ; ) {
      const rows: { pin_id: string; seq: string; shown: boolean }[] = await q
        .joined(
          source(below)
            .with(
              (cte: any) => cte('ps').materialized(),
              (w: any) => w.selectFrom('matches').selectAll().orderBy('seq', 'desc').limit(batch),
            )
            .selectFrom('ps'),
        )
        .select((eb: ExpressionBuilder<any, any>) => ['ps.pin_id as pin_id', 'ps.seq as seq', q.wanted(eb).as('shown')])
        .orderBy('ps.seq', 'desc')
        .execute();
      out.push(
        ...rows
          .filter((row) => row.shown)
          .slice(0, q.limit - out.length)
          .map(hit),
      );
      if (out.length === q.limit) return true;
      if (rows.length < batch) return false;
      below = Number(rows.at(-1)!.seq);
    }
  };

  // 1. In order: `size` rows at a time, from the seq of the size-th newest row below `below` (an
  // index-only read; none when fewer are left). With no words (only a tag whose words fold to nothing)
  // the scope is read to its end: only "my pins" asks that, one person's saves.
  let below = q.after;
  for (let read = 0, size = recentRows; ; ) {
    const floor = !q.words.length
      ? undefined
      : await k
          .selectFrom('pin_search')
          .select('seq')
          .where((eb) => eb.and(inScope(eb, below)))
          .orderBy('seq', 'desc')
          .offset(size - 1)
          .limit(1)
          .executeTakeFirst();
    const from = floor === undefined ? null : Number(floor.seq);
    const window = (top: number | null) =>
      k
        .with(
          (cte) => cte('recent').materialized(),
          (w) =>
            w
              .selectFrom('pin_search')
              .select(['seq', 'pin_id', 'doc'])
              .where((eb) => eb.and(inScope(eb, top, from))),
        )
        .with(
          (cte) => cte('matches').materialized(),
          (w) =>
            w
              .selectFrom('recent')
              .select(['seq', 'pin_id'])
              .where((eb) => eb.and(matching(eb, 'recent'))),
        );
    if ((await collect(window, below)) || from === null) return out;
    below = from;
    read += size;
    // The rows the rest of the page needs at the share found so far, with a margin.
    const needed = out.length ? Math.ceil((1.5 * (q.limit - out.length) * read) / out.length) : Infinity;
    if (read + needed > walkMax) break;
    size = needed;
  }
  // 2. The GIN index, below what was read.
  await collect(
    (top) =>
      k.with(
        (cte) => cte('matches').materialized(),
        (w) =>
          w
            .selectFrom('pin_search')
            .select(['seq', 'pin_id'])
            .where((eb) => eb.and([...inScope(eb, top), ...matching(eb, 'pin_search')])),
      ),
    below,
  );
  return out;
}

const hit = (row: { pin_id: string; seq: number | string }): SearchHit => ({ pin_id: row.pin_id, seq: Number(row.seq) });

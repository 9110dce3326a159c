import { sql, SqliteAdapter, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { shownAccount } from '../policy/sql.js';
import { memberOf } from '../boards/store.js';
import { fts5Match, tsQuery } from './rules.js';

/** A page of matches: pin ids in the search order, each with its place for the next page's cursor. */
export interface SearchHit {
  pin_id: string;
  seq: number;
}

type Scope = { mine: string } | { public: true };

/**
 * The only code that reads the search index (migration 0027): SQLite's FTS5 table or Postgres's
 * tsvector, one shape for the service. Visibility is the policy's (policy/sql.ts shownAccount and the
 * board rule in SQL, as pins/store.ts listPinnerPins writes it): a public search sees public boards
 * that are not archived, of shown owners, with pins of shown pinners; "my pins" sees the viewer's
 * saves on boards they may still see.
 */
export function searchStore(db: Kysely<Database>) {
  const sqlite = db.getExecutor().adapter instanceof SqliteAdapter;

  /** The rows of `pin_search as ps` (joined to pins, boards, owner and pinner) a scope may see. */
  const visible = (eb: ExpressionBuilder<any, any>, scope: Scope) =>
    'mine' in scope
      ? eb.and([
          eb('p.pinner_id', '=', scope.mine),
          eb('boards.archived_at', 'is', null),
          shownAccount(eb, 'owner.state'),
          eb.or([eb('boards.privacy', '=', 'public'), memberOf(eb as ExpressionBuilder<Database, 'boards'>, scope.mine)]),
        ])
      : eb.and([eb('boards.privacy', '=', 'public'), eb('boards.archived_at', 'is', null), shownAccount(eb, 'owner.state'), shownAccount(eb, 'pinner.state')]);

  return {
    /**
     * Pins matching every word (a prefix) and every tag, newest indexed first, after `after` (a seq).
     * The index gives the order; the joins only filter, so a page stops as soon as it is full.
     */
    async pins(scope: Scope, words: string[], tags: string[], after: number | null, limit: number, lastIsPrefix = true): Promise<SearchHit[]> {
      let query = sqlite ? sqliteMatches(db, scope, words, lastIsPrefix) : postgresMatches(db, scope, words, lastIsPrefix);
      query = query
        .innerJoin('pins as p', 'p.id', 'ps.pin_id')
        .innerJoin('boards', 'boards.id', 'p.board_id')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .innerJoin('users as pinner', 'pinner.id', 'p.pinner_id')
        .where((eb: ExpressionBuilder<any, any>) => visible(eb, scope));
      for (const tag of tags) {
        query = query.where((eb: ExpressionBuilder<any, any>) =>
          eb.exists(eb.selectFrom('pin_hashtags as h').select('h.pin_id').whereRef('h.pin_id', '=', 'ps.pin_id').where('h.tag', '=', tag)),
        );
      }
      // SQLite orders by the FTS rowid (the same number) so the match is walked in order, not sorted.
      const order = sqlite ? sql`f.rowid` : sql`ps.seq`;
      if (after !== null) query = query.where(order, '<', after);
      const rows: { pin_id: string; seq: number | string }[] = await query.select(['ps.pin_id as pin_id', 'ps.seq as seq']).orderBy(order, 'desc').limit(limit).execute();
      return rows.map((r) => ({ pin_id: r.pin_id, seq: Number(r.seq) }));
    },
  };
}

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

/** Postgres: the tsquery against the GIN index; "my pins" by (pinner_id, seq). */
function postgresMatches(db: Kysely<Database>, scope: Scope, words: string[], lastIsPrefix: boolean): any {
  let query: any = (db as Kysely<any>).selectFrom('pin_search as ps');
  if ('mine' in scope) query = query.where('ps.pinner_id', '=', scope.mine);
  if (words.length) query = query.where(sql`ps.doc @@ to_tsquery('simple', ${tsQuery(words, lastIsPrefix)})`);
  return query;
}

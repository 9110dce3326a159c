import type SQLite from 'better-sqlite3';

/**
 * A batch of saves writes its pins' search words once, just before its commit (SQLite; migration 0032).
 * Inside the batch's transaction, `begin` puts the row in search_deferred that tells the pins' insert
 * trigger to leave the words out, and `end` writes the words of every pin added since, in one statement,
 * then takes the row out again: one FTS5 segment a commit instead of one a save. A save rolled back to its
 * savepoint takes its pin_search row with it, so only the pins that stay are indexed.
 *
 * Undefined on a database without the table (a scratch database of a test): the trigger then indexes each
 * pin as it is written, which is always correct, only slower.
 */
export interface SearchDeferral {
  begin(): void;
  end(): void;
}

export function searchDeferral(database: SQLite.Database): SearchDeferral | undefined {
  const known = database.prepare(`select 1 from sqlite_master where type = 'table' and name = 'search_deferred'`).get();
  if (!known) return undefined;
  const begin = database.prepare('insert into search_deferred (seq) select coalesce(max(seq), 0) from pin_search');
  const index = database.prepare(
    'insert into pin_fts (rowid, owner, doc) select seq, owner, doc from pin_search_docs where seq > (select seq from search_deferred)',
  );
  const done = database.prepare('delete from search_deferred');
  return {
    begin: () => void begin.run(),
    end: () => {
      index.run();
      done.run();
    },
  };
}

import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { FEED_END } from '../lib/bookmark.js';
import { pinsStore } from '../pins/store.js';
import { pinJson } from '../pins/service.js';
import type { BoardsService } from '../boards/service.js';
import { isEmpty, readCursor, SEARCH_BOARDS, SEARCH_QUERY_MAX, searchTerms, type SearchTerms } from './rules.js';
import { searchStore, type SearchHit } from './store.js';

export interface SearchInput {
  query: string;
  page_size: number;
  bookmark?: string | undefined;
}

/**
 * Search: the viewer's own pins and boards as they type, and public pins of everyone by
 * words and hashtags (/search/pins/). Pages of pins, newest indexed first, through a cursor; boards
 * are the picker's own search (board_words), its first few.
 */
export function searchService({ db, config }: Deps, boards: BoardsService) {
  const store = searchStore(db);
  const pins = pinsStore(db);

  const terms = (query: string): SearchTerms => {
    // The schema caps the length too; the service holds its own rule for callers that are not routes.
    if (query.length > SEARCH_QUERY_MAX) throw new ApiError('search_query_too_long');
    return searchTerms(query);
  };

  /** A page of hits as pins (read once, in the hits' order) and the next page's cursor. */
  const present = async (hits: SearchHit[], pageSize: number) => {
    const page = hits.slice(0, pageSize);
    const rows = new Map((await pins.pinDetails(page.map((h) => h.pin_id))).map((row) => [row.id, row]));
    const found = page.flatMap((hit) => {
      const row = rows.get(hit.pin_id);
      return row ? [pinJson(config.publicOrigin, row)] : [];
    });
    return { pins: found, bookmark: hits.length > pageSize ? String(page.at(-1)!.seq) : FEED_END };
  };

  return {
    /** SearchMyPinsResource get: the viewer's saves and (first page only) boards matching every typed word. */
    async mine(viewer: Viewer, input: SearchInput) {
      const t = terms(input.query);
      if (isEmpty(t) || input.bookmark === FEED_END) return { query: input.query, pins: [], boards: [], bookmark: FEED_END };
      const after = readCursor(input.bookmark);
      const [hits, boardPage] = await Promise.all([
        store.pins({ mine: viewer.id }, t.words, t.tags, after, input.page_size + 1, t.lastIsPrefix),
        after === null && t.tags.length === 0 ? boards.pickerBoards(viewer.id, null, { query: t.words.join(' '), pageSize: SEARCH_BOARDS }) : null,
      ]);
      return { query: input.query, ...(await present(hits, input.page_size)), boards: boardPage?.all_boards ?? [] };
    },

    /**
     * SearchPinsResource get: public pins of anyone (/search/pins/?q=), by words and hashtags. Secret,
     * protected and archived boards, and a suspended or deactivated owner's or pinner's pins, never appear.
     */
    async everyone(input: SearchInput, readerId: string | null = null) {
      const t = terms(input.query);
      if (t.words.length === 0 || input.bookmark === FEED_END) return { query: input.query, pins: [], bookmark: FEED_END };
      const hits = await store.pins({ public: true, reader: readerId }, t.words, t.tags, readCursor(input.bookmark), input.page_size + 1, t.lastIsPrefix);
      return { query: input.query, ...(await present(hits, input.page_size)) };
    },
  };
}

export type SearchService = ReturnType<typeof searchService>;

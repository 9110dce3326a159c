import { nameWords } from '../boards/rules/names.js';
import { hashtagsOf } from '../pins/rules/hashtags.js';

/**
 * What a typed search asks for, pure so the popup can judge a query as the server does:
 * words folded as board names are (boards/rules/names.ts: case and accents, split at anything not a letter or
 * digit), each a word of the pin (the last, still being typed, the start of one), and '#tags' a pin's hashtag exactly. Since only
 * letters and digits survive, nothing typed (quotes, '*', ':', parentheses, '&', '|', '!') ever reaches
 * the full-text syntax of either database.
 */

/** The longest query taken; a longer one gets search_query_too_long. */
export const SEARCH_QUERY_MAX = 1000;
/** Words past this many are ignored: they narrow nothing a person reads, and each costs an index walk. */
export const SEARCH_WORDS_MAX = 8;
/** Hashtags past this many are ignored. */
export const SEARCH_TAGS_MAX = 4;
/** A word longer than this is cut (no pin word is longer in practice; the index keeps whole tokens). */
const WORD_MAX = 64;
/** Pins a page (as a board page), boards shown beside them. */
export const SEARCH_PAGE_SIZE = 25;
export const SEARCH_PAGE_MAX = 50;
export const SEARCH_BOARDS = 8;

export interface SearchTerms {
  /** Folded words: each a word of the pin, the last one (the word being typed) a prefix of one. */
  words: string[];
  /** Whether the last word is still being typed (no space after it): matched as a prefix. */
  lastIsPrefix: boolean;
  /** Folded hashtags (pins/rules/hashtags.ts foldTag), without '#'. */
  tags: string[];
}

export function searchTerms(query: string): SearchTerms {
  const tags = hashtagsOf(query).slice(0, SEARCH_TAGS_MAX);
  // A hashtag's own words are looked up as words too (the description holds them): the index narrows, the tag decides.
  const words = [...new Set(nameWords(query).map((w) => w.slice(0, WORD_MAX)))].slice(0, SEARCH_WORDS_MAX);
  // A finished word (a space after it) or a '#tag' (matched exactly anyway) is not a prefix.
  return { words, tags, lastIsPrefix: !/\s$/u.test(query) && !/#[^\s\p{P}\p{S}]+$/u.test(query) };
}

/**
 * Only the word being typed is a prefix: the words before it are finished, and an exact word is a
 * doclist the index walks lazily, where a prefix is every completion's doclist merged.
 */
const prefixAt = (words: string[], i: number, lastIsPrefix: boolean) => lastIsPrefix && i === words.length - 1;

export const isEmpty = (terms: SearchTerms) => terms.words.length === 0 && terms.tags.length === 0;

/** FTS5 MATCH text: all the words, the last a prefix while typed, within the `doc` column (never the owner column). */
export function fts5Match(words: string[], lastIsPrefix = true): string {
  return `doc : (${words.map((w, i) => `"${w}"${prefixAt(words, i, lastIsPrefix) ? '*' : ''}`).join(' ')})`;
}

/** Postgres to_tsquery('simple', …) text: all the words required, the last a prefix while typed. */
export function tsQuery(words: string[], lastIsPrefix = true): string {
  return words.map((w, i) => `${w}${prefixAt(words, i, lastIsPrefix) ? ':*' : ''}`).join(' & ');
}

/** The search order's cursor: the last row's place (pin_search.seq), or the end marker. */
export const readCursor = (bookmark: string | undefined): number | null => (bookmark && /^\d{1,18}$/.test(bookmark) ? Number(bookmark) : null);

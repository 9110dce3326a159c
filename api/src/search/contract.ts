import { z } from 'zod';
import { FEED_END } from '../lib/bookmark.js';
import { SEARCH_PAGE_MAX, SEARCH_PAGE_SIZE, SEARCH_QUERY_MAX } from './rules.js';
import type { SearchService } from './service.js';
import type { ContractTable } from '../lib/envelope.contract.js';
import { boardAnswer } from '../boards/contract.js';
import { pinAnswer } from '../pins/contract.js';

/**
 * The search resources' options. Any text is a query: what is not a letter, a digit or a
 * '#tag' is ignored (search/rules.ts), never an error; an empty one answers no pins. Over
 * SEARCH_QUERY_MAX characters is the one refusal (search_query_too_long, checked by the service).
 */
export const searchOptions = z.object({
  q: z
    .string()
    .max(SEARCH_QUERY_MAX * 4)
    .default(''),
  page_size: z.number().int().min(1).max(SEARCH_PAGE_MAX).default(SEARCH_PAGE_SIZE),
  // The search order's cursor (a pin_search seq) or the end marker.
  bookmark: z
    .string()
    .refine((v) => v === FEED_END || /^\d{1,18}$/.test(v), 'Must be a bookmark this search gave.')
    .nullish()
    .transform((v) => v ?? undefined),
});

export type SearchOptions = z.output<typeof searchOptions>;

/**
 * The web app's types of these answers: inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type EveryoneAnswer = Awaited<ReturnType<SearchService['everyone']>>;
export type MineAnswer = Awaited<ReturnType<SearchService['mine']>>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const searchContract = {
  SearchMyPinsResource: {
    get: { options: searchOptions, answer: z.object({ boards: z.array(boardAnswer), pins: z.array(pinAnswer), bookmark: z.string(), query: z.string() }) },
  },
  SearchPinsResource: {
    get: { options: searchOptions, answer: z.object({ pins: z.array(pinAnswer), bookmark: z.string(), query: z.string() }) },
  },
} satisfies ContractTable;

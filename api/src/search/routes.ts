import { NO_LIMIT } from '../lib/declare.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { searchContract } from './contract.js';
import type { SearchService } from './service.js';

/** The search resources: the viewer's own pins and boards, and public pins of everyone. */
export function searchResources(search: SearchService) {
  return {
    // As the viewer types in the header's search box: their saves and their boards.
    SearchMyPinsResource: {
      get: action({
        ...searchContract.SearchMyPinsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => search.mine(viewer, { query: o.q, page_size: o.page_size, bookmark: o.bookmark }),
      }),
    },
    // /search/pins/?q=: public pins of anyone, by words and hashtags; open to visitors.
    SearchPinsResource: {
      get: action({
        ...searchContract.SearchPinsResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => search.everyone({ query: o.q, page_size: o.page_size, bookmark: o.bookmark }, viewer?.id ?? null),
      }),
    },
  } satisfies ResourceRegistry;
}

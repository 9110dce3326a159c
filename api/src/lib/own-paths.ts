import type { Deps } from '../deps.js';
import { ownFirstSegments } from './rules/own-paths.js';

/**
 * The first path segments of the app's route table (deps.routes, given by createApp once its table is
 * built), read when asked: a route registered anywhere is in it without a list to keep. Read again
 * only when the table has grown. Without a table (a command line, a service made alone) it is empty,
 * and the fixed words of users/rules.ts RESERVED_USERNAMES still hold.
 */
export function ownPathsOf(deps: Pick<Deps, 'routes'>): () => ReadonlySet<string> {
  let cached: { count: number; segments: Set<string> } | undefined;
  return () => {
    const routes = deps.routes?.() ?? [];
    if (cached?.count !== routes.length) cached = { count: routes.length, segments: ownFirstSegments(routes.map((r) => r.path)) };
    return cached.segments;
  };
}

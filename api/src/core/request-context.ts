import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request carries into the work it does, wherever that work runs: its id (the log line, the jobs
 * it queues: core/log.ts) and, once its route is known, the route's declaration of the per-client limits it
 * takes (lib/declare.ts), so the limits can tell a service taking one its route does not name (lib/limits.ts).
 * Set by ops/observe.ts around each request; outside a request (a job, a script) there is none.
 */
export interface RequestContext {
  id: string;
  route?: { label: string; limits: readonly string[] };
  /**
   * Counts a site one of this request's outbound fetches is about to reach by a redirect (lib/safe-fetch.ts),
   * against that site's limit; set when the request took its first fetch's share (lib/outbound-limits.ts).
   */
  redirectedTo?: (url: URL) => Promise<void>;
}

const current = new AsyncLocalStorage<RequestContext>();

export const withRequest = <T>(id: string, work: () => T): T => current.run({ id }, work);
export const currentRequest = (): RequestContext | undefined => current.getStore();

/** Work whose outbound fetches count the sites their redirects reach, in a request or out of one (a job). */
export const withRedirectCounting = <T>(redirectedTo: (url: URL) => Promise<void>, work: () => T): T =>
  // Out of a request there is no id: the context carries the counting only.
  current.run({ ...(current.getStore() ?? ({} as RequestContext)), redirectedTo }, work);

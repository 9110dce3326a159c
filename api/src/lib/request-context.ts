import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What one request carries into the work it does, wherever that work runs: its id (the log line, the jobs
 * it queues: ops/log.ts) and, once its route is known, the route's declaration of the per-client limits it
 * takes (lib/declare.ts), so the limits can tell a service taking one its route does not name (lib/limits.ts).
 * Set by ops/observe.ts around each request; outside a request (a job, a script) there is none.
 */
export interface RequestContext {
  id: string;
  route?: { label: string; limits: readonly string[] };
}

const current = new AsyncLocalStorage<RequestContext>();

export const withRequest = <T>(id: string, work: () => T): T => current.run({ id }, work);
export const currentRequest = (): RequestContext | undefined => current.getStore();

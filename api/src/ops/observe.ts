import type { Context, MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import type { Logger } from '../core/log.js';
import { fixedFieldsLog, requestIdFrom, withRequestId } from '../core/log.js';
import { httpDuration, httpRequests } from '../core/metrics.js';

/**
 * The pattern a request was routed by, e.g. `/v3/pins/:id/`: the route that answered or, when a middleware
 * answered for it (a guard, a shed), the first route (not middleware) it matched from there, the one that
 * would have. A label and a log field, so never the path asked for: that holds ids, and tokens in query
 * strings, and a client could make up as many as it likes. No route: `unmatched`.
 */
export function routePattern(c: Context): string {
  const routes = matchedRoutes(c);
  const from = Math.max(0, c.req.routeIndex);
  for (let i = from; i < routes.length; i++) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  for (let i = 0; i < from; i++) if (routes[i]!.method !== 'ALL') return routes[i]!.path;
  return 'unmatched';
}

/**
 * First of the app's middleware (app.ts): gives each request its id (a well-formed X-Request-Id, else a
 * new one), answers with it in X-Request-Id, runs the request inside it (so a job the request queues
 * carries it: jobs/service.ts), then logs one line and counts it in the metrics.
 * `refine` may name a pattern more closely (the resource registry's `/resource/:name/…` by its resource,
 * a bounded set), given the pattern found.
 */
export function observe(log: Logger, refine: (c: Context, pattern: string) => string = (_, pattern) => pattern): MiddlewareHandler {
  const lines = fixedFieldsLog(log);
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdFrom(c.req.header('x-request-id'));
    c.header('X-Request-Id', id);
    await withRequestId(id, next);
    // A response not made through the context (a built file's) lacks it: only then is it set afterwards.
    if (!c.res.headers.has('X-Request-Id')) c.header('X-Request-Id', id);
    const seconds = (performance.now() - started) / 1000;
    const route = refine(c, routePattern(c));
    const method = c.req.method;
    const status = c.res.status;
    httpRequests.inc({ method, route, status: String(status) });
    httpDuration.observe({ method, route }, seconds);
    // Chosen fields only: no URL, header or body (core/log.ts).
    lines.info({ req_id: id, method, route, status, ms: Math.round(seconds * 10_000) / 10 }, 'request');
  };
}

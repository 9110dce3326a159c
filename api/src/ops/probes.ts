import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { AppEnv, Deps } from '../deps.js';
import { clientAddress, normaliseAddress } from '../lib/client-address.js';
import { declare, none } from '../lib/declare.js';
import { fail, ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { migrationsRunning, type Lifecycle } from '../core/lifecycle.js';
import { DEPENDENCIES, canServe, degraded, dependencyHealth, type DependencyName, type DependencyStates } from './dependencies.js';
import { METRICS_CONTENT_TYPE, metricsText, watchReadiness } from '../core/metrics.js';

export interface Readiness {
  ready: boolean;
  /** `serving`, or why not: `migrating`, `draining`. */
  state: 'serving' | 'migrating' | 'draining';
  /** Each dependency's state (ops/dependencies.ts). */
  checks: DependencyStates;
  /** The dependencies this host serves without just now (Redis, the media store): it is up, with less. */
  degraded: DependencyName[];
}

/**
 * Whether this process should be sent requests: not migrating or draining, and no essential dependency (the
 * database) down or full. Redis or the media store away leaves it ready, named in `degraded`: every host
 * shares them, so taking hosts out of a load balancer for them would take out all of them.
 */
export function readiness(deps: Pick<Deps, 'db' | 'redis' | 'config'>, lifecycle: Lifecycle): () => Promise<Readiness> {
  const health = dependencyHealth(deps);
  return async () => {
    const checks = await health.states();
    const state = lifecycle.draining ? 'draining' : migrationsRunning() ? 'migrating' : 'serving';
    return { ready: state === 'serving' && canServe(checks), state, checks, degraded: degraded(checks) };
  };
}

/** Why a host is not ready, in words: its state, or the essential dependencies that are not ok. */
function whyNot(answer: Readiness): string {
  if (answer.state !== 'serving') return answer.state;
  const missing = (Object.keys(answer.checks) as DependencyName[]).filter((name) => DEPENDENCIES[name].essential && answer.checks[name] !== 'ok');
  return missing.map((name) => `the ${name} is ${answer.checks[name]}`).join(', ');
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Who may read /metrics: a request with `Authorization: Bearer <METRICS_TOKEN>`, or from an address of
 * METRICS_ALLOW. Neither configured: nobody. Compared in constant time, over digests (equal lengths).
 */
export function metricsAdmits(config: Deps['config']): (c: Context) => boolean {
  const token = config.metricsToken ? digest(config.metricsToken) : undefined;
  const allowed = new Set(config.metricsAllow.map((address) => normaliseAddress(address) ?? address));
  return (c) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (token && bearer && timingSafeEqual(digest(bearer), token)) return true;
    if (!allowed.size) return false;
    const address = clientAddress(c, config.trustProxy);
    return address !== undefined && allowed.has(address);
  };
}

/**
 * The operators' routes, documented in docs/operating.md ("Running on several machines"):
 * - GET /health: the process is alive. No database, nothing shared, never shed: a liveness probe.
 * - GET /ready: 200 when this process should get requests, 503 `not_ready` (code 410) with the state
 *   and each check otherwise. For a load balancer's health check. Dependencies: ops/dependencies.ts.
 * - GET /metrics: Prometheus text, for whom METRICS_TOKEN or METRICS_ALLOW admits; 404 to anyone else.
 * None takes an API turn (app.ts API_PATHS): a busy server still answers its probes.
 */
export function probeRoutes(deps: Deps, lifecycle: Lifecycle): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const ready = readiness(deps, lifecycle);
  watchReadiness(ready);
  const admits = metricsAdmits(deps.config);

  routes.get('/health', declare({ caller: 'visitor', limit: none('a probe: no database, never shed'), body: 0 }), (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, { status: 'ok' });
  });

  routes.get(
    '/ready',
    declare({ caller: 'visitor', limit: none('a probe: one round of checks shared by the probes that arrive together'), body: 0 }),
    async (c) => {
      c.header('Cache-Control', 'no-store');
      const answer = await ready();
      if (answer.ready) return ok(c, answer);
      return fail(c, new ApiError('not_ready', `Not ready: ${whyNot(answer)}.`, { ...answer }));
    },
  );

  routes.get('/metrics', declare({ caller: 'visitor', limit: none('closed unless METRICS_TOKEN or METRICS_ALLOW admits the caller'), body: 0 }), async (c) => {
    // The same answer as a path that does not exist: an unconfigured server does not say it has metrics.
    if (!admits(c)) return fail(c, new ApiError('not_found', `No page at ${c.req.path}.`));
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', METRICS_CONTENT_TYPE);
    return c.body(await metricsText());
  });

  return routes;
}

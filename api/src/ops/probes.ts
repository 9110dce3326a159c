import { createHash, timingSafeEqual } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { sql } from 'kysely';
import type { AppEnv, Deps } from '../deps.js';
import { clientAddress, normaliseAddress } from '../lib/client-address.js';
import { declare, none } from '../lib/declare.js';
import { fail, ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { migrationsRunning, type Lifecycle } from './lifecycle.js';
import { mediaReachable } from './media.js';
import { METRICS_CONTENT_TYPE, metricsText } from './metrics.js';

/** A check that has not answered in this long counts as down: a probe answers within a load balancer's timeout. */
export const READY_CHECK_TIMEOUT_MS = 2000;

export type CheckResult = 'ok' | 'down' | 'not configured';
export interface Readiness {
  ready: boolean;
  /** `serving`, or why not: `migrating`, `draining`. */
  state: 'serving' | 'migrating' | 'draining';
  checks: { database: CheckResult; redis: CheckResult; media: CheckResult };
}

const within = (work: Promise<unknown>): Promise<CheckResult> =>
  new Promise((resolve) => {
    const timer = setTimeout(() => resolve('down'), READY_CHECK_TIMEOUT_MS);
    work.then(
      () => (clearTimeout(timer), resolve('ok')),
      () => (clearTimeout(timer), resolve('down')),
    );
  });

/**
 * Whether this process should be sent requests: not migrating or draining, and its database, its Redis
 * (when REDIS_URL is set) and its media store answer. Probes that arrive together share one round of checks.
 */
export function readiness(deps: Pick<Deps, 'db' | 'redis' | 'config'>, lifecycle: Lifecycle): () => Promise<Readiness> {
  let round: Promise<Readiness> | undefined;
  const check = async (): Promise<Readiness> => {
    const [database, redis, media] = await Promise.all([
      within(sql`select 1`.execute(deps.db)),
      deps.redis ? within(deps.redis.ping()) : Promise.resolve<CheckResult>('not configured'),
      within(mediaReachable(deps.config)),
    ]);
    const state = lifecycle.draining ? 'draining' : migrationsRunning() ? 'migrating' : 'serving';
    const checks = { database, redis, media };
    return { ready: state === 'serving' && Object.values(checks).every((r) => r !== 'down'), state, checks };
  };
  return () => (round ??= check().finally(() => (round = undefined)));
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
 * The operators' routes (issue 29), documented in README.md ("Running on several machines"):
 * - GET /health: the process is alive. No database, nothing shared, never shed: a liveness probe.
 * - GET /ready: 200 when this process should get requests, 503 `not_ready` (code 410) with the state
 *   and each check otherwise. For a load balancer's health check.
 * - GET /metrics: Prometheus text, for whom METRICS_TOKEN or METRICS_ALLOW admits; 404 to anyone else.
 * None takes an API turn (app.ts API_PATHS): a busy server still answers its probes.
 */
export function probeRoutes(deps: Deps, lifecycle: Lifecycle): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const ready = readiness(deps, lifecycle);
  const admits = metricsAdmits(deps.config);

  routes.get('/health', declare({ caller: 'visitor', limit: none('a probe: no database, never shed'), body: 0 }), (c) => {
    c.header('Cache-Control', 'no-store');
    return ok(c, { status: 'ok' });
  });

  routes.get('/ready', declare({ caller: 'visitor', limit: none('a probe: one round of checks shared by the probes that arrive together'), body: 0 }), async (c) => {
    c.header('Cache-Control', 'no-store');
    const answer = await ready();
    if (answer.ready) return ok(c, answer);
    return fail(c, new ApiError('not_ready', `Not ready: ${answer.state === 'serving' ? 'a dependency is down' : answer.state}.`, { ...answer }));
  });

  routes.get('/metrics', declare({ caller: 'visitor', limit: none('closed unless METRICS_TOKEN or METRICS_ALLOW admits the caller'), body: 0 }), async (c) => {
    // The same answer as a path that does not exist: an unconfigured server does not say it has metrics.
    if (!admits(c)) return fail(c, new ApiError('not_found', `No page at ${c.req.path}.`));
    c.header('Cache-Control', 'no-store');
    c.header('Content-Type', METRICS_CONTENT_TYPE);
    return c.body(await metricsText());
  });

  return routes;
}

import type { Handler, MiddlewareHandler } from 'hono';
import { RegExpRouter } from 'hono/router/reg-exp-router';
import { SmartRouter } from 'hono/router/smart-router';
import { TrieRouter } from 'hono/router/trie-router';
import type { z } from 'zod';
import type { AppEnv, Viewer } from '../deps.js';
import { ApiError } from './errors.js';
import { currentRequest } from '../core/request-context.js';
import type { LimitName } from './limits.js';

/**
 * One declaration per route (design item 1): who may call it, the per-client limit it is held
 * to and how many bytes of body it may send. Every Hono route carries one as its first handler
 * (`routes.post('/x/', declare({...}), handler)`) and every resource action carries one in its
 * `action({...})`; api/src/security.test.ts fails on a route without one, and docs/security.md lists them all.
 *
 * What the framework does with it (app.ts, lib/bodies.ts): the body limit is enforced before a byte is
 * read; a caller other than a visitor is refused (401) before the body is read when the request carries
 * no session at all, and again after the session is read when it is not a live one.
 */

/**
 * Who may call. A closed set: object-level rules (member of the board, owner of the pin, business role
 * with MFA) are the object policy's, applied by the service; `policy` names that check for the reader.
 * - visitor: anyone, logged in or not (the answer may differ for a logged-in viewer).
 * - user: a live session (401, code 7, otherwise).
 * - operator: a live session of an operator (users.is_operator) that passed two-factor. Anyone else gets
 *   the 404 a missing route gets, so the console's surface is not mapped by who cannot use it.
 */
export const CALLERS = ['visitor', 'user', 'operator'] as const;
export type Caller = (typeof CALLERS)[number];

/** A route that no per-client limit counts, and why: every one says so explicitly. */
export interface NoLimit {
  none: string;
}

/** A body of JSON: the API's requests are small; anything larger is refused before it is read. */
export const JSON_BODY = 64 * 1024;

export interface Declaration {
  caller: Caller;
  /** The per-client limits (lib/limits.ts LIMITS) the route's service takes, or none and why. */
  limit: LimitName | readonly LimitName[] | NoLimit;
  /** Bytes of body the route may read; 0: none (a body is refused with 413). */
  body: number;
  /**
   * The body is the route's to stream (an upload): it is not read before the handler, which reads it
   * with bodyChunks (lib/node-request.ts). Otherwise the body is read whole, before the request takes an
   * API turn.
   */
  stream?: boolean;
  /** The object policy check the service applies on top of `caller` (for the reader of docs/security.md). */
  policy?: string;
  /**
   * Why this route takes a form posted from any site (the web app's share target): the same-origin check
   * (lib/guard.ts) lets it through. Such a route may only open a page where the person still decides.
   */
  crossSiteForm?: string;
  /** The 401's message_detail, where a spec gives one. */
  unauthorized?: string;
  /** A JSON route's answer schema, from its capability's contract: /openapi.json publishes it. */
  answer?: z.ZodType;
}

/** `limit: none('why')`. */
export const none = (reason: string): NoLimit => ({ none: reason });

/** The common reasons, so the table reads the same for the same case. */
export const NO_LIMIT = {
  read: none('a read: bounded by API turns'),
  page: none('a page or built file, the same for everyone: served from memory'),
  write: none('a logged-in write: bounded by API turns; an account, not an address, answers for it'),
} as const;

const declarations = new WeakMap<object, Declaration>();

/** The declaration as a route's first handler; at run time it refuses a caller the declaration does not admit. */
// biome-ignore lint/suspicious/noExplicitAny: pages are a Hono without the API's variables
export function declare(declaration: Declaration): MiddlewareHandler<any> {
  const handler: MiddlewareHandler<AppEnv> = async (c, next) => {
    admit(declaration, c.get('viewer'));
    await next();
  };
  declarations.set(handler, declaration);
  return handler;
}

/**
 * The declaration and the route's handler as one handler: what declare() admits, then the handler, in one
 * step of the request's chain instead of two (for the resource dispatchers, which every action goes through).
 */
export function declaring<P extends string>(declaration: Declaration, handler: Handler<AppEnv, P>): Handler<AppEnv, P> {
  const both: Handler<AppEnv, P> = (c, next) => {
    admit(declaration, c.get('viewer'));
    return handler(c, next);
  };
  declarations.set(both, declaration);
  return both;
}

/** The declaration a handler was made with (the route walk, the table). */
export const declarationOf = (handler: unknown): Declaration | undefined => (typeof handler === 'function' ? declarations.get(handler) : undefined);

/** Refuses (throws) a viewer the caller kind does not admit. `undefined`: no session was read (a page). */
export function admit(declaration: Pick<Declaration, 'caller' | 'unauthorized'>, viewer: Viewer | null | undefined): void {
  if (declaration.caller === 'user' && !viewer) throw unauthorized(declaration);
  if (declaration.caller === 'operator' && !isOperator(viewer)) throw new ApiError('not_found');
}

/** An operator, in a session that passed two-factor (never a personal access token: those carry no operator power). */
export const isOperator = (viewer: Viewer | null | undefined): viewer is Viewer => !!viewer && viewer.isOperator && viewer.mfaPassed && !viewer.accessToken;

/** What a request refused before its session is read gets: an operator route hides itself. */
export const refusalWithoutSession = (declaration: Pick<Declaration, 'caller' | 'unauthorized'>) =>
  declaration.caller === 'operator' ? new ApiError('not_found') : unauthorized(declaration);

/** The 401 of a route. */
export const unauthorized = (declaration: Pick<Declaration, 'unauthorized'>) => new ApiError('unauthorized', declaration.unauthorized);

/** Whether a declaration is complete: a caller of the set, a limit, a body size. */
export function isDeclaration(value: unknown): value is Declaration {
  if (!value || typeof value !== 'object') return false;
  const d = value as Partial<Declaration>;
  const limitOk =
    typeof d.limit === 'string' ||
    (Array.isArray(d.limit) && d.limit.length > 0) ||
    (typeof d.limit === 'object' && d.limit !== null && typeof (d.limit as NoLimit).none === 'string' && (d.limit as NoLimit).none.length > 0);
  return (CALLERS as readonly string[]).includes(d.caller as string) && limitOk && typeof d.body === 'number' && d.body >= 0;
}

/** One row of the surface: a route with its declaration (undefined: undeclared). */
export interface SurfaceRow {
  method: string;
  path: string;
  declaration: Declaration | undefined;
}

interface HonoRoute {
  method: string;
  path: string;
  handler: unknown;
}

/** The routes of a Hono app (its `routes`), each with the declaration among its handlers. Middleware (`use`) is not a route. */
export function honoSurface(routes: readonly HonoRoute[]): SurfaceRow[] {
  const rows = new Map<string, SurfaceRow>();
  for (const route of routes) {
    if (route.method === 'ALL') continue;
    const key = `${route.method} ${route.path}`;
    const row = rows.get(key) ?? { method: route.method, path: route.path, declaration: undefined };
    row.declaration ??= declarationOf(route.handler);
    rows.set(key, row);
  }
  return [...rows.values()];
}

/**
 * Finds a request's declaration before anything else runs (the body is judged before it is read, and
 * before the request takes an API turn). `resolve` answers first (the resource registry's actions);
 * then the most specific of the declared Hono routes that match, the first registered among equals.
 */
export function declarationFinder(rows: readonly SurfaceRow[], resolve: (method: string, path: string) => Declaration | undefined) {
  type Entry = { declaration: Declaration; vague: number };
  const router = new SmartRouter<Entry>({ routers: [new RegExpRouter(), new TrieRouter()] });
  // How much of a path is parameters or wildcards: /offsite/ is its own route, not /{username}/'s, even
  // when a route for every username (users/routes.ts, a renamed profile's redirect) was registered first.
  for (const row of rows)
    if (row.declaration) router.add(row.method, row.path, { declaration: row.declaration, vague: (row.path.match(/[:*]/g) ?? []).length });
  const any = rows.some((row) => row.declaration);
  return (method: string, path: string): Declaration | undefined => {
    // Hono answers HEAD with the GET route.
    const m = method === 'HEAD' ? 'GET' : method;
    const found = resolve(m, path);
    if (found || !any) return found;
    const [matches] = router.match(m, path) as unknown as [Array<[Entry, unknown]>];
    // The most specific match, the first registered among equals.
    return matches.reduce<Entry | undefined>((best, [entry]) => (!best || entry.vague < best.vague ? entry : best), undefined)?.declaration;
  };
}

/**
 * Sets the request's declaration (c.get('declaration')) before any other guard runs. `find` is asked
 * on each request (it is made once every route is registered: see app.ts).
 */
export function declared(find: () => (method: string, path: string) => Declaration | undefined): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const declaration = find()(c.req.method, c.req.path);
    if (declaration) {
      c.set('declaration', declaration);
      // What the services below may take: lib/limits.ts refuses (outside production) a limit not named here.
      const request = currentRequest();
      if (request) request.route = { label: `${c.req.method} ${c.req.path}`, limits: declaredLimits(declaration) };
    }
    return next();
  };
}

/** The per-client limits a declaration names (none for `none(...)`), worked out once per declaration: every request asks. */
const limitsOf = new WeakMap<Pick<Declaration, 'limit'>, readonly string[]>();
export function declaredLimits(declaration: Pick<Declaration, 'limit'>): readonly string[] {
  let names = limitsOf.get(declaration);
  if (!names) {
    names = typeof declaration.limit === 'string' ? [declaration.limit] : Array.isArray(declaration.limit) ? declaration.limit : [];
    limitsOf.set(declaration, names);
  }
  return names;
}

import { NO_LIMIT } from '../lib/declare.js';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import { z } from 'zod';
import type { AppEnv } from '../deps.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { id } from '../lib/validation.js';
import { slugPart, usernamePart } from '../boards/routes.js';
import type { EmbedsService, Keyed } from './service.js';

/** The one public, cookie-free path of the resource layer: the widgets' data (docs/decisions.md, "Embeds"). */
export const EMBEDS_PATH = '/resource/EmbedsResource/get/';

/** A page's widgets in one request: at most this many pins, boards and profiles together, and this many count bubbles. */
export const MAX_EMBEDS = 20;
export const MAX_COUNTS = 20;
/** A counted page's URL is at most this long (the request stays under any proxy's URL limit); a longer one gets no bubble. */
export const COUNT_URL_MAX = 500;
/** Widgets' data may be this old: a new pin shows within a minute, and a page of widgets costs the server one answer a minute per cache. */
export const EMBEDS_MAX_AGE_S = 60;

/** A key as the page wrote it; one that names nothing we could have is answered null, as a missing board is. */
const keyed = <T>(max: number, read: (key: string) => T | null) => z.string().max(max).transform((key): Keyed<T> => ({ key, name: read(key) }));
const boardKey = keyed(140, (key) => {
  const [username, slug, ...rest] = key.split('/');
  const u = usernamePart.safeParse(username);
  const s = slugPart.safeParse(slug);
  return u.success && s.success && !rest.length ? { username: u.data, slug: s.data } : null;
});
const userKey = keyed(64, (key) => usernamePart.safeParse(key).data ?? null);

export const embedsOptions = z
  .object({
    pins: z.array(id).max(MAX_EMBEDS).default([]),
    boards: z.array(boardKey).max(MAX_EMBEDS).default([]),
    users: z.array(userKey).max(MAX_EMBEDS).default([]),
    counts: z.array(z.string().max(COUNT_URL_MAX)).max(MAX_COUNTS).default([]),
  })
  .refine((o) => o.pins.length + o.boards.length + o.users.length <= MAX_EMBEDS, { message: `Ask for at most ${MAX_EMBEDS} pins, boards and profiles at once.` });

export function embedResources(embeds: EmbedsService) {
  return {
    // Public data only and the same for every caller: the viewer is never read (the session middleware skips this path).
    EmbedsResource: { get: legacyAction({ caller: 'visitor', limit: NO_LIMIT.read, options: embedsOptions, run: (o) => embeds.batch(o) }) },
  } satisfies ResourceRegistry;
}

/**
 * What every answer on EMBEDS_PATH carries: CORS for any origin without credentials (a publisher's page
 * reads it; no cookie is sent or wanted), a short public cache, and an ETag that turns a repeat into a 304.
 */
export function embedsHeaders(): MiddlewareHandler<AppEnv>[] {
  return [
    cors({ origin: '*', allowMethods: ['GET'], credentials: false, maxAge: 600 }),
    async (c, next) => {
      await next();
      if (c.res.status === 200 || c.res.status === 304) c.header('Cache-Control', `public, max-age=${EMBEDS_MAX_AGE_S}`);
      c.header('Cross-Origin-Resource-Policy', 'cross-origin');
    },
    etag(),
  ];
}

import { NO_LIMIT } from '../lib/declare.js';
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import { etag } from 'hono/etag';
import type { AppEnv } from '../deps.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { embedsContract } from './contract.js';
import type { EmbedsService } from './service.js';

/** The one public, cookie-free path of the resource layer: the widgets' data (docs/decisions.md, "Embeds"). */
export const EMBEDS_PATH = '/resource/EmbedsResource/get/';
/** Widgets' data may be this old: a new pin shows within a minute, and a page of widgets costs the server one answer a minute per cache. */
export const EMBEDS_MAX_AGE_S = 60;

export function embedResources(embeds: EmbedsService) {
  return {
    // Public data only and the same for every caller: the viewer is never read (the session middleware skips this path).
    EmbedsResource: { get: action({ ...embedsContract.EmbedsResource.get, caller: 'visitor', limit: NO_LIMIT.read, run: (o) => embeds.batch(o) }) },
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

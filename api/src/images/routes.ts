import { JSON_BODY, NO_LIMIT, declare } from '../lib/declare.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { clientAddress } from '../lib/client-address.js';
import { limitsFor } from '../lib/limits.js';
import { takeOutbound } from '../lib/outbound-limits.js';
import { httpUrl, id, parse } from '../lib/validation.js';
import { AVIF_RENDITIONS, RENDITIONS, type Rendition } from './encode.js';
import { imageJson, type ImagesService } from './service.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';
import { serveObject, unavailable } from '../storage/serve.js';

export const registerBody = z.object({ image_url: httpUrl, async: z.boolean().optional() });

/** PUT /v3/pins/image/: registers an image by URL. */
export function imageRoutes(deps: Deps, images: ImagesService): Hono<AppEnv> {
  const { config } = deps;
  const limits = limitsFor(deps);
  const routes = new Hono<AppEnv>();
  routes.put('/image/', declare({ caller: 'user', limit: ['imageUrlAddress', 'outboundSite'], body: JSON_BODY }), async (c) => {
    if (!c.get('viewer')) throw new ApiError('unauthorized');
    const body = parse(registerBody, await c.req.json().catch(() => null));
    // The server downloads what the caller names: limited per client and per site (lib/outbound-limits.ts).
    await takeOutbound(limits, 'imageUrlAddress', clientAddress(c, deps.config.trustProxy), body.image_url);
    return ok(c, { ...imageJson(config.publicOrigin, await images.ingest(body.image_url)), status: 'ready' });
  });
  return routes;
}

/** Whether a request's Accept names AVIF (browsers that decode it say so on every image request). */
export const acceptsAvif = (accept: string | undefined) => !!accept && /(^|[,\s])image\/avif(?!\s*;\s*q=0(\.0*)?\s*(,|$))/i.test(accept);

/**
 * GET /media/{imageId}/{rendition}.jpg: our re-encoded files, never the original bytes, from the media store
 * (or its public URL). A browser whose Accept names AVIF gets the AVIF beside the JPEG once the job has
 * made it (images/avif.ts), the JPEG until then and for every other client; `Vary: Accept` keeps a shared
 * cache from handing one's answer to the other. The address stays the JPEG's, so pages, embeds, feeds and
 * the pins' JSON need no second set of URLs (docs/decisions/media-store.md).
 */
export function mediaRoutes({ config }: Deps): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/:id/:file', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const imageId = parse(id, c.req.param('id'));
    const rendition = c.req.param('file').replace(/\.jpg$/, '') as Rendition;
    if (!RENDITIONS.includes(rendition)) throw new ApiError('not_found');
    c.header('Vary', 'Accept');
    if ((AVIF_RENDITIONS as readonly string[]).includes(rendition) && acceptsAvif(c.req.header('accept'))) {
      const key = mediaKeys.avif(imageId, rendition);
      // Behind a public URL the store is asked whether the AVIF is there before the browser is sent to it.
      const there = config.mediaPublicUrl
        ? await mediaObjects(config)
            .open(key)
            .then((found) => (found?.body.destroy(), !!found))
            .catch(unavailable({ config }))
        : true;
      if (there) {
        try {
          return await serveObject(c, config, key, { 'Content-Type': 'image/avif' });
        } catch (error) {
          // Not made yet: the JPEG answers.
          if (!(error instanceof ApiError && error.errorName === 'not_found')) throw error;
        }
      }
    }
    return serveObject(c, config, mediaKeys.rendition(imageId, rendition), { 'Content-Type': 'image/jpeg' });
  });
  return routes;
}

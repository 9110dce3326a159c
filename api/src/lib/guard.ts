import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';

/** The token of an `Authorization: Bearer …` header (a personal access token, tokens/); undefined when the request carries none. */
export function bearerOf(header: string | undefined): string | undefined {
  if (!header || !/^bearer\b/i.test(header)) return undefined;
  return header.slice('bearer'.length).trim();
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const FILE_TYPE = /^(application\/octet-stream|image\/[\w.+-]+|video\/[\w.+-]+)\s*(;|$)/i;

/**
 * State-changing calls must come from the product's own pages: the Origin header must be ours,
 * and the body JSON (a content type no cross-site form can send). Our cookies are SameSite=Lax
 * already; this closes the rest.
 */
export function sameOriginWrites(publicOrigin: string): MiddlewareHandler {
  // Not async: it only refuses (a throw) or passes on, so it adds no promise of its own to each request.
  return (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if ((c.get('declaration' as never) as { crossSiteForm?: string } | undefined)?.crossSiteForm) return next();
    // The Origin check guards what a browser sends by itself: the cookie. A request with a bearer token
    // (tokens/) is authenticated by the token alone (its cookie is not read), and no cross-site page can
    // set that header without a CORS preflight we never grant.
    if (c.req.header('origin') !== publicOrigin && bearerOf(c.req.header('authorization')) === undefined) throw new ApiError('cross_origin_write');
    const type = c.req.header('content-type') ?? '';
    // A file upload's body is the file. Its types are no more a cross-site form's than JSON is (a form can
    // only send text/plain, urlencoded or multipart), so they need the same preflight we never grant.
    // The routes whose body is a file are the ones that stream it (their declaration, lib/declare.ts).
    if ((c.get('declaration' as never) as { stream?: boolean } | undefined)?.stream && FILE_TYPE.test(type)) return next();
    if (!/^application\/json\s*(;|$)/i.test(type)) throw new ApiError('unsupported_media_type');
    return next();
  };
}

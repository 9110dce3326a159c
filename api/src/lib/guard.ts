import type { MiddlewareHandler } from 'hono';
import { ApiError } from './errors.js';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * State-changing calls must come from the product's own pages: the Origin header must be ours,
 * and the body JSON (a content type no cross-site form can send). Our cookies are SameSite=Lax
 * already; this closes the rest.
 */
export function sameOriginWrites(publicOrigin: string): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    if (c.req.header('origin') !== publicOrigin) throw new ApiError('cross_origin_write');
    const type = c.req.header('content-type') ?? '';
    if (!/^application\/json\s*(;|$)/i.test(type)) throw new ApiError('unsupported_media_type');
    return next();
  };
}

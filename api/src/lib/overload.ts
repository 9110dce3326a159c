import type { MiddlewareHandler } from 'hono';
import { fail } from './envelope.js';
import { ApiError } from './errors.js';

/** Seconds a shed client is asked to wait: the bound frees up as fast as requests finish. */
export const RETRY_AFTER_SECONDS = 1;

/**
 * A bound on the API requests one process works on at once. Past it the request is refused at once
 * with 503 `overloaded` and Retry-After (header and envelope), before it reads a session or the database:
 * a queue would only make every request wait seconds (measured: saves waited 11-28 s under 200
 * connections) and starve the cheap answers. Mounted on the API's paths only; pages, built files and
 * /health never count.
 */
export function shedOverload(maxInFlight: number): MiddlewareHandler {
  let inFlight = 0;
  // Made once: a shed answer must cost next to nothing, and an Error's stack is not free.
  const overloaded = new ApiError('overloaded', undefined, { retry_after_seconds: RETRY_AFTER_SECONDS });
  return async (c, next) => {
    if (inFlight >= maxInFlight) return fail(c, overloaded);
    inFlight++;
    try {
      await next();
    } finally {
      inFlight--;
    }
  };
}

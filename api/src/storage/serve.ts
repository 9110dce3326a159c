import { Readable } from 'node:stream';
import type { Context } from 'hono';
import type { AppEnv, Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { mediaObjects } from './index.js';
import { dependencyOf, storeFullError } from '../lib/dependencies.js';
import { logFor } from '../core/log.js';

/**
 * A store that did not answer (the bucket down, a timeout) is a 503 the client may retry, and a full one a
 * 507, with the reason in the server's log, not a 500. Kept for reads and for uploads (media/service.ts).
 */
export function unavailable(deps: Pick<Deps, 'log' | 'config'>): (error: unknown) => never {
  const log = logFor(deps);
  return (error) => {
    // A full disk is named to the person (507, lib/dependencies.ts); the real error is in the log either way.
    log.error({ err: error, dependency: dependencyOf(error) ?? undefined }, 'media store');
    throw storeFullError(error) ?? new ApiError('media_store_unavailable', undefined, { retry_after_seconds: 5 });
  };
}

/** Objects up to this size are answered whole, not streamed: every picture rendition, not videos or exports. */
const WHOLE_UP_TO = 512 * 1024;

/** What every media answer carries: immutable (a key is never rewritten), readable by other sites' pages. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Whether an If-None-Match header names this ETag (a list, weak forms, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}

/**
 * Answers GET /media/… with the object under `key`: a redirect to MEDIA_PUBLIC_URL/{key} when
 * that is set (a CDN or a public bucket serves the bytes), else the bytes streamed from the store with
 * their ETag, and 304 when the browser already has them. `headers` are the kind's own (type, CSP).
 */
export async function serveObject(c: Context<AppEnv>, config: Deps['config'], key: string, headers: Record<string, string>): Promise<Response> {
  c.header('Cross-Origin-Resource-Policy', 'cross-origin');
  if (config.mediaPublicUrl) {
    // The address of a key never changes, but the operator may move the CDN: a day, not a year.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.redirect(`${config.mediaPublicUrl}/${key}`, 302);
  }
  const found = await mediaObjects(config).openSmall(key, WHOLE_UP_TO).catch(unavailable({ config }));
  if (!found) throw new ApiError('not_found');
  c.header('ETag', found.info.etag);
  c.header('Cache-Control', IMMUTABLE);
  if (matchesEtag(c.req.header('if-none-match'), found.info.etag)) {
    found.body?.destroy();
    return c.body(null, 304);
  }
  for (const [name, value] of Object.entries(headers)) c.header(name, value);
  c.header('Content-Length', String(found.info.size));
  if (found.bytes) return c.body(found.bytes);
  return c.body(Readable.toWeb(found.body) as ReadableStream);
}

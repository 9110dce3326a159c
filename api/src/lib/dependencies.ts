import { ApiError } from './errors.js';

/**
 * What a job's failure says about where it came from. An error that names a dependency (a connection
 * refused or reset, a timeout, a full disk, the bucket's 5xx) is an outage of something the job needs,
 * not a verdict on the job: it waits (jobs/service.ts) and spends none of its tries. Anything else is the
 * job's own failure, retried a bounded number of times.
 *
 * Dependencies, as the metrics and the jobs table name them:
 *   database  the SQL connection (pg's connection errors, SQLite busy or full)
 *   redis     ioredis' connection and command-timeout errors
 *   bucket    the S3-compatible media store: its 5xx, throttling, timeouts, refused connections
 *   disk      a full disk or quota (ENOSPC, EDQUOT) under the media directory or the scratch files
 *   network   any other refused, reset or timed-out connection of ours
 */
export type Dependency = 'database' | 'redis' | 'bucket' | 'disk' | 'network';
export const DEPENDENCIES: readonly Dependency[] = ['database', 'redis', 'bucket', 'disk', 'network'];

const FULL = new Set(['ENOSPC', 'EDQUOT', 'SQLITE_FULL']);
const CONNECTION = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);
// The bucket's answers that say "not now" rather than "not this" (AWS SDK error names).
const BUCKET_BUSY = new Set([
  'TimeoutError',
  'RequestTimeout',
  'RequestTimeoutException',
  'ServiceUnavailable',
  'SlowDown',
  'InternalError',
  'ThrottlingException',
]);

type Shaped = Error & { code?: unknown; errno?: unknown; $metadata?: { httpStatusCode?: number }; dependency?: Dependency; cause?: unknown; errors?: unknown };

/** The dependency an error names, looking through its causes (and an AggregateError's parts); null for the job's own failure. */
export function dependencyOf(error: unknown, depth = 0): Dependency | null {
  if (!error || typeof error !== 'object' || depth > 5) return null;
  const e = error as Shaped;
  if (e.dependency) return e.dependency;
  if (error instanceof ApiError) {
    if (error.errorName === 'media_store_unavailable') return 'bucket';
    if (error.errorName === 'media_store_full') return 'disk';
    return null;
  }
  const code = typeof e.code === 'string' ? e.code : undefined;
  if (code && FULL.has(code)) return 'disk';
  const fromBucket = e.$metadata !== undefined;
  if (fromBucket && ((e.$metadata?.httpStatusCode ?? 0) >= 500 || BUCKET_BUSY.has(e.name) || (code && CONNECTION.has(code)))) return 'bucket';
  if (fromBucket && !e.$metadata?.httpStatusCode) return 'bucket';
  if (code === 'SQLITE_BUSY' || code === 'SQLITE_IOERR') return 'database';
  // pg: class 08 (connection exception), 57P01-57P03 (the server shutting down or not yet up), and its own words.
  if (code && (/^08/.test(code) || /^57P0[123]$/.test(code))) return 'database';
  const message = typeof e.message === 'string' ? e.message : '';
  if (/Connection terminated|connection timeout exceeded|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message))
    return 'database';
  if (e.name === 'MaxRetriesPerRequestError' || /Command timed out|enableOfflineQueue|Connection is closed|Stream isn't writeable/i.test(message))
    return 'redis';
  if (code && CONNECTION.has(code)) return 'network';
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return 'network';
  return dependencyOf(e.cause, depth + 1) ?? (Array.isArray(e.errors) ? (e.errors.map((part) => dependencyOf(part, depth + 1)).find(Boolean) ?? null) : null);
}

/** Marks an error as coming from `dependency` (a store that knows what it is wraps its errors with it). */
export function fromDependency<T>(error: T, dependency: Dependency): T {
  if (error && typeof error === 'object' && !(error instanceof ApiError) && dependencyOf(error) !== null) {
    const named = dependencyOf(error);
    // A full disk stays "disk" whichever store met it; a connection error takes the store's name.
    (error as unknown as Shaped).dependency = named === 'disk' ? 'disk' : dependency;
  }
  return error;
}

/**
 * The answer a request gets for an error of a store it needed: a full disk is the person's to know about
 * (507, Retry-After), not a 500; undefined for anything else. The real error goes to the log by the caller.
 */
export function storeFullError(error: unknown): ApiError | undefined {
  return dependencyOf(error) === 'disk' ? new ApiError('media_store_full', undefined, { retry_after_seconds: 60 }) : undefined;
}

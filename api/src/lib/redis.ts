import { Redis } from 'ioredis';
import type { Logger } from 'pino';

/**
 * Redis is a helper, never a single point of failure: what lives there (rate limits, board locks) has a
 * way to carry on without it (lib/limits.ts, boards/locks.ts).
 *
 * - Every command has a deadline (REDIS_COMMAND_TIMEOUT_MS): a hung Redis (stopped, not dead) fails a
 *   command in half a second instead of holding the request for as long as it hangs.
 * - Nothing queues while Redis is away (no offline queue, one try per command): the caller meets an error
 *   at once and takes its fallback.
 * - A watch pings it every REDIS_WATCH_MS: while a ping fails, redisAnswering() is false and callers go
 *   straight to their fallback, so an outage costs no request a timeout; the first ping answered ends it.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 500;
export const REDIS_CONNECT_TIMEOUT_MS = 2_000;
export const REDIS_WATCH_MS = 1_000;

const answering = new WeakMap<Redis, boolean>();

/** Whether Redis answered its last ping (true for a client no watch was set on: its commands decide). */
export const redisAnswering = (redis: Redis): boolean => answering.get(redis) ?? true;

/** Marks Redis away after a command failed for want of an answer (the watch's next ping may bring it back). */
export const redisFailed = (redis: Redis): void => void (answering.has(redis) && answering.set(redis, false));

/** The state readiness reports (ops/probes.ts): 'degraded' while Redis does not answer. */
export const redisState = (redis: Redis | undefined): 'ok' | 'degraded' | 'not configured' =>
  !redis ? 'not configured' : redisAnswering(redis) ? 'ok' : 'degraded';

/** One Redis connection for what several servers share, made only when REDIS_URL is set; its errors logged as JSON. */
export function connectRedis(url: string, log?: Pick<Logger, 'warn'>): Redis {
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    connectTimeout: REDIS_CONNECT_TIMEOUT_MS,
    // Reconnect for ever, at most a second apart: Redis coming back is noticed at once.
    retryStrategy: (times) => Math.min(times * 100, 1_000),
    lazyConnect: false,
  });
  answering.set(redis, true);
  let logged = 0;
  redis.on('error', (error: Error) => {
    answering.set(redis, false);
    // One line a minute while it lasts, not one per reconnect.
    if (Date.now() - logged < 60_000) return;
    logged = Date.now();
    log?.warn({ err: error, dependency: 'redis' }, 'Redis does not answer: limits count in this process, board locks in the database');
  });
  const watch = setInterval(() => {
    if (redis.status !== 'ready') return void answering.set(redis, false);
    redis.ping().then(
      () => answering.set(redis, true),
      () => answering.set(redis, false),
    );
  }, REDIS_WATCH_MS);
  watch.unref();
  redis.on('end', () => clearInterval(watch));
  return redis;
}

export type { Redis };

import { Redis } from 'ioredis';

/**
 * One Redis connection for what several servers share (rate limits, board locks), made only when
 * REDIS_URL is set. Commands fail fast instead of queueing while Redis is away, so a request meets
 * an error it can answer rather than hanging.
 */
export function connectRedis(url: string): Redis {
  return new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
}

export type { Redis };

import { Redis } from 'ioredis';
import { processLog } from '../ops/log.js';

/**
 * One Redis connection for what several servers share (rate limits, board locks), made only when
 * REDIS_URL is set. Commands fail fast instead of queueing while Redis is away, so a request meets
 * an error it can answer rather than hanging.
 *
 * Its errors go to the JSON log, once per outage: the first error after it was reachable, and the moment it
 * is back. (Without a listener ioredis prints every reconnection's error as plain text.)
 */
export function connectRedis(url: string): Redis {
  const redis = new Redis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, lazyConnect: false });
  let away = false;
  redis.on('error', (error: Error) => {
    if (away) return;
    away = true;
    processLog().warn({ err: error, dependency: 'redis' }, 'Redis did not answer; the server goes on without it until it is back');
  });
  redis.on('ready', () => {
    if (!away) return;
    away = false;
    processLog().info({ dependency: 'redis' }, 'Redis is back');
  });
  return redis;
}

export type { Redis };

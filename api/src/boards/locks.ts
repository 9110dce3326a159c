import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { ApiError, type ErrorName } from '../lib/errors.js';
import { newToken } from '../lib/ids.js';
import { redisAnswering, redisFailed, type Redis } from '../lib/redis.js';
import type { Config } from '../config.js';
import { logFor, type Logger } from '../core/log.js';

/**
 * Board actions in flight, by board or section id. A second move touching the same board while the
 * first is running is refused with the spec's busy codes (2171-2173) instead of interleaving.
 *
 * The lock lives where every server sees it (the scale issue: N servers over one database): in Redis
 * when REDIS_URL is set, else in the database's board_locks table. Each lock carries its holder's random
 * token (only the holder releases it) and an expiry, so a server killed mid-move does not leave the
 * board busy for ever: the lock lapses after LOCK_TTL_MS. A move is one short transaction, far below it.
 */
export const LOCK_TTL_MS = 60_000;

export interface BoardLocks {
  run<T>(keys: string[], busy: ErrorName, work: () => Promise<T>): Promise<T>;
}

/** One lock store: take a key for a holder (false when someone else holds it), give it back. */
interface LockStore {
  take(key: string, holder: string): Promise<boolean>;
  give(keys: string[], holder: string): Promise<void>;
}

function locksOver(store: LockStore): BoardLocks {
  return {
    async run(keys, busy, work) {
      const holder = newToken();
      const taken: string[] = [];
      try {
        for (const key of new Set(keys)) {
          if (!(await store.take(key, holder))) throw new ApiError(busy);
          taken.push(key);
        }
        return await work();
      } finally {
        if (taken.length) await store.give(taken, holder);
      }
    },
  };
}

/** Locks as rows: insert if absent, or take over a row whose holder's time is up; one statement each. */
export function databaseLocks(db: Kysely<Database>, clock: Clock): BoardLocks {
  return locksOver({
    async take(key, holder) {
      const now = clock.now();
      const row = await db
        .insertInto('board_locks')
        .values({ key, holder, expires_at: now + LOCK_TTL_MS })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({ holder, expires_at: now + LOCK_TTL_MS })
            .where('board_locks.expires_at', '<=', now),
        )
        .returning('holder')
        .executeTakeFirst();
      return row?.holder === holder;
    },
    async give(keys, holder) {
      await db.deleteFrom('board_locks').where('key', 'in', keys).where('holder', '=', holder).execute();
    },
  });
}

export const REDIS_LOCK_PREFIX = 'corkboard:board-lock:';
// Delete the key only if it still holds our token: a lapsed lock taken over by another is not ours to free.
const RELEASE = "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Redis did not answer a lock command (as opposed to the lock being held). */
class RedisAway extends Error {}

/**
 * Locks as Redis keys: SET NX PX takes one, the compare-and-delete script gives it back. Redis away (not
 * yet connected, restarting, hung past its command timeout): the take throws RedisAway; a lock that cannot
 * be given back lapses by its expiry.
 */
export function redisLocks(redis: Redis, prefix = REDIS_LOCK_PREFIX, log?: Pick<Logger, 'warn'>): BoardLocks {
  return locksOver({
    async take(key, holder) {
      try {
        return (await redis.set(prefix + key, holder, 'PX', LOCK_TTL_MS, 'NX')) === 'OK';
      } catch (error) {
        redisFailed(redis);
        throw Object.assign(new RedisAway('board lock not taken: Redis did not answer'), { cause: error });
      }
    },
    async give(keys, holder) {
      for (const key of keys)
        await redis
          .eval(RELEASE, 1, prefix + key, holder)
          .catch((error) => log?.warn({ err: error, dependency: 'redis' }, 'board lock left to lapse: Redis did not answer'));
    },
  });
}

/**
 * The locks every server of one deployment shares: Redis when configured, else the database. While Redis
 * does not answer, moves lock in the database instead (degraded: a move on a server still reaching Redis
 * and one on a server that is not do not see each other's lock for that while), rather than every move
 * failing or waiting for Redis.
 */
export function boardLocks(deps: {
  db: Kysely<Database>;
  clock: Clock;
  redis?: Redis | undefined;
  log?: Logger;
  config?: Pick<Config, 'logLevel'>;
}): BoardLocks {
  const database = databaseLocks(deps.db, deps.clock);
  if (!deps.redis) return database;
  const redis = deps.redis;
  const shared = redisLocks(redis, REDIS_LOCK_PREFIX, deps.config ? logFor({ log: deps.log, config: deps.config }) : deps.log);
  return {
    async run(keys, busy, work) {
      if (!redisAnswering(redis)) return database.run(keys, busy, work);
      try {
        return await shared.run(keys, busy, work);
      } catch (error) {
        // Nothing ran yet (a take failed before the work): the move takes the database's locks.
        if (error instanceof RedisAway) return database.run(keys, busy, work);
        throw error;
      }
    },
  };
}

import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { testApp, type Answer, type TestApp } from '../testing.js';
import { LIMITS, LIMITS_TABLE } from './limits.js';

/**
 * The scale issue: what several servers must share lives in Postgres, or in Redis when REDIS_URL is
 * set, never in one process. Two apps (two createApp(), two connections, as two servers would have)
 * over one store: a limit reached through one holds through the other. Each part is skipped, with the
 * reason printed, when its server does not answer. Own database (db/testing-postgres.ts) and own key prefix per run.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const suffix = `${process.pid}_${randomBytes(4).toString('hex')}`;
const prefix = `cb_seclimits_${suffix}:`;

const pg = await privatePostgres('cb_seclimits', 'the shared-limit test on Postgres');

const ATTACKER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.9';

const forgot = (t: TestApp, target: string, address: string): Promise<Answer> =>
  t.client({ address }).send('/v3/users/forgot_password/', {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: target }),
  });

/** Uses up the address's forgot-password share through `first`, then asks through `second`. */
async function reachThroughOneRefuseThroughOther(first: TestApp, second: TestApp) {
  for (let i = 0; i < LIMITS.resetAddress.points; i++) expect((await forgot(first, `someone${i}@example.com`, ATTACKER)).status).toBe(200);
  const refused = await forgot(second, 'next@example.com', ATTACKER);
  expect(refused.status).toBe(429);
  expect(refused.body.resource_response.error?.api_error_code).toBe(143);
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  // And back the other way; another address is its own client on both.
  expect((await forgot(first, 'next@example.com', ATTACKER)).status).toBe(429);
  expect((await forgot(second, 'next@example.com', NEIGHBOUR)).status).toBe(200);
}

describe('two servers over one Postgres database', () => {
  const dbs = pg ? [pg.connect(), pg.connect()] : [];

  it('holds a rate limit reached through one server on the other', async (ctx) => {
    if (!pg) return ctx.skip();
    const first = await testApp({ db: dbs[0] });
    const second = await testApp({ db: dbs[1] });
    await reachThroughOneRefuseThroughOther(first, second);
    // The counter is a row of the database, not a value in either process.
    const rows = await sql<{
      key: string;
      points: number;
    }>`select key, points from ${sql.table(LIMITS_TABLE)} where key = ${`resetAddress:${ATTACKER}`}`.execute(dbs[0]!);
    expect(rows.rows).toEqual([{ key: `resetAddress:${ATTACKER}`, points: LIMITS.resetAddress.points }]);
  });
});

describe('two servers over one Redis', () => {
  const clients: Redis[] = [];
  let unavailable: string | undefined;

  const connect = async (keyPrefix?: string) => {
    const redis = new Redis(REDIS_URL, {
      keyPrefix,
      lazyConnect: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      retryStrategy: () => null,
      connectTimeout: 2000,
    });
    redis.on('error', () => {});
    clients.push(redis);
    await redis.connect();
    return redis;
  };

  beforeAll(async () => {
    try {
      await (await connect()).ping();
    } catch (error) {
      unavailable = `Redis is not reachable at ${REDIS_URL} (${(error as Error).message})`;
      console.warn(`Skipping the shared-limit test on Redis: ${unavailable}`);
    }
  });

  afterAll(async () => {
    if (!unavailable) {
      const plain = clients[0]!;
      const keys = await plain.keys(`${prefix}*`);
      if (keys.length) await plain.del(...keys);
    }
    for (const redis of clients) redis.disconnect();
  });

  it('holds a rate limit reached through one server on the other, each on its own database', async (ctx) => {
    if (unavailable) return ctx.skip();
    // Each app has its own in-memory SQLite: the only thing the two share is Redis.
    const first = await testApp({ redis: await connect(prefix) });
    const second = await testApp({ redis: await connect(prefix) });
    await reachThroughOneRefuseThroughOther(first, second);
    expect(await clients[0]!.get(`${prefix}resetAddress:${ATTACKER}`)).toBe(String(LIMITS.resetAddress.points));
    // Nothing went to either database.
    expect(await first.db.selectFrom('rate_limits').selectAll().execute()).toEqual([]);
  });
});

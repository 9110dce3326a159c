import { afterAll, describe, expect, it } from 'vitest';
import { solvedChallenge } from '../auth/safety-helpers.js';
import { LOCKOUT } from '../auth/lockout.js';
import { boardLocks, REDIS_LOCK_PREFIX } from '../boards/locks.js';
import { connectRedis, type Redis } from '../lib/redis.js';
import { testApp, type TestApp } from '../testing.js';
import { privatePostgres } from './testing-postgres.js';

/**
 * The scale issue's "many servers": two servers over one Postgres share nothing but the database (and
 * Redis, when it is set). Each server here is its own createApp() with its own connection pool, clock and
 * services, so whatever one of them kept in memory the other could not see. A database of our own on the
 * machine's server (PG_TEST_URL or 127.0.0.1:5432), dropped after; skipped with the reason when absent.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const CHALLENGE_KEY = 'two-servers-share-this-challenge-key';
const pg = await privatePostgres('cb_scale_shared', 'the two-server tests');
const redises: Redis[] = [];

afterAll(() => {
  for (const redis of redises) redis.disconnect();
});

/** A server: its own pool to the one database, the deployment's shared settings, Redis if given. */
async function server(redis?: Redis): Promise<TestApp> {
  const db = pg!.connect();
  return testApp({ db, redis, config: { challengeKey: CHALLENGE_KEY, challengeMaxNumber: 1000 } });
}

async function redisOrSkip(): Promise<Redis | string> {
  const redis = connectRedis(REDIS_URL);
  redises.push(redis);
  try {
    // Commands fail fast while the connection is not up (lib/redis.ts): wait for it first.
    await new Promise<void>((resolve, reject) => {
      redis.once('ready', resolve);
      redis.once('error', reject);
    });
    await redis.ping();
    return redis;
  } catch (error) {
    return `Redis is not reachable at ${REDIS_URL} (${(error as Error).message})`;
  }
}

const code = (res: { body: any }) => res.body.resource_response.error?.api_error_code ?? 0;

/** One user with a board to move a pin from and a board to move it to, made through server A. */
async function boardsToMove(a: TestApp) {
  const user = await a.makeUser();
  const browser = a.client();
  await browser.logIn(user.email, user.password);
  const from = await a.makeBoard(user.id, 'From');
  const to = await a.makeBoard(user.id, 'To');
  const pin = (await browser.post('PinResource', 'create', { board_id: from, link: 'https://publisher.example/moved', method: 'button' })).body
    .resource_response.data.id;
  return { browser, from, to, pin };
}

/** Holds `key` busy through a server's locks until release() is called; resolves once the lock is held. */
async function holdBusy(server: TestApp, key: string) {
  let release = () => {};
  let held = () => {};
  const started = new Promise<void>((resolve) => (held = resolve));
  const running = boardLocks(server.deps).run([key], 'board_busy', async () => {
    held();
    await new Promise<void>((resolve) => (release = resolve));
  });
  await started;
  return async () => {
    release();
    await running;
  };
}

describe('two servers over one Postgres', () => {
  it('a lockout made through server A refuses the log-in through server B', async (ctx) => {
    if (!pg) return ctx.skip();
    const [a, b] = [await server(), await server()];
    const user = await a.makeUser('locked');
    for (let i = 1; i <= LOCKOUT.lockAt; i++) {
      const extra = i > LOCKOUT.challengeAfter ? { recaptchaV2Token: await solvedChallenge(a) } : {};
      await a.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: 'wrong password', ...extra });
    }
    const atB = await b.client().logIn(user.email, user.password);
    expect(atB.status).toBe(429);
    expect(code(atB)).toBe(111);
    expect(atB.body.resource_response.error?.message).toBe('You have reached the maximum number of login attempts. Try again in 30 minutes.');
  });

  it('a board busy through server A answers 2171 through server B (locks in the database)', async (ctx) => {
    if (!pg) return ctx.skip();
    const [a, b] = [await server(), await server()];
    const { browser, to, pin } = await boardsToMove(a);
    // The same browser (its session cookie) now reaches server B, as behind a load balancer.
    const atB = b.client({ cookie: browser.cookies });
    const release = await holdBusy(a, to);
    const refused = await atB.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] });
    await release();
    const after = await atB.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] });
    expect([refused.status, code(refused)]).toEqual([409, 2171]);
    expect(refused.body.resource_response.error?.message).toBe('Please wait until the previous board action finishes.');
    expect(after.status).toBe(200);
    expect((await b.db.selectFrom('pins').select('board_id').where('id', '=', pin).executeTakeFirstOrThrow()).board_id).toBe(to);
    expect(await b.db.selectFrom('board_locks').selectAll().execute()).toEqual([]);
  });

  it('a board busy through server A answers 2171 through server B (locks in Redis)', async (ctx) => {
    if (!pg) return ctx.skip();
    const [ra, rb] = [await redisOrSkip(), await redisOrSkip()];
    if (typeof ra === 'string' || typeof rb === 'string') {
      console.warn(`Skipping the Redis two-server test: ${String(typeof ra === 'string' ? ra : rb)}`);
      return ctx.skip();
    }
    const [a, b] = [await server(ra), await server(rb)];
    const { browser, to, pin } = await boardsToMove(a);
    const atB = b.client({ cookie: browser.cookies });
    const release = await holdBusy(a, to);
    // Held in Redis under the board's id (the holder's token), not in the database.
    expect(await rb.get(REDIS_LOCK_PREFIX + to)).toEqual(expect.any(String));
    expect(await b.db.selectFrom('board_locks').selectAll().execute()).toEqual([]);
    const refused = await atB.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] });
    expect([refused.status, code(refused)]).toEqual([409, 2171]);
    await release();
    expect(await rb.get(REDIS_LOCK_PREFIX + to)).toBeNull();
    expect((await atB.post('BulkEditResource', 'update', { board_id: to, pin_ids: [pin] })).status).toBe(200);
  });
});

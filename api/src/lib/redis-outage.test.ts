import { afterAll, describe, expect, it } from 'vitest';
import { testApp, type Answer, type TestApp } from '../testing.js';
import { LIMITS } from './limits.js';
import { connectRedis, redisAnswering, type Redis } from './redis.js';
import { ownRedis } from './testing-redis.js';

/**
 * Redis is a helper: stopped, hung (SIGSTOP) or restarted empty, the limits it holds keep holding (each
 * process counts on from the last count Redis gave it) and log-ins are answered. A Redis of the test's own.
 */
const server = await ownRedis();
const redis: Redis = connectRedis(server.url);
afterAll(async () => {
  redis.disconnect();
  await server.stop();
});

const ATTACKER = '203.0.113.70';
const forgot = (t: TestApp, n: number): Promise<Answer> =>
  t.client({ address: ATTACKER }).send('/v3/users/forgot_password/', {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json' },
    body: JSON.stringify({ username_or_email: `someone${n}@example.com` }),
  });
const waitFor = async (condition: () => boolean) => {
  for (let i = 0; i < 400 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 25));
};

describe('limits and log-ins with Redis away', () => {
  it('keep counting an address through a hung Redis, a stopped one and one restarted empty, and log-ins are answered', async () => {
    const t = await testApp({ redis });
    const user = await t.makeUser();
    const share = LIMITS.resetAddress.points;
    let n = 0;
    // Most of the share used while Redis answers.
    for (; n < share - 5; n++) expect((await forgot(t, n)).status).toBe(200);

    // Hung: nothing answers, the connection stays open. Each request is answered; the count goes on from where Redis had it.
    server.pause();
    for (; n < share - 2; n++) expect((await forgot(t, n)).status).toBe(200);
    expect((await t.client({ address: '198.51.100.20' }).logIn(user.email, user.password)).status).toBe(200);
    await waitFor(() => !redisAnswering(redis));
    expect(redisAnswering(redis)).toBe(false);
    server.resume();
    await waitFor(() => redisAnswering(redis));

    // Stopped: refused connections. The last tries of the share, then refused.
    await server.stop();
    await waitFor(() => !redisAnswering(redis));
    for (; n < share; n++) expect((await forgot(t, n)).status).toBe(200);
    const refused = await forgot(t, n);
    expect(refused.status).toBe(429);
    expect(refused.body.resource_response.error?.api_error_code).toBe(143);
    expect((await t.client({ address: '198.51.100.21' }).logIn(user.email, user.password)).status).toBe(200);

    // Back, with every key lost: the count this process kept holds, and is written back to Redis.
    await server.restart();
    await waitFor(() => redisAnswering(redis));
    expect(redisAnswering(redis)).toBe(true);
    expect((await forgot(t, n)).status).toBe(429);
    const fresh = connectRedis(server.url);
    await new Promise((resolve) => fresh.once('ready', resolve));
    try {
      expect(Number(await fresh.get(`resetAddress:${ATTACKER}`))).toBeGreaterThanOrEqual(share);
    } finally {
      fresh.disconnect();
    }
  }, 60_000);
});

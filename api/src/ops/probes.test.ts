import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app.js';
import { loadConfig } from '../config.js';
import { connectSqlite } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { startProduct } from '../product.js';
import { imageFixtures } from '../images/fixtures.js';
import { LIMITS } from '../lib/limits.js';
import { socketEnv, testApp } from '../testing.js';
import { whileMigrating } from '../core/lifecycle.js';
import { httpRequests, rateLimitRefusals, saves } from '../core/metrics.js';

const TOKEN = 'a-metrics-token-of-some-length-0123';
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const fixtures = await imageFixtures();

const json = async (response: Response) => (await response.json()) as { resource_response: { data?: any; error?: any } };
const counter = async (
  metric: { get(): Promise<{ values: Array<{ value: number; labels: Record<string, unknown> }> }> },
  labels: Record<string, unknown> = {},
) => (await metric.get()).values.filter((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l)).reduce((sum, v) => sum + v.value, 0);

describe('GET /health', () => {
  it('says the process is alive, reads nothing and is not cached', async () => {
    const t = await testApp();
    const res = await t.app.request('/health');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await json(res)).toEqual({ resource_response: { data: { status: 'ok' } } });
  });
});

describe('GET /ready', () => {
  it('is 200 when the database and the media store answer (no Redis configured)', async () => {
    const t = await testApp();
    const res = await t.app.request('/ready');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect((await json(res)).resource_response.data).toEqual({
      ready: true,
      state: 'serving',
      checks: { database: 'ok', redis: 'not configured', media: 'ok' },
      degraded: [],
    });
  });

  it('is 503 not_ready while the process drains for a shutdown', async () => {
    const t = await testApp();
    const lifecycle = { draining: false };
    const app = createApp({ ...t.deps, lifecycle });
    expect((await app.request('/ready')).status).toBe(200);
    lifecycle.draining = true;
    const res = await app.request('/ready');
    expect(res.status).toBe(503);
    expect((await json(res)).resource_response.error).toMatchObject({
      api_error_code: 410,
      http_status: 503,
      message: 'This server is not ready to take requests.',
      data: { ready: false, state: 'draining' },
    });
    // Still alive: only readiness says "not me".
    expect((await app.request('/health')).status).toBe(200);
  });

  it('is 503 from the moment a real server is told to stop, for DRAIN_WAIT_MS, while it still serves', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-drain-'));
    const db = connectSqlite(join(dir, 'drain.sqlite'));
    await migrate(db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), mediaDir: join(dir, 'media'), drainWaitMs: 1500, imageConcurrency: 1 };
    const product = startProduct({ db, config, clock: systemClock }, { port: 0, host: '127.0.0.1' });
    await new Promise((listening) => product.server.once('listening', listening));
    const base = `http://127.0.0.1:${product.port}`;
    expect((await fetch(`${base}/ready`)).status).toBe(200);
    const stopped = product.stop();
    const draining = await fetch(`${base}/ready`);
    expect(draining.status).toBe(503);
    expect((await json(draining)).resource_response.error.data.state).toBe('draining');
    // Still serving what comes meanwhile.
    expect((await fetch(`${base}/health`)).status).toBe(200);
    // Then it closes its listener and stops.
    await stopped;
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  });

  it('is 503 while this process runs migrations', async () => {
    const t = await testApp();
    let finish!: () => void;
    const held = whileMigrating(() => new Promise<void>((resolve) => (finish = resolve)));
    const res = await t.app.request('/ready');
    finish();
    await held;
    expect(res.status).toBe(503);
    expect((await json(res)).resource_response.error.data.state).toBe('migrating');
    expect((await t.app.request('/ready')).status).toBe(200);
  });

  it('stays 200 when the media store cannot be written to, naming it degraded', async () => {
    // A path under a file: neither there nor makeable, as a mount gone away.
    const file = join(mkdtempSync(join(tmpdir(), 'corkboard-ready-')), 'a-file');
    writeFileSync(file, 'x');
    const t = await testApp({ config: { mediaDir: join(file, 'media') } });
    const res = await t.app.request('/ready');
    expect(res.status).toBe(200);
    expect((await json(res)).resource_response.data).toMatchObject({
      ready: true,
      state: 'serving',
      checks: { database: 'ok', media: 'down' },
      degraded: ['media'],
    });
  });

  it('is 503 when the database is closed', async () => {
    const t = await testApp();
    await t.db.destroy();
    const res = await t.app.request('/ready');
    expect(res.status).toBe(503);
    expect((await json(res)).resource_response.error).toMatchObject({
      message_detail: 'Not ready: the database is down.',
      data: { checks: { database: 'down' } },
    });
  });

  it('checks Redis when one is configured: down when it does not answer, and the host still ready, degraded', async () => {
    // Nothing listens on this port: the ping fails at once (no offline queue).
    const gone = new Redis('redis://127.0.0.1:9259', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    gone.on('error', () => {});
    const t = await testApp({ redis: gone, config: { metricsToken: TOKEN } });
    const res = await t.app.request('/ready');
    expect(res.status).toBe(200);
    expect((await json(res)).resource_response.data).toMatchObject({ ready: true, checks: { redis: 'down' }, degraded: ['redis'] });
    // And in the metrics, each dependency by its state.
    const scrape = await (await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    expect(scrape).toMatch(/^corkboard_ready 1$/m);
    expect(scrape).toMatch(/^corkboard_dependency_state\{dependency="redis",state="down"\} 1$/m);
    expect(scrape).toMatch(/^corkboard_dependency_state\{dependency="database",state="ok"\} 1$/m);
    gone.disconnect();
  });

  it('checks Redis when one is configured: ok when it answers', async (ctx) => {
    const redis = new Redis(REDIS_URL, { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    redis.on('error', () => {});
    try {
      await redis.connect();
    } catch (error) {
      console.warn(`Skipping the Redis readiness check: Redis is not reachable at ${REDIS_URL} (${(error as Error).message})`);
      return ctx.skip();
    }
    const t = await testApp({ redis });
    const res = await t.app.request('/ready');
    expect(res.status).toBe(200);
    expect((await json(res)).resource_response.data.checks.redis).toBe('ok');
    await redis.quit();
  });
});

describe('GET /metrics', () => {
  it('is closed by default: the same 404 as a path that does not exist, even with a token', async () => {
    const t = await testApp();
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }] as Array<Record<string, string>>) {
      const res = await t.app.request('/metrics', { headers });
      expect(res.status).toBe(404);
      expect((await json(res)).resource_response.error).toMatchObject({ api_error_code: 30, message_detail: 'No page at /metrics.' });
    }
  });

  it('answers the bearer of METRICS_TOKEN, and nobody else', async () => {
    const t = await testApp({ config: { metricsToken: TOKEN } });
    expect((await t.app.request('/metrics')).status).toBe(404);
    expect((await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}x` } })).status).toBe(404);
    expect((await t.app.request('/metrics', { headers: { authorization: TOKEN } })).status).toBe(404);
    const res = await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(await res.text()).toContain('# TYPE corkboard_http_requests_total counter');
  });

  it('answers the addresses of METRICS_ALLOW, and no other', async () => {
    const t = await testApp({ config: { metricsAllow: ['10.0.0.5'] } });
    expect((await t.app.request('/metrics', {}, socketEnv('10.0.0.6'))).status).toBe(404);
    expect((await t.app.request('/metrics', {}, socketEnv('::ffff:10.0.0.5'))).status).toBe(200);
  });

  it('counts requests by route pattern (never the path asked for), saves, the queue and rate-limit refusals', async () => {
    const t = await testApp({ config: { metricsToken: TOKEN } });
    const scrape = async () => (await t.app.request('/metrics', { headers: { authorization: `Bearer ${TOKEN}` } })).text();
    const user = await t.makeUser();
    const board = await t.makeBoard(user.id, 'Tarts');
    const browser = t.client();
    await browser.logIn(user.email, user.password);

    const savesBefore = await counter(saves);
    const pinGets = await counter(httpRequests, { route: '/v3/pins/:id/', status: '200' });
    const saved = await browser.post('PinResource', 'create', {
      board_id: board,
      image_url: fixtures.url('tart'),
      link: 'https://a.example/',
      method: 'button',
    });
    expect(saved.status).toBe(200);
    const pinId = saved.body.resource_response.data.id as string;
    expect(await counter(saves)).toBe(savesBefore + 1);

    // The save's ingest job is waiting: the queue's depth and age are read at the scrape.
    t.clock.advance(3000);
    const waiting = await scrape();
    expect(waiting).toMatch(/^corkboard_jobs\{status="queued"\} 1$/m);
    expect(waiting).toMatch(/^corkboard_jobs_oldest_waiting_seconds 3$/m);
    await t.runJobs();
    // What is left is the image's AVIF renditions, made after the JPEGs (images/avif.ts).
    expect(await scrape()).toMatch(/^corkboard_jobs\{status="queued"\} 1$/m);
    expect(await t.db.selectFrom('jobs').select('kind').execute()).toEqual([{ kind: 'image.avif' }]);

    await t.client().send(`/v3/pins/${pinId}/`);
    await t.client().send('/no/such/page/12345');
    const text = await scrape();
    expect(await counter(httpRequests, { route: '/v3/pins/:id/', status: '200' })).toBe(pinGets + 1);
    expect(text).toMatch(/corkboard_http_request_duration_seconds_bucket\{le="[\d.]+",method="GET",route="\/v3\/pins\/:id\/"\}/);
    // A resource action by its resource (a bounded set), an unknown path as `unmatched`; no raw path or id.
    expect(text).toContain('route="/resource/PinResource/create/"');
    expect(text).toContain('route="unmatched"');
    expect(text).not.toContain(pinId);
    expect(text).not.toContain('12345');

    // A per-client limit's refusal, by its name.
    const refusals = await counter(rateLimitRefusals, { limit: 'resetAddress' });
    const forgot = () =>
      t.client({ address: '203.0.113.9' }).send('/v3/users/forgot_password/', {
        method: 'POST',
        headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: 'someone@example.com' }),
      });
    for (let i = 0; i < LIMITS.resetAddress.points; i++) await forgot();
    expect((await forgot()).status).toBe(429);
    expect(await counter(rateLimitRefusals, { limit: 'resetAddress' })).toBe(refusals + 1);
    expect(await scrape()).toMatch(/^corkboard_rate_limit_refusals_total\{limit="resetAddress"\} \d+$/m);
  });
});

describe('X-Request-Id', () => {
  it('keeps a well-formed id, and makes a new one for a missing or ill-formed one', async () => {
    const t = await testApp();
    expect((await t.app.request('/health', { headers: { 'x-request-id': 'lb-7f3a9c2e.1' } })).headers.get('x-request-id')).toBe('lb-7f3a9c2e.1');
    for (const headers of [{}, { 'x-request-id': 'short' }, { 'x-request-id': 'has spaces in it' }, { 'x-request-id': 'x'.repeat(129) }] as Array<
      Record<string, string>
    >) {
      expect((await t.app.request('/health', { headers })).headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    }
  });
});

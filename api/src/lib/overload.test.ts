import { createServer, request, type ServerResponse } from 'node:http';
import { shedRequests } from '../core/metrics.js';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { QUEUE_STANDING_MIN, SLICE_MS, turns } from './overload.js';

const QUEUE_MAX_WAIT_MS = 500;

/**
 * A loopback host that holds every answer until told: an image finder call waiting on it is a request
 * the server is really working on (FindPinImagesResource reads the page before it answers; a save no
 * longer waits on its image, which the ingest queue fetches after the answer).
 */
const held: ServerResponse[] = [];
const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } })
  .png()
  .toBuffer();
/** The paths the host was asked for, in order. */
const asked: string[] = [];
const host = createServer((req, res) => {
  asked.push(req.url ?? '');
  held.push(res);
});
await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
const hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
const release = () => {
  for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
};
afterAll(() => {
  release();
  host.close();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

/** The loop's check phase: where a slice closes and the next one opens. */
const checkPhase = () => new Promise((resolve) => setImmediate(resolve));

describe('turns for API work', () => {
  it('gives turns at once while the slice has time, then makes work wait for the next slice, first come first served', async () => {
    let clock = 0;
    const t = turns({ maxInFlight: 16, maxQueued: 10, maxWaitMs: QUEUE_MAX_WAIT_MS, now: () => clock });
    expect(t.acquire()).toBe(true);
    t.release();
    clock += SLICE_MS; // the slice's time is spent (a save ran to its end without yielding)
    const order: string[] = [];
    const second = t.acquire() as Promise<boolean>;
    const third = t.acquire() as Promise<boolean>;
    void second.then((go) => order.push(`second ${go}`));
    void third.then((go) => order.push(`third ${go}`));
    // Nothing more runs in this slice; the next slice hands out the first waiter's turn.
    await Promise.resolve();
    expect(order).toEqual([]);
    await checkPhase();
    expect(order).toEqual(['second true']);
    expect(t.stats()).toEqual({ inFlight: 1, waiting: 1 });
    // Its release hands the next turn out in the same slice while the slice has time.
    t.release();
    await Promise.resolve();
    expect(order).toEqual(['second true', 'third true']);
    t.release();
    expect(t.stats()).toEqual({ inFlight: 0, waiting: 0 });
  });

  it('makes a request wait while maxInFlight hold turns, and sheds one more than maxQueued at once', async () => {
    const t = turns({ maxInFlight: 1, maxQueued: 1, maxWaitMs: QUEUE_MAX_WAIT_MS, now: () => 0 });
    expect(t.acquire()).toBe(true);
    const waiting = t.acquire();
    expect(waiting).toBeInstanceOf(Promise);
    expect(t.acquire()).toBe(false);
    t.release();
    expect(await waiting).toBe(true);
  });

  it('lets a few wait out a stalled loop, and sheds what waited past the deadline while many wait', async () => {
    let clock = 0;
    const t = turns({ maxInFlight: 1, maxQueued: 100, maxWaitMs: QUEUE_MAX_WAIT_MS, now: () => clock });
    expect(t.acquire()).toBe(true);
    // A few waiting through a long stall of the loop: a burst, each gets its turn.
    const few = Array.from({ length: QUEUE_STANDING_MIN - 1 }, () => t.acquire() as Promise<boolean>);
    clock += QUEUE_MAX_WAIT_MS * 4;
    t.release();
    for (const waiter of few) {
      expect(await waiter).toBe(true);
      t.release();
    }
    // Many waiting: those past the deadline are told at once (nothing read or written) while the queue is
    // that long; the ones that came later, and the rest once it is short again, get their turns.
    expect(t.acquire()).toBe(true);
    const late = Array.from({ length: QUEUE_STANDING_MIN + 1 }, () => t.acquire() as Promise<boolean>);
    clock += QUEUE_MAX_WAIT_MS / 2;
    const fresh = Array.from({ length: 2 }, () => t.acquire() as Promise<boolean>);
    clock += QUEUE_MAX_WAIT_MS / 2 + 1;
    t.release();
    const shed = late.slice(0, 4);
    for (const waiter of shed) expect(await waiter).toBe(false);
    for (const waiter of [...late.slice(4), ...fresh]) {
      expect(await waiter).toBe(true);
      t.release();
    }
    expect(t.stats()).toEqual({ inFlight: 0, waiting: 0 });
  });
});

describe('a server past its bound on API work', () => {
  it('makes a request wait its turn, answers 503 overloaded with Retry-After at once past the queue, keeps pages, built files and /health, and serves the one that waited', async () => {
    const t = await testApp({ config: { maxInFlight: 2, maxQueued: 1 } });
    t.deps.config.outboundAllow.push(hostOrigin);
    const user = await t.makeUser('busy');
    const board = await t.makeBoard(user.id, 'Recipes');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const find = (n: number) => browser.get('FindPinImagesResource', { url: `${hostOrigin}/${n}.png` });

    // Two image finder calls wait on the page they read: every turn is taken; a third request waits.
    const first = [find(1), find(2)];
    await until(() => held.length === 2);
    const waiting = browser.get('BoardPickerBoardsResource', {});

    const shedBefore = (await shedRequests.get()).values[0]?.value ?? 0;
    const shed = await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/3' });
    expect(shed.status).toBe(503);
    // Counted for the operators (core/metrics.ts).
    expect((await shedRequests.get()).values[0]?.value).toBe(shedBefore + 1);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.body.resource_response.error).toMatchObject({
      api_error_code: 150,
      http_status: 503,
      message: "We're very busy right now. Please try again in a moment.",
      data: { retry_after_seconds: 1 },
    });
    // Nothing of the shed save was written.
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(0);

    // What is answered from memory never waits for a turn.
    const health = await t.app.request('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ resource_response: { data: { status: 'ok' } } });
    expect((await t.app.request('/js/pinit.js')).status).toBe(200);
    expect((await t.app.request('/pin/create/button/?url=x')).status).toBe(200);

    release();
    expect((await Promise.all(first)).map((res) => res.status)).toEqual([200, 200]);
    const picker = await waiting;
    expect(picker.status).toBe(200);
    expect(picker.body.resource_response.data.all_boards.map((b: { name: string }) => b.name)).toEqual(['Recipes']);
    expect((await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/4' })).status).toBe(200);
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(1);
  });
});

describe('a client that hangs up while its request waits for a turn (a real socket)', () => {
  it('gives the turn to the next without doing its work', async () => {
    const t = await testApp({ config: { maxInFlight: 1, maxQueued: 10 } });
    t.deps.config.outboundAllow.push(hostOrigin);
    const user = await t.makeUser('hangs-up');
    const cookie = (await t.client().logIn(user.email, user.password)).headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    let arrived = 0;
    let answered = 0;
    const server = serve({
      fetch: async (request, env) => {
        arrived++;
        try {
          return await t.app.fetch(request, env);
        } finally {
          answered++;
        }
      },
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise((resolve) => server.once('listening', resolve));
    let hungUp = 0;
    server.on('connection', (socket) => socket.on('close', () => hungUp++));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const finder = (name: string) =>
      `${origin}/resource/FindPinImagesResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { url: `${hostOrigin}/${name}` } }))}`;
    const askedBefore = asked.length;
    try {
      // The one turn is taken by an image finder call waiting on its page; a second waits for the turn, and its client hangs up.
      const first = fetch(finder('first.png'), { headers: { cookie } });
      await until(() => held.length === 1);
      const gone = request(finder('gone.png'), { headers: { cookie } });
      gone.on('error', () => {});
      gone.end();
      await until(() => arrived === 2);
      gone.destroy();
      await until(() => hungUp === 1);
      release();
      expect((await first).status).toBe(200);
      await until(() => answered === 2);
      const next = fetch(finder('next.png'), { headers: { cookie } });
      await until(() => held.length === 1);
      release();
      expect((await next).status).toBe(200);
      expect(asked.slice(askedBefore)).toEqual(['/first.png', '/next.png']);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

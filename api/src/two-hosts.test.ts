import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCKOUT } from './auth/lockout.js';
import { boardLocks } from './boards/locks.js';
import { privatePostgres } from './db/testing-postgres.js';
import { LIMITS } from './lib/limits.js';
import { connectRedis, type Redis } from './lib/redis.js';
import { startLocalS3, type LocalS3 } from './storage/testing-s3.js';
import { testApp, type TestApp } from './testing.js';
import { heldImages, processWithPort, startHost, type Host } from './testing-hosts.js';

/**
 * Two hosts, honestly: two whole server processes (`tsx api/src/server.ts`) on ports of their
 * own, with MEDIA_DIRs of their own, sharing nothing but Postgres (a database of this file's own), Redis
 * and a bucket (s3rver in this process). The test itself reaches them only over HTTP, as a browser behind a
 * load balancer would, and uses the database only to make users and boards and to look at what is there.
 * Skipped with the reason printed when Postgres or Redis is absent.
 */
const REDIS_URL = process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379';
const CHALLENGE_KEY = 'two-hosts-share-this-challenge-key';
const pg = await privatePostgres('cb_two_hosts', 'the two-host tests');
const redisProblem = await redisUnreachable();
if (pg && redisProblem) console.warn(`Skipping the two-host tests: ${redisProblem}`);
const ready = Boolean(pg && !redisProblem);

let s3: LocalS3;
let images: Awaited<ReturnType<typeof heldImages>>;
let a: Host;
let b: Host;
/** The test's hands on the shared database: makes users and boards as the product does. */
let shared: TestApp;
let redis: Redis;
// This run's client address (X-Forwarded-For): per-address limits in the shared Redis count this run only.
const ADDRESS = `10.${rand()}.${rand()}.${rand()}`;

// Accounts named for this run: limits keyed by account (reset mails) live in the shared Redis for an hour.
const RUN = `${process.pid}x${Math.random().toString(36).slice(2, 8)}`;
let people = 0;
const newUser = () => shared.makeUser(`hosts${RUN}n${++people}`);

function rand() {
  return Math.floor(Math.random() * 250) + 1;
}

async function redisUnreachable(): Promise<string | undefined> {
  const probe = connectRedis(REDIS_URL);
  try {
    await new Promise<void>((resolve, reject) => {
      probe.once('ready', resolve);
      probe.once('error', reject);
    });
    await probe.ping();
    return undefined;
  } catch (error) {
    return `Redis is not reachable at ${REDIS_URL} (${(error as Error).message})`;
  } finally {
    probe.disconnect();
  }
}

beforeAll(async () => {
  if (!ready) return;
  s3 = await startLocalS3('two-hosts');
  images = await heldImages();
  redis = connectRedis(REDIS_URL);
  // Migrates the database before either host starts (each would, one after the other).
  shared = await testApp({ db: pg!.connect(), redis, config: { challengeKey: CHALLENGE_KEY } });
  const publicOrigin = 'http://localhost:9230';
  const env = (name: string) => ({
    DATABASE_URL: pg!.url,
    REDIS_URL,
    MEDIA_DIR: mkdtempSync(join(tmpdir(), `corkboard-host-${name}-`)),
    ...s3.env(`two-hosts-${process.pid}`),
    OUTBOUND_ALLOW: images.origin,
    CHALLENGE_HMAC_KEY: CHALLENGE_KEY,
    CHALLENGE_MAX_NUMBER: '1000',
    // A killed host's job is taken by the other once its lease lapses: seconds here, a minute by default.
    JOB_LEASE_MS: '2000',
  });
  [a, b] = await Promise.all([startHost('host A', env('a'), publicOrigin, ADDRESS), startHost('host B', env('b'), publicOrigin, ADDRESS)]);
}, 120_000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  redis?.disconnect();
  await images?.close();
  await s3?.stop();
});

const code = (res: { body: any }) => res.body?.resource_response?.error?.api_error_code ?? 0;

/** Polls `read` until `done` holds of its value (a job on either host finishing), then returns it. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}. Host A printed:\n${a.output()}\nHost B printed:\n${b.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A user logged in through `host`, with a board, and the same browser (its cookies) at the other host. */
async function pinner(host: Host) {
  const user = await newUser();
  const browser = host.client();
  const login = await browser.logIn(user.email, user.password);
  expect(login.status, JSON.stringify(login.body)).toBe(200);
  return { user, browser, board: await shared.makeBoard(user.id, 'Across hosts') };
}

const jpegWidth = async (res: Response) => (await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width;
const pinOf = (browser: ReturnType<Host['client']>, id: string) => browser.get('PinResource', { id }).then((r) => r.body.resource_response.data);

describe.runIf(ready)('two hosts sharing only Postgres, Redis and the bucket', () => {
  it('a pin saved through host A is served, with its image, by host B', async () => {
    const { browser, board } = await pinner(a);
    const saved = await browser.post('PinResource', 'create', { board_id: board, image_url: images.url('across', { w: 900, h: 600 }), method: 'button' });
    expect(saved.status).toBe(200);
    const atB = b.client({ cookie: browser.cookies });
    const pin = await until(
      () => pinOf(atB, saved.body.resource_response.data.id),
      (p) => Boolean(p?.images),
      'the pin’s renditions',
    );
    const file = await b.get(new URL(pin.images['474x'].url).pathname);
    expect(file.status).toBe(200);
    expect(await jpegWidth(file)).toBe(474);
    // And by host A, from the same bucket, with the same ETag.
    const atA = await a.get(new URL(pin.images['474x'].url).pathname);
    expect(atA.headers.get('etag')).toBe(file.headers.get('etag'));
    expect((await b.get(new URL(pin.images['474x'].url).pathname, { 'if-none-match': atA.headers.get('etag')! })).status).toBe(304);
  });

  it('an upload made on host A is used by a save on host B', async () => {
    const { browser, board } = await pinner(a);
    const png = await sharp({ create: { width: 800, height: 500, channels: 3, background: { r: 10, g: 160, b: 90 } } })
      .png()
      .toBuffer();
    const uploaded = await browser.send('/v3/media/uploads/', {
      method: 'POST',
      headers: { origin: 'http://localhost:9230', 'content-type': 'image/png' },
      body: new Uint8Array(png),
    });
    expect(uploaded.status).toBe(200);
    const upload = uploaded.body.resource_response.data;
    const atB = b.client({ cookie: browser.cookies });
    const saved = await atB.post('PinResource', 'create', { board_id: board, media_upload_id: upload.id, title: 'Uploaded on A', method: 'pinbuilder' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pin = await until(
      () => pinOf(atB, saved.body.resource_response.data.id),
      (p) => Boolean(p?.images),
      'the upload’s renditions',
    );
    expect(await jpegWidth(await b.get(new URL(pin.images['236x'].url).pathname))).toBe(236);
    expect(await jpegWidth(await a.get(new URL(pin.images['236x'].url).pathname))).toBe(236);
  });

  it('a lockout reached through host A refuses the log-in through host B', async () => {
    const user = await newUser();
    for (let i = 1; i <= LOCKOUT.lockAt; i++) {
      const extra = i > LOCKOUT.challengeAfter ? { recaptchaV2Token: await solved(a) } : {};
      await a.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: 'wrong password', ...extra });
    }
    const atB = await b.client().logIn(user.email, user.password);
    expect([atB.status, code(atB)]).toEqual([429, 111]);
  });

  it('a rate limit reached through host A holds through host B', async () => {
    const user = await newUser();
    const forgot = (host: Host) =>
      host.client().send('/v3/users/forgot_password/', {
        method: 'POST',
        headers: { origin: 'http://localhost:9230', 'content-type': 'application/json' },
        body: JSON.stringify({ username_or_email: user.email }),
      });
    // One account's reset mails: its share taken through A, the next one asked of B.
    for (let i = 0; i < LIMITS.resetTarget.points; i++) expect((await forgot(a)).status).toBe(200);
    const atB = await forgot(b);
    expect([atB.status, code(atB)]).toEqual([429, 143]);
    expect(Number(atB.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('a board busy through host A answers 2171 through host B', async () => {
    const { browser, board } = await pinner(a);
    const other = await shared.makeBoard(
      (await shared.db.selectFrom('boards').select('owner_id').where('id', '=', board).executeTakeFirstOrThrow()).owner_id,
      'Moved to',
    );
    const pin = (await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/moved', method: 'button' })).body
      .resource_response.data.id;
    // Held in the shared Redis as a host holds it during a board action (the test holds it as long as it needs).
    let release = () => {};
    let held = () => {};
    const holding = new Promise<void>((resolve) => (held = resolve));
    const running = boardLocks(shared.deps).run([other], 'board_busy', async () => {
      held();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await holding;
    const atA = await browser.post('BulkEditResource', 'update', { board_id: other, pin_ids: [pin] });
    const atB = await b.client({ cookie: browser.cookies }).post('BulkEditResource', 'update', { board_id: other, pin_ids: [pin] });
    release();
    await running;
    expect([atA.status, code(atA)]).toEqual([409, 2171]);
    expect([atB.status, code(atB)]).toEqual([409, 2171]);
    expect((await b.client({ cookie: browser.cookies }).post('BulkEditResource', 'update', { board_id: other, pin_ids: [pin] })).status).toBe(200);
  });

  // Last: it kills one of the two hosts.
  it('a host killed with SIGKILL mid-ingest: the other takes the job, and no pin is left without its image', async () => {
    const { browser, board } = await pinner(a);
    const slow = images.held('killed-mid-ingest');
    const saved = await browser.post('PinResource', 'create', { board_id: board, image_url: slow.url, method: 'button' });
    expect(saved.status).toBe(200);
    const pinId = saved.body.resource_response.data.id;
    // One host's worker is downloading the image now: the one that holds the connection is killed.
    const first = await slow.next();
    const fetching = processWithPort(first.remotePort, [a.child.pid!, b.child.pid!]);
    expect(fetching, 'the host downloading the image').toBeDefined();
    const [victim, survivor] = fetching === a.child.pid ? [a, b] : [b, a];
    await victim.kill9();
    first.drop();
    // Once the lease lapses the survivor takes the job and downloads the image again.
    const second = await slow.next();
    expect(processWithPort(second.remotePort, [survivor.child.pid!])).toBe(survivor.child.pid);
    second.serve();
    const atSurvivor = survivor.client({ cookie: browser.cookies });
    const pin = await until(
      () => pinOf(atSurvivor, pinId),
      (p) => Boolean(p?.images),
      'the survivor to finish the job',
    );
    expect(await jpegWidth(await survivor.get(new URL(pin.images['736x'].url).pathname))).toBe(640);
    const withoutImage = await shared.db.selectFrom('pins').select('id').where('image_url', 'is not', null).where('image_id', 'is', null).execute();
    expect(withoutImage).toEqual([]);
    // A done job is deleted: none is left running, queued or failed (but the AVIF renditions', due 30 s after the JPEGs).
    expect(await shared.db.selectFrom('jobs').select(['kind', 'status']).where('kind', '<>', 'image.avif').execute()).toEqual([]);
  });
});

/** A log-in challenge from `host`, solved (auth/safety-helpers.ts, over HTTP). */
async function solved(host: Host): Promise<string> {
  const { solvedChallenge } = await import('./auth/safety-helpers.js');
  return solvedChallenge({ client: () => host.client() } as unknown as TestApp);
}

import type { Kysely } from 'kysely';
import { createApp } from './app.js';
import { holdAnswers } from './openapi/answers.js';
import { loadConfig, type Config } from './config.js';
import { connectSqlite } from './db/connect.js';
import { migrate } from './db/migrate.js';
import type { Database } from './db/schema.js';
import { manualClock } from './lib/clock.js';
import type { Deps } from './deps.js';
import type { Redis } from './lib/redis.js';
import type { Logger } from './core/log.js';
import { authService } from './auth/service.js';
import { boardsService } from './boards/service.js';
import type { BoardLocks } from './boards/locks.js';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageFixtures } from './images/fixtures.js';
import { backgroundJobs } from './background.js';
import { settleAllCounts } from './counts/store.js';
import { decodeEnvelope, type Decoded } from './lib/envelope.client.js';
import type { ErrorBody } from './lib/envelope.js';
import type { ActionName } from './lib/resources.js';
import type { AnswerOf, OptionsOf, ResourceName } from './resources.contract.js';

export const TEST_ORIGIN = 'http://localhost:8787';

/**
 * A fresh app on a fresh migrated database, with a manual clock and a request helper that
 * behaves like the product's own pages: our Origin, JSON bodies, a cookie jar.
 */
export async function testApp(options: { db?: Kysely<Database>; config?: Partial<Config>; locks?: BoardLocks; redis?: Redis; log?: Logger } = {}) {
  const db = options.db ?? connectSqlite(':memory:');
  await migrate(db);
  // Images come from a real loopback image host, exempt from the outbound rules like a dev fixture.
  const fixtures = await imageFixtures();
  const config: Config = {
    ...loadConfig({ NODE_ENV: 'test' }),
    outboundAllow: [fixtures.origin],
    mediaDir: mkdtempSync(join(tmpdir(), 'corkboard-media-')),
    // The manual clock jumps minutes between saves while no worker runs: the ingest queue's admission
    // (images/backlog.ts) is tried by its own tests, which set the wait they mean. Infinity turns it off:
    // with no worker the measured drain falls to 0 and any finite budget would refuse.
    ingestMaxWaitMs: Number.POSITIVE_INFINITY,
    ...options.config,
  };
  const clock = manualClock();
  const deps: Deps = { db, config, clock, locks: options.locks, redis: options.redis, log: options.log };
  // Every JSON answer held to the schema /openapi.json publishes for it.
  const app = holdAnswers(createApp(deps));
  const jobs = backgroundJobs(deps);
  return {
    app,
    db,
    deps,
    clock,
    images: fixtures,
    jobs,
    /** Runs the queued background work (image ingest) as a server's worker would after the save, and settles the counts. */
    runJobs: async () => {
      await jobs.drain();
      await settleAllCounts(db);
    },
    /** Folds the pending pin counts into their columns, as the worker does every second (counts/store.ts). */
    settleCounts: () => settleAllCounts(db),
    ...makers(deps),
    /** A browser; `address` is the client address its requests come from (the socket's peer), none by default. */
    client: (init?: { cookie?: string; address?: string }) => client(app, config.publicOrigin, init?.cookie, init?.address),
  };
}

export type TestApp = Awaited<ReturnType<typeof testApp>>;

export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: { resource_response: { data?: T; error?: ErrorBody } };
}

/** A resource call's answer as the web app reads it (the one decoder), typed by the resource and action. */
export type Called<T> = { status: number; headers: Headers } & Decoded<T>;

/** What @hono/node-server hands the app as c.env: the Node request, whose socket says who is asking. */
export const socketEnv = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

export function client(app: ReturnType<typeof createApp>, origin: string, initialCookie?: string, address?: string) {
  // A cookie jar: the session cookie and the "remembered" one travel together, as in a browser.
  const jar = new Map<string, string>();
  for (const pair of (initialCookie ?? '').split(/;\s*/).filter(Boolean)) jar.set(pair.split('=')[0]!, pair);
  const send = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    const headers = new Headers(init.headers);
    if (jar.size && !headers.has('cookie')) headers.set('cookie', [...jar.values()].join('; '));
    const response = await app.request(path, { ...init, headers }, address === undefined ? undefined : socketEnv(address));
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const name = pair.split('=')[0]!;
      if (/max-age=0/i.test(line) || pair === `${name}=`) jar.delete(name);
      else jar.set(name, pair);
    }
    const text = await response.text();
    return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
  };
  return {
    /** The session cookie (name=value), the one the tests pass around. */
    get cookie() {
      return jar.get('cb_session') ?? [...jar.values()][0];
    },
    /** Every cookie in the jar, as a Cookie header. */
    get cookies() {
      return [...jar.values()].join('; ');
    },
    send,
    get: (name: string, options: unknown = {}) => send(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`),
    post: (name: string, action: string, options: unknown) =>
      send(`/resource/${name}/${action}/`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ options }),
      }),
    /**
     * A resource action, typed from the registry as the web app's client is: options checked against the
     * action's schema input, the answer decoded by the one envelope decoder (`ok` and `data`, or `error`).
     */
    async call<N extends ResourceName, A extends ActionName>(name: N, action: A, options: OptionsOf<N, A>): Promise<Called<AnswerOf<N, A>>> {
      const answer = action === 'get' ? await this.get(name, options) : await this.post(name, action, options);
      return { status: answer.status, headers: answer.headers, ...decodeEnvelope<AnswerOf<N, A>>(answer.body, answer.status) };
    },
    async logIn(email: string, password: string) {
      return this.post('UserSessionResource', 'create', { username_or_email: email, password });
    },
  };
}

let counter = 0;

/** Users and boards made through the services, as the product makes them. */
function makers(deps: Deps) {
  const auth = authService(deps);
  const boards = boardsService(deps);
  const usernames = new Map<string, string>();
  return {
    async makeUser(name = `user${++counter}`, password = 'correct horse battery') {
      const email = `${name}@example.com`;
      const id = await auth.createAccount({ email, password, username: name, firstName: name });
      usernames.set(id, name);
      return { id, email, password, username: name };
    },
    /**
     * Two-factor on for the account, and every live session of it as having passed it (the
     * business rule reads the session), as if each had entered a code. The settings' own flow is tested
     * in auth/security.test.ts.
     */
    async passMfa(userId: string) {
      const now = deps.clock.now();
      await deps.db.updateTable('users').set({ mfa_method: 'totp', totp_secret: 'JBSWY3DPEHPK3PXP', mfa_enabled_at: now }).where('id', '=', userId).execute();
      await deps.db.updateTable('sessions').set({ mfa_at: now }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
    },
    makeBoard: async (ownerId: string, name: string, privacy: 'public' | 'secret' = 'public') =>
      (await boards.createBoard({ id: ownerId, username: usernames.get(ownerId) ?? 'someone' }, { name, privacy })).id,
    makeSection: async (boardId: string, title: string) => {
      const board = await deps.db.selectFrom('boards').select('owner_id').where('id', '=', boardId).executeTakeFirstOrThrow();
      return (await boards.createSection(board.owner_id, { boardId, name: title })).id;
    },
  };
}

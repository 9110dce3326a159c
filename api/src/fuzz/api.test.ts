import fc from 'fast-check';
import { sql, type Kysely } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { appServices, resourceRegistry } from '../app.js';
import { offsiteQuery } from '../advertisers/routes.js';
import { UNPREFIXED_ADVERTISER_PATHS } from '../advertisers/rules/routes.js';
import { emailQuery, forgotBody, resetBody } from '../auth/routes.js';
import { authStore } from '../auth/store.js';
import { SESSION_TTL_MS } from '../auth/service.js';
import { boardTitleQuery } from '../boards/routes.js';
import { privatePostgres } from '../db/testing-postgres.js';
import type { Database } from '../db/schema.js';
import { eventQuery } from '../events/contract.js';
import { registerBody } from '../images/routes.js';
import { autocompleteQuery } from '../pins/routes.js';
import { catalogue } from '../lib/errors.js';
import { newId, newToken, sha256 } from '../lib/ids.js';
import { ACTIONS } from '../lib/resources.js';
import { TEST_ORIGIN, testApp } from '../testing.js';
import { garbage, inputFor, ODD_STRINGS, type Known } from './arbitraries.js';

/*
 * The fuzzed API (docs/decisions.md, "Security: the fuzzed API"). Every resource action of the registry
 * and every /v3 and /ads route of the app is called with inputs made from its own zod schema and with
 * garbage, as a visitor and as a logged-in user who owns a board, a section and a pin. Every answer must
 * be below 500, in the envelope, with a catalogued code and its own status; a refused call must leave the
 * row count of every table as it was and write no row at all. On SQLite always, on Postgres too when a
 * server answers.
 */

// No packet leaves the machine: every name resolves to loopback, which the outbound rules refuse. The
// loopback image host of the tests is reached by its IP literal (config.outboundAllow), so it still works.
vi.mock('node:dns/promises', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:dns/promises')>();
  const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
  return { ...real, lookup, default: { ...real, lookup } };
});

const SEED = Number(process.env.FUZZ_SEED ?? 42);
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
/** Calls that hash or verify a password with argon2 (tens of milliseconds each) get fewer runs. */
const ARGON2_RUNS = Math.max(3, Math.round(RUNS / 4));
/**
 * Postgres answers each call over a socket, several times slower: a quarter of the runs, enough for
 * what only it refuses (NUL in text, integers past their column, invalid UTF-8).
 */
const POSTGRES_SHARE = 0.25;
const ARGON2_TARGETS = new Set(['UserSessionResource create', 'UserRegisterResource create', 'UserPasswordResource update']);

/**
 * Failures that are recorded on purpose, and where: a failed log-in counts toward the lockout, and at
 * the assistance step mails a reset link (or, with two-factor on, sends a code). Nothing else may write
 * when it refuses.
 */
const RECORDED_FAILURES: Record<string, readonly string[]> = {
  'UserSessionResource create': ['login_attempts', 'auth_tokens', 'outbox'],
};

/**
 * Tables that count attempts whatever their outcome: the per-client limits' counters (rate_limits,
 * from the rate-limit work), which must count a refused call to be of any use.
 */
const COUNTERS: readonly string[] = ['rate_limits'];

/** What the /v3 and /ads routes parse, where a schema is named; a route not listed gets garbage only. */
const ROUTE_INPUTS: Record<string, { query?: z.ZodType; body?: z.ZodType }> = {
  'POST /v3/users/forgot_password/': { body: forgotBody },
  'POST /v3/users/password/reset/': { body: resetBody },
  'GET /v3/register/exists/': { query: emailQuery },
  'GET /v3/email/validation/': { query: emailQuery },
  'GET /v3/callback/event/': { query: eventQuery },
  'PUT /v3/pins/image/': { body: registerBody },
  'GET /v3/pins/:id/board_title_suggestions/': { query: boardTitleQuery },
  'GET /v3/offsite/': { query: offsiteQuery },
  'GET /v3/search/autocomplete/': { query: autocompleteQuery },
};

/** A database and app with the world the fuzzed user lives in, and the helpers the checks need. */
async function makeWorld(name: string, db?: Kysely<Database>) {
  const t = await testApp(db ? { db } : {});
  const services = appServices(t.deps);

  /** A fresh session for a user, made as log-in makes one, without argon2 and without the lockout. */
  const session = async (userId: string) => {
    const token = newToken();
    const now = t.clock.now();
    await authStore(t.db).insertSession({ id: sha256(token), user_id: userId, created_at: now, expires_at: now + SESSION_TTL_MS });
    return token;
  };
  const viewerOf = async (userId: string) => (await services.auth.viewerFromToken(await session(userId)))!;

  // Their own boards, section and pin, an advertiser they act for, and another user's secret board and
  // pin they must not reach.
  const me = await t.makeUser('fuzzer');
  const other = await t.makeUser('other');
  const myBoard = await t.makeBoard(me.id, 'Fuzz board');
  const mySecret = await t.makeBoard(me.id, 'Fuzz secret', 'secret');
  const mySection = await t.makeSection(myBoard, 'Fuzz section');
  const otherSecret = await t.makeBoard(other.id, 'Other secret', 'secret');
  const advertiser = newId();
  await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: other.id, name: 'Brand', created_at: 1 }).execute();
  await t.db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: me.id }).execute();
  const pin = { link: 'https://publisher.example/a', description: 'A pin', title: '', method: 'create' as const };
  const myPin = await services.pins.create(await viewerOf(me.id), { ...pin, board_id: myBoard }, null);
  const otherPin = await services.pins.create(await viewerOf(other.id), { ...pin, board_id: otherSecret }, null);

  const known: Known = {
    strings: [
      ...[myBoard, mySecret, mySection, otherSecret, myPin.id, otherPin.id, me.id, other.id, advertiser, '0'],
      me.username,
      me.email,
      me.password,
      other.email,
      'fuzz-board',
      'new-fuzzer@example.com',
      'Correct-Horse-Battery-9',
      t.images.url('fuzz', { w: 8, h: 8 }),
      `${t.images.origin}/missing.png`,
      `${t.images.origin}/not-an-image.png`,
      `${t.images.origin}/bomb.png`,
      'https://publisher.example/page',
      '#d9a441',
      'web',
      'pin_create_success',
      'pin_create_fail',
      '/pin/create/button/',
      'KR',
    ],
  };

  let myToken = await session(me.id);
  // Every table the migrations made, read from the database so a table added later is counted too.
  const tablesQuery = db
    ? sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`
    : // An FTS5 table (search, migration 0027) and its shadow tables take no trigger; pin_search shows its writes.
      sql<{
        name: string;
      }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'create virtual table%' and substr(name, 1, 8) <> 'pin_fts_'`;
  const tables = (await tablesQuery.execute(t.db)).rows.map((r) => r.name);
  const countAll = sql.raw<{ name: string; n: number }>(tables.map((table) => `select '${table}' as name, count(*) as n from "${table}"`).join(' union all '));

  // Counts miss a row updated in place: a trigger on every table also logs the table of each row
  // inserted, updated or deleted. The log is the test's own (temporary on SQLite, outside `tables`).
  if (db) {
    await sql`create table fuzz_writes (name text)`.execute(t.db);
    await sql`create function fuzz_log() returns trigger language plpgsql as $$ begin insert into fuzz_writes values (tg_table_name); return null; end $$`.execute(
      t.db,
    );
    for (const table of tables)
      await sql.raw(`create trigger fuzz_log after insert or update or delete on "${table}" for each row execute function fuzz_log()`).execute(t.db);
  } else {
    await sql`create temp table fuzz_writes (name text)`.execute(t.db);
    for (const table of tables) {
      for (const event of ['insert', 'update', 'delete']) {
        await sql
          .raw(`create temp trigger "fuzz_${event}_${table}" after ${event} on main."${table}" begin insert into fuzz_writes values ('${table}'); end`)
          .execute(t.db);
      }
    }
  }

  return {
    name,
    t,
    services,
    known,
    /** The fuzzed user stays logged in: a call that logged them out (or rotated the session) is undone before the next. */
    async myCookie() {
      if (!(await services.auth.viewerFromToken(myToken))) myToken = await session(me.id);
      return `cb_session=${myToken}`;
    },
    /** The row count of every table. */
    async rowCounts(): Promise<Record<string, number>> {
      const rows = (await countAll.execute(t.db)).rows;
      return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
    },
    /** Forgets the tables written so far. */
    async clearWrites() {
      await sql`delete from fuzz_writes`.execute(t.db);
    },
    /** The tables written since clearWrites(), by any insert, update or delete. */
    async writtenTables(): Promise<string[]> {
      return (await sql<{ name: string }>`select distinct name from fuzz_writes order by name`.execute(t.db)).rows.map((r) => r.name);
    },
  };
}

type World = Awaited<ReturnType<typeof makeWorld>>;

interface Call {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** Lone surrogates cannot be put in a URL (a browser sends U+FFFD); everything else is percent-encoded. */
const urlPart = (value: string) => encodeURIComponent(value.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD'));
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Headers a product page sends with a write, or now and then ones the guard must refuse. */
const writeHeaders = fc.oneof(
  { arbitrary: fc.constant({ origin: TEST_ORIGIN, 'content-type': 'application/json' }), weight: 12 },
  {
    arbitrary: fc.constantFrom<Record<string, string>>(
      { 'content-type': 'application/json' },
      { origin: 'https://evil.example', 'content-type': 'application/json' },
      { origin: TEST_ORIGIN, 'content-type': 'text/plain' },
      { origin: TEST_ORIGIN, 'content-type': 'application/json; charset=utf-16' },
      { origin: 'null', 'content-type': 'application/json' },
      { origin: TEST_ORIGIN },
    ),
    weight: 1,
  },
);

/** A body: JSON of the value, or text that is not JSON at all. */
const bodyText = (value: fc.Arbitrary<unknown>) =>
  fc.oneof(
    { arbitrary: value.map((v) => JSON.stringify(v) ?? ''), weight: 10 },
    {
      arbitrary: fc.constantFrom(
        '',
        '{',
        '{"options":',
        'null',
        '[]',
        '"x"',
        '\u0000',
        '{"options":{}}'.repeat(3),
        // Nesting deep enough to break a parser or a walker that recurses, still under the body limit.
        `{"options":{"a":${'['.repeat(30_000)}${']'.repeat(30_000)}}}`,
      ),
      weight: 1,
    },
    { arbitrary: fc.string({ unit: 'binary', maxLength: 60 }), weight: 1 },
  );

/** Bad percent-encoding and repeated keys, which no schema sees. */
const rawQueries = fc.constantFrom('%', '%E0%A4%A', '%ED%A0%80', '%00', 'a=1&a=2', '&&&=', '=x', 'data', 'data=%', 'email[]=x', '__proto__[x]=1');

function resourceCall(known: Known, name: string, action: string, options: z.ZodType): fc.Arbitrary<Call> {
  const value = inputFor(options, known);
  const envelope = fc.oneof(
    { arbitrary: value.map((o) => ({ options: o })), weight: 12 },
    { arbitrary: garbage(), weight: 1 },
    { arbitrary: fc.tuple(value, garbage()).map(([o, extra]) => ({ options: o, extra })), weight: 1 },
  );
  if (action === 'get') {
    const query = fc.oneof(
      { arbitrary: envelope.map((e) => `data=${urlPart(asText(e))}`), weight: 12 },
      { arbitrary: rawQueries, weight: 1 },
      { arbitrary: fc.constant(''), weight: 1 },
    );
    return query.map((q) => ({ method: 'GET', path: `/resource/${name}/get/${q ? `?${q}` : ''}`, headers: {} }));
  }
  return fc.tuple(bodyText(envelope), writeHeaders).map(([body, headers]) => ({ method: 'POST', path: `/resource/${name}/${action}/`, headers, body }));
}

function routeCall(known: Known, method: string, path: string): fc.Arbitrary<Call> {
  // A path parameter: an id of the world (to get past "not found"), an id-shaped string, or anything.
  const param = fc.oneof(
    { arbitrary: fc.constantFrom(...known.strings.filter((value) => /^\d+$/.test(value))), weight: 4 },
    { arbitrary: fc.stringMatching(/^\d{1,22}$/), weight: 2 },
    { arbitrary: fc.constantFrom(...ODD_STRINGS), weight: 2 },
    { arbitrary: fc.string({ maxLength: 30 }), weight: 1 },
  );
  const inputs = ROUTE_INPUTS[`${method} ${path}`] ?? {};
  const names = [...path.matchAll(/:(\w+)(?:\{[^}]*\})?\??/g)].map((m) => m[0]);
  const filled = fc.array(param, { minLength: names.length, maxLength: names.length }).map((values) => {
    let result = path;
    names.forEach((name, i) => {
      result = result.replace(name, urlPart(values[i]!));
    });
    return result;
  });
  const toQuery = (value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => `${urlPart(k)}=${urlPart(asText(v))}`)
          .join('&')
      : `q=${urlPart(asText(value))}`;
  const query = fc.oneof({ arbitrary: inputFor(inputs.query, known).map(toQuery), weight: 10 }, { arbitrary: rawQueries, weight: 1 });
  const withQuery = fc.tuple(filled, query).map(([p, q]) => (q ? `${p}?${q}` : p));
  if (method === 'GET' || method === 'HEAD') return withQuery.map((p) => ({ method, path: p, headers: {} }));
  return fc.tuple(withQuery, bodyText(inputFor(inputs.body, known)), writeHeaders).map(([p, body, headers]) => ({ method, path: p, headers, body }));
}

/**
 * The one kind of 5xx that is an answer, not a fault: the page or image a user named failed or was too
 * large (502, codes 61 and 62, docs/decisions.md). It is still checked as an envelope below.
 */
const UPSTREAM_FAILURES = new Set<number>([catalogue.outbound_failed.code, catalogue.outbound_too_large.code]);

const errorCodes = new Map<number, number>(Object.values(catalogue).map((entry) => [entry.code, entry.status]));

function tryJson(text: string): any {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** FUZZ_STATS=1 prints how each route answered (code or 'ok'), to see how deep the inputs get. */
const stats = new Map<string, Record<string, number>>();

async function check(world: World, label: string, call: Call, asUser: boolean) {
  const headers = { ...call.headers, ...(asUser ? { cookie: await world.myCookie() } : {}) };
  await world.clearWrites();
  const before = await world.rowCounts();
  const response = await world.t.app.request(call.path, { method: call.method, headers, body: call.body });
  const text = await response.text();
  if (process.env.FUZZ_STATS) {
    const key = `${world.name} ${asUser ? 'user' : 'visitor'} ${label}`;
    const counts = stats.get(key) ?? {};
    const outcome = String(tryJson(text)?.resource_response?.error?.api_error_code ?? (response.status < 400 ? 'ok' : response.status));
    counts[outcome] = (counts[outcome] ?? 0) + 1;
    stats.set(key, counts);
  }
  const where = `${call.method} ${call.path.slice(0, 300)}${call.body !== undefined ? ` body ${call.body.slice(0, 300)}` : ''}`;
  const upstream = response.status === 502 && UPSTREAM_FAILURES.has(tryJson(text)?.resource_response?.error?.api_error_code);
  if (!upstream) expect(response.status, `5xx from ${where}: ${text.slice(0, 300)}`).toBeLessThan(500);
  // The tracking image answers a success with 204 and no body: nothing to wrap.
  if (response.status === 204 && text === '') return;
  const body = tryJson(text);
  if (body === undefined) throw new Error(`not JSON (${response.status}) from ${where}: ${text.slice(0, 200)}`);
  const answer = body?.resource_response;
  expect(answer && typeof answer === 'object', `no envelope from ${where}: ${text.slice(0, 200)}`).toBe(true);
  if (response.status < 400) {
    expect(Object.keys(answer), `success without data from ${where}`).toEqual(['data']);
    return;
  }
  const error = answer.error;
  expect(error, `error status ${response.status} without an error from ${where}: ${text.slice(0, 200)}`).toBeTruthy();
  expect(errorCodes.has(error.api_error_code), `uncatalogued code ${error.api_error_code} from ${where}`).toBe(true);
  expect(error.http_status, `http_status ${error.http_status} beside status ${response.status} from ${where}`).toBe(response.status);
  expect(errorCodes.get(error.api_error_code), `code ${error.api_error_code} answered with status ${response.status} from ${where}`).toBe(response.status);
  expect(typeof error.message, `no message from ${where}`).toBe('string');
  const after = await world.rowCounts();
  const allowed = new Set([...(RECORDED_FAILURES[label] ?? []), ...COUNTERS]);
  for (const table of Object.keys({ ...before, ...after })) {
    if (allowed.has(table)) continue;
    expect(after[table], `a refused call (code ${error.api_error_code}) changed the row count of ${table}: ${where}`).toBe(before[table]);
  }
  const written = (await world.writtenTables()).filter((table) => !allowed.has(table));
  expect(written, `a refused call (code ${error.api_error_code}) wrote to ${written.join(', ')}: ${where}`).toEqual([]);
}

/** Every resource action, every /v3 and /ads route, and the resource layer's own dispatch, for one world. */
function targetsOf(world: World) {
  const registry = resourceRegistry(world.t.deps, world.services);
  const resources = Object.entries(registry).flatMap(([name, resource]) =>
    ACTIONS.filter((action) => resource[action]).map((action) => ({
      label: `${name} ${action}`,
      call: resourceCall(world.known, name, action, resource[action]!.options),
    })),
  );
  // The /v3, /ads and /vx routes as the app serves them (middleware is registered as ALL and is skipped).
  // The advertiser area's unprefixed pages (/ads/create/ and kin) answer HTML, not the API.
  const pages = new Set<string>(UNPREFIXED_ADVERTISER_PATHS);
  const served = world.t.app.routes.filter((r) => r.method !== 'ALL' && /^\/(v3|ads|vx)(\/|$)/.test(r.path) && !pages.has(r.path));
  const routes = [...new Set(served.map((r) => `${r.method} ${r.path}`))].map((label) => {
    const [method, path] = label.split(' ') as [string, string];
    return { label, call: routeCall(world.known, method, path) };
  });
  // The resource layer itself: names and actions that do not exist, and verbs it does not take.
  const dispatch = {
    label: 'resource dispatch',
    call: fc
      .tuple(
        fc.oneof(fc.constantFrom(...Object.keys(registry), 'Nope', '__proto__', 'constructor', 'hasOwnProperty'), fc.constantFrom(...ODD_STRINGS)),
        fc.constantFrom(...ACTIONS, 'patch', '', '__proto__'),
        fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH'),
        bodyText(garbage()),
        writeHeaders,
      )
      .map(([name, action, method, body, headers]) => ({
        method,
        path: `/resource/${urlPart(name)}/${urlPart(action)}/`,
        headers,
        body: method === 'GET' ? undefined : body,
      })),
  };
  return { resources, routes, all: [...resources, ...routes, dispatch] };
}

// Postgres too, when the machine has one: it refuses what SQLite takes (NUL in text, integers past
// int4/int8, invalid UTF-8). A database of our own, dropped afterwards.
const pgDb = (await privatePostgres('cb_fuzz', 'the fuzz suite on Postgres'))?.connect();

afterAll(() => {
  for (const [label, counts] of stats) console.log(`fuzz: ${label} ${JSON.stringify(counts)}`);
});

const worlds: Array<[string, World]> = [['SQLite', await makeWorld('SQLite')]];
if (pgDb) worlds.push(['Postgres', await makeWorld('Postgres', pgDb)]);

console.log(
  `fuzz: seed ${SEED}, ${RUNS} runs per route and persona (${ARGON2_RUNS} where argon2 runs) on SQLite` +
    (pgDb ? `, a quarter of that on Postgres` : '') +
    '; FUZZ_SEED and FUZZ_RUNS change them',
);

function runsFor(world: World, label: string) {
  const runs = ARGON2_TARGETS.has(label) ? ARGON2_RUNS : RUNS;
  return world.name === 'Postgres' ? Math.max(2, Math.round(runs * POSTGRES_SHARE)) : runs;
}

describe.each(worlds)('the fuzzed API on %s', (_name, world) => {
  const targets = targetsOf(world);

  it('finds every resource action and the /v3 routes, and sees a row updated in place', async () => {
    expect(targets.resources.map((target) => target.label)).toContain('PinResource create');
    expect(targets.routes.map((target) => target.label)).toContain('GET /v3/pins/:id/');
    // The last sessions' routes: the link check, hashtag suggestions, uploads and the business profiles.
    expect(targets.routes.map((target) => target.label)).toEqual(
      expect.arrayContaining(['GET /v3/offsite/', 'GET /v3/search/autocomplete/', 'POST /v3/media/uploads/', 'GET /vx/business_access/profiles/']),
    );
    expect(targets.resources.map((target) => target.label)).toEqual(
      expect.arrayContaining(['EmbedsResource get', 'PinShareResource create', 'SocialPasswordResource create', 'AdvertiserMerchantResource update']),
    );
    await world.clearWrites();
    await world.t.db.updateTable('users').set({ last_name: '' }).where('username', '=', 'fuzzer').execute();
    expect(await world.writtenTables()).toEqual(['users']);
    await world.clearWrites();
  });

  for (const asUser of [false, true]) {
    describe(asUser ? 'as the logged-in user' : 'as a visitor', () => {
      for (const target of targets.all) {
        it(target.label, async () => {
          await fc.assert(
            fc.asyncProperty(target.call, (call) => check(world, target.label, call, asUser)),
            { seed: SEED, numRuns: runsFor(world, target.label) },
          );
        }, 120_000);
      }
    });
  }
});

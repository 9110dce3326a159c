import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { Agent, request } from 'undici';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectPostgres } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { commandsWith, cpuSplit, treeOf } from './cpu-split.js';
import { systemClock } from '../api/src/lib/clock.js';
import { newId } from '../api/src/lib/ids.js';

/**
 * Issue 32: a second server process over Postgres must add saves, not queue on shared rows. The real
 * server (api/src/server.ts) with WORKERS=1, then WORKERS=2, on one Postgres database, in one run: 50 users,
 * each on a connection of its own saving link-only pins to their own board as fast as answered, for
 * SECONDS each. A saver told 503 waits its Retry-After, as the popup does. Judged: the CPU per save (server
 * and Postgres) with two processes against one, goal ≤ 1.05. Printed beside it, unjudged: saves per second
 * for each and their ratio, and saves against a bare route (/health) on the same processes; their throughput
 * goals (1.6× and 0.1×) are retired, since two cores shared with the database and the clients cannot show them.
 */
/** The Postgres the tests use (api/src/db/testing-postgres.ts, which imports vitest and so is not imported here). */
const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const USERS = 50;
const SECONDS = Number(process.env.WORKERS_SECONDS ?? 20);
/** Saves made before the measure starts, per server start (see saveFor). */
const WARM_SECONDS = Number(process.env.WORKERS_WARM_SECONDS ?? 5);
const CPU_PER_SAVE_GOAL = 1.05;
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
  const agent = new Agent({ connections: users.length });
  // One log-in at a time (argon2 is slow on purpose; fifty at once are shed), each sent again after a 503.
  const cookies: string[] = [];
  for (const user of users) {
    for (;;) {
      const res = await request(`${base}/resource/UserSessionResource/create/`, {
        method: 'POST',
        dispatcher: agent,
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
  const saving = (seconds: number, run: number) => {
    const until = Date.now() + seconds * 1000;
    return Promise.all(
      users.map(async (user, u) => {
        for (let n = 0; Date.now() < until; n++) {
          try {
            const res = await request(`${base}/resource/PinResource/create/`, {
              method: 'POST',
              dispatcher: agent,
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
  const split = measure();
  await saving(seconds, Date.now());
  const cores = split.stop();
  await agent.close();
  return { perSecond: Math.round(saved / seconds), shed, errors, cores };
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

export async function workers() {
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
      console.log(`    WORKERS=${n}: ${results[n]!.perSecond} saves/s, shed (503, sent again) ${results[n]!.shed}, errors ${results[n]!.errors}`);
      console.log(
        `    WORKERS=${n}, cores used: ${Object.entries(results[n]!.cores)
          .map(([part, cores]) => `${part} ${cores}`)
          .join(', ')} (of ${availableParallelism()})`,
      );
    }
    const one = results[1]!;
    const two = results[2]!;
    return [
      // A machine shared with other work shows in every figure: its 1-minute load average, beside its cores.
      { name: `load average (${availableParallelism()} cores)`, value: Math.round(loadavg()[0]! * 10) / 10, unit: '' },
      { name: 'saves/s, WORKERS=1', value: one.perSecond, unit: 'saves/s' },
      { name: 'saves/s, WORKERS=2', value: two.perSecond, unit: 'saves/s' },
      // The cores each part took during the saves (the machine has availableParallelism() of them).
      ...[1, 2].flatMap((n) =>
        Object.entries(results[n]!.cores).map(([part, cores]) => ({ name: `cores: ${part}, WORKERS=${n}`, value: cores, unit: 'cores' })),
      ),
      // What one save costs all our parts together, and so the most these cores could give at that cost:
      // when WORKERS=1 is already there, a second process has no core to add.
      ...[1, 2].flatMap((n) => {
        const { server, postgres, clients } = results[n]!.cores as Record<string, number>;
        const msPerSave = ((server! + postgres! + clients!) / Math.max(1, results[n]!.perSecond)) * 1000;
        return [
          { name: `CPU per save (server + postgres + clients), WORKERS=${n}`, value: Math.round(msPerSave * 100) / 100, unit: 'ms' },
          {
            name: `saves/s ${availableParallelism()} idle cores could give at that cost, WORKERS=${n}`,
            value: Math.round((availableParallelism() * 1000) / msPerSave),
            unit: 'saves/s',
          },
        ];
      }),
      // Cost per core: what a save costs the server and the database together (the clients are the bench's),
      // a second process against one; goal ≤ 1.05 (one settle at a time, nothing queued on shared rows).
      (() => {
        const cost = (n: number) => {
          const { server, postgres } = results[n]!.cores as Record<string, number>;
          return (server! + postgres!) / Math.max(1, results[n]!.perSecond);
        };
        return {
          name: 'CPU per save (server + postgres), WORKERS=2 ÷ WORKERS=1',
          value: Math.round((cost(2) / cost(1)) * 100) / 100,
          budget: CPU_PER_SAVE_GOAL,
          unit: '×',
        };
      })(),
      { name: 'WORKERS=2 ÷ WORKERS=1', value: Math.round((two.perSecond / Math.max(1, one.perSecond)) * 100) / 100, unit: '×' },
      { name: '/health answers/s, WORKERS=2', value: bare, unit: 'req/s' },
      { name: 'save ÷ bare route, WORKERS=2', value: Math.round((two.perSecond / Math.max(1, bare)) * 100) / 100, unit: '×' },
      { name: 'errors', value: one.errors + two.errors, budget: 0, unit: '' },
    ];
  } finally {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin).catch(() => {});
    await admin.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { loadConfig } from '../api/src/config.js';
import { connect, connectPostgres } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';

/**
 * A restarted server answers at once: from the moment its process starts (`node api/start.mjs`, the compiled
 * server, as `npm start` runs it) to the first save it answers 200, on an existing database (SQLite, then
 * Postgres when it answers) and a session made before the restart. The median of RUNS restarts, budget 2 s.
 */
const BUDGET_MS = 2000;
const RUNS = 3;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const PG_TEST_URL = process.env.PG_TEST_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PASSWORD = 'bench-start-password-1';

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

function spawnServer(databaseUrl: string, dir: string, port: number, examplesPort: number): ChildProcess {
  // The compiled server through api/start.mjs, its freshness check included; tsx when nothing is compiled.
  const args = existsSync(join(ROOT, 'dist/server/server.js')) ? ['api/start.mjs'] : ['--import', 'tsx', 'api/src/server.ts'];
  const env: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    EXAMPLES_PORT: String(examplesPort),
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: join(dir, 'media'),
    WORKERS: '1',
    LOG_LEVEL: 'warn',
    CHALLENGE_HMAC_KEY: 'start-bench-challenge-key-012345',
  };
  // The database alone: nothing else to reach at start.
  delete env.REDIS_URL;
  return spawn(process.execPath, args, {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stop = async (child: ChildProcess) => {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
};

/** Milliseconds from each of RUNS process starts to the first save answered 200. */
async function restarts(databaseUrl: string, dir: string): Promise<number[]> {
  const port = await freePort();
  const examplesPort = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const origin = loadConfig({ NODE_ENV: 'test', PORT: String(port) }).publicOrigin;
  // The account and its board, made on the database before any server runs.
  const db = connect(databaseUrl);
  await migrate(db);
  const deps = { db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock };
  const id = await authService(deps).createAccount({ email: 'starter@bench.test', password: PASSWORD, username: 'starter', firstName: 'Starter' });
  const board = (await boardsService(deps).createBoard({ id, username: 'starter' }, { name: 'Restarts', privacy: 'public' })).id;
  await db.destroy();

  // A first start makes the session the restarts use (a user logged in before the restart).
  let cookie = '';
  const first = spawnServer(databaseUrl, dir, port, examplesPort);
  try {
    for (let i = 0; !cookie; i++) {
      if (first.exitCode !== null || i > 1200) throw new Error('the server did not start');
      const res = await fetch(`${base}/resource/UserSessionResource/create/`, {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json' },
        body: JSON.stringify({ options: { username_or_email: 'starter@bench.test', password: PASSWORD } }),
      }).catch(() => undefined);
      if (res?.status === 200)
        cookie = res.headers
          .getSetCookie()
          .map((line) => line.split(';')[0])
          .join('; ');
      else await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    await stop(first);
  }

  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const started = performance.now();
    const child = spawnServer(databaseUrl, dir, port, examplesPort);
    try {
      for (let n = 0; ; n++) {
        if (child.exitCode !== null || n > 3000) throw new Error('the server did not start');
        const res = await fetch(`${base}/resource/PinResource/create/`, {
          method: 'POST',
          headers: { origin, 'content-type': 'application/json', cookie },
          body: JSON.stringify({
            options: { board_id: board, link: `https://publisher.example/restart/${run}/${n}`, description: 'Restart', method: 'button' },
          }),
        }).catch(() => undefined);
        if (res?.status === 200) break;
        if (res && res.status !== 503) throw new Error(`the save answered ${res.status}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      times.push(Math.round(performance.now() - started));
    } finally {
      await stop(child);
    }
  }
  return times;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function startBench() {
  const rows: Array<{ name: string; value: number; budget?: number; unit: string }> = [];
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-start-bench-'));
  try {
    const sqlite = await restarts(`sqlite:${join(dir, 'start.sqlite')}`, dir);
    // Module loading is most of a start: on a busy machine it waits for a core (the load is printed for that).
    console.log(`    SQLite restarts: ${sqlite.join(', ')} ms (load average ${loadavg()[0]!.toFixed(1)})`);
    rows.push({ name: 'start to save, SQLite', value: median(sqlite), budget: BUDGET_MS, unit: 'ms' });

    const admin = connectPostgres(PG_TEST_URL);
    const name = `cb_start_bench_${process.pid}`;
    try {
      await sql`create database ${sql.id(name)}`.execute(admin);
    } catch (error) {
      console.log(`    Postgres is not reachable at ${PG_TEST_URL}: ${(error as Error).message}`);
      await admin.destroy();
      return rows;
    }
    try {
      const url = new URL(PG_TEST_URL);
      url.pathname = `/${name}`;
      const postgres = await restarts(url.toString(), dir);
      console.log(`    Postgres restarts: ${postgres.join(', ')} ms`);
      rows.push({ name: 'start to save, Postgres', value: median(postgres), budget: BUDGET_MS, unit: 'ms' });
    } finally {
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin);
      await admin.destroy();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

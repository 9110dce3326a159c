import { closeSync, copyFileSync, fdatasyncSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { createApp } from '../api/src/app.js';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';
import { createLogger } from '../api/src/core/log.js';
import { nodeListener } from './node-listener.js';

/**
 * What a save costs beyond its statements, on SQLite in one process: the server's CPU per save (the app
 * as server.ts serves it, through @hono/node-server's listener: the middleware, the session read, the
 * options' check, the statements, the answer; not the socket: node-listener.ts)
 * against the CPU of the very statements those saves ran, replayed alone on a copy of the database as it
 * was before them (each statement prepared once, the same arguments, the same transactions). Each save
 * links a new pin to a new image address, as a Save button's does (its ingest job is queued, not run).
 * Best of ROUNDS after WARM_ROUNDS; goal: the save at most 1.5× its statements.
 * Beside it, not judged: the same statements served by a bare handler (served()), the least a Node server
 * spends on them, which tells what a save's cost owes to serving at all from what it owes to our code.
 */
// Under the 1,000 new images one person may have waiting (images/backlog.ts), warm-up included.
const SAVES = 900;
const WARM = 50;
const ROUNDS = 3;
// Rounds run first and not counted: V8 compiles a server's hot code over its first few thousand requests,
// on threads of its own (measured: 0.4-0.7 ms a save on other threads in the first rounds, 0.01-0.1 after),
// and a server's cost per core is what it spends once that is done.
const WARM_ROUNDS = 2;
const GOAL = 1.5;
const PASSWORD = 'bench-password-1';

interface Ran {
  sql: string;
  method: 'run' | 'all' | 'get' | 'iterate';
  args: unknown[];
}

/**
 * Every statement better-sqlite3 runs while `recording` is set, in order, with its arguments. Kept as the
 * statement object and read after: its `source` is a native getter, and the wrapper's cost counts as the
 * server's while the saves are measured.
 */
function recorder() {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const kept: Array<{ statement: { source: string }; method: Ran['method']; args: unknown[] }> = [];
  let recording = false;
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (recording) kept.push({ statement: this, method, args });
      return original.apply(this, args);
    };
  }
  return {
    set: (on: boolean) => (recording = on),
    /** How many statements were recorded since the last take: where the next save's begin. */
    size: () => kept.length,
    /** What was recorded since the last take, as SQL text. */
    take: (): Ran[] => kept.splice(0).map(({ statement, method, args }) => ({ sql: statement.source, method, args })),
  };
}

/** Each thread's CPU so far in ms (Linux), by thread name (the event loop's is `main`): where a process's CPU went. */
function threadCpu(): Map<string, number> {
  const byName = new Map<string, number>();
  try {
    for (const task of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${task}/stat`, 'utf8');
      const name = Number(task) === process.pid ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      byName.set(name, (byName.get(name) ?? 0) + ms);
    }
  } catch {
    // Not Linux: the split is not printed.
  }
  return byName;
}

/**
 * A copy of the database opened as the server opens it, every recorded statement prepared once, and `run`
 * to run one as the server ran it. `synced`: each commit is made durable as the server makes it
 * (group-commit.ts: the WAL synced after the commit, before the answer; one sync per save when saves come
 * one at a time, as here), so the statements are run as the server must run them.
 */
function openCopy(file: string, ran: Ran[], synced: boolean) {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const prepared = new Map<string, SQLite.Statement>();
  const statement = (sql: string) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
  for (const { sql } of ran) statement(sql);
  let wal: number | undefined;
  return {
    run({ sql, method, args }: Ran) {
      const s = statement(sql) as unknown as Record<string, (...a: unknown[]) => unknown>;
      if (method === 'iterate') for (const _ of s.iterate!(...args) as Iterable<unknown>);
      else s[method]!(...args);
      if (synced && sql === 'commit') fdatasyncSync((wal ??= openSync(`${file}-wal`, 'r')));
    },
    close() {
      if (wal !== undefined) closeSync(wal);
      db.close();
    },
  };
}

/** The recorded statements again, alone, back to back, on the copy: CPU in ms. */
function replay(file: string, ran: Ran[], synced: boolean): number {
  const copy = openCopy(file, ran, synced);
  const started = process.cpuUsage();
  for (const statement of ran) copy.run(statement);
  const used = process.cpuUsage(started);
  copy.close();
  return (used.user + used.system) / 1000;
}

/**
 * The floor a serving process reaches: the recorded statements again, on a copy, each save's run by a bare
 * handler on the same listener (bench/node-listener.ts) as the saves came, its body parsed and a small JSON
 * answer written, commits synced as in replay(): no routing, middleware, session, validation or service. CPU
 * in ms. What separates it from replay() is what any server on Node spends between statements; what separates
 * the save from it is ours.
 */
async function served(file: string, saves: Ran[][], bodies: string[], headers: Record<string, string>): Promise<number> {
  const copy = openCopy(file, saves.flat(), true);
  let next = 0;
  const request = nodeListener(async (incoming) => {
    const body = (await incoming.json()) as { options?: unknown };
    const save = body.options ? saves[next++] : undefined;
    for (const statement of save ?? []) copy.run(statement);
    return new Response(JSON.stringify({ status: 'success', code: 0, data: { id: String(next) } }), {
      headers: { 'content-type': 'application/json; charset=utf-8' },
    });
  });
  // The handler's code compiled first, as the server's is by its warm-up rounds: requests that run no statement.
  for (let n = 0; n < 2_000; n++) await request('POST', '/', headers, '{}');
  if (process.env.BENCH_VERBOSE) {
    const idle = process.cpuUsage();
    for (let n = 0; n < bodies.length; n++) await request('POST', '/', headers, '{}');
    const spent = process.cpuUsage(idle);
    console.log(`    bare handler, no statement: ${((spent.user + spent.system) / 1000 / bodies.length).toFixed(3)} ms a request`);
  }
  const started = process.cpuUsage();
  for (const body of bodies) await request('POST', '/resource/PinResource/create/', headers, body);
  const used = process.cpuUsage(started);
  copy.close();
  return (used.user + used.system) / 1000;
}

/** With BENCH_PROFILE=<file>, the last round's measured saves (the code warmest) are profiled into that file (a .cpuprofile for Chrome's DevTools). */
async function profiler() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  // V8's default is a sample a millisecond: about one sample per save, too coarse to split a save's pieces.
  await session.post('Profiler.setSamplingInterval', { interval: 50 });
  await session.post('Profiler.start');
  return {
    async stop() {
      const { profile } = await session.post('Profiler.stop');
      writeFileSync(process.env.BENCH_PROFILE!, JSON.stringify(profile));
      session.disconnect();
    },
  };
}

export async function saveCost() {
  const record = recorder();
  const best = {
    save: Number.POSITIVE_INFINITY,
    statements: Number.POSITIVE_INFINITY,
    unsynced: Number.POSITIVE_INFINITY,
    bare: Number.POSITIVE_INFINITY,
    perSave: 0,
  };
  for (let round = 0; round < WARM_ROUNDS + ROUNDS; round++) {
    const counted = round >= WARM_ROUNDS;
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-save-cost-'));
    const file = join(dir, 'bench.sqlite');
    const db = connectSqlite(file);
    await migrate(db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), mediaDir: join(dir, 'media'), outboundAllow: ['https://images.bench.example'] };
    const deps = { db, config, clock: systemClock, log: createLogger('silent') };
    const id = await authService(deps).createAccount({ email: 'saver@bench.test', password: PASSWORD, username: 'saver', firstName: 'Saver' });
    const board = (await boardsService(deps).createBoard({ id, username: 'saver' }, { name: 'Saves', privacy: 'public' })).id;
    const app = createApp(deps);
    const origin = config.publicOrigin;
    const login = await app.request('/resource/UserSessionResource/create/', {
      method: 'POST',
      headers: { origin, 'content-type': 'application/json' },
      body: JSON.stringify({ options: { username_or_email: 'saver@bench.test', password: PASSWORD } }),
    });
    const cookie = login.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const request = nodeListener(app.fetch);
    const headers = { origin, 'content-type': 'application/json', cookie };
    const bodies: string[] = [];
    const starts: number[] = [];
    const save = async (n: number) => {
      const body = JSON.stringify({
        options: {
          board_id: board,
          image_url: `https://images.bench.example/${round}/${n}.jpg`,
          link: `https://publisher.example/${n}`,
          description: `Save ${n}`,
          method: 'button',
        },
      });
      bodies.push(body);
      starts.push(record.size());
      const res = await request('POST', '/resource/PinResource/create/', headers, body);
      if (res.status !== 200) throw new Error(`a save answered ${res.status}: ${res.text.slice(0, 400)}`);
    };
    // Warm: the statements prepared, the code compiled.
    for (let n = 0; n < WARM; n++) await save(n);
    // The database as it is before the measured saves: the statements are replayed on this copy.
    const snapshot = new SQLite(file);
    snapshot.exec(`vacuum into '${join(dir, 'copy.sqlite')}'`);
    snapshot.close();
    copyFileSync(join(dir, 'copy.sqlite'), join(dir, 'copy-unsynced.sqlite'));
    copyFileSync(join(dir, 'copy.sqlite'), join(dir, 'copy-served.sqlite'));
    record.take();
    bodies.length = 0;
    starts.length = 0;
    record.set(true);
    const profile = process.env.BENCH_PROFILE && round === WARM_ROUNDS + ROUNDS - 1 ? await profiler() : undefined;
    const threadsBefore = threadCpu();
    const started = process.cpuUsage();
    for (let n = WARM; n < WARM + SAVES; n++) await save(n);
    const used = process.cpuUsage(started);
    await profile?.stop();
    record.set(false);
    await db.destroy();
    const ran = record.take();
    if (counted) best.save = Math.min(best.save, (used.user + used.system) / 1000 / SAVES);
    if (process.env.BENCH_VERBOSE) {
      const threads = [...threadCpu()].map(([name, ms]) => [name, (ms - (threadsBefore.get(name) ?? 0)) / SAVES] as const).filter(([, ms]) => ms > 0);
      console.log(
        `    round ${round}${counted ? '' : ' (warm-up)'}: user ${(used.user / 1000 / SAVES).toFixed(3)} ms, system ${(used.system / 1000 / SAVES).toFixed(3)} ms a save; by thread: ${threads.map(([name, ms]) => `${name} ${ms.toFixed(3)}`).join(', ')}`,
      );
    }
    if (counted) {
      best.statements = Math.min(best.statements, replay(join(dir, 'copy.sqlite'), ran, true) / SAVES);
      best.unsynced = Math.min(best.unsynced, replay(join(dir, 'copy-unsynced.sqlite'), ran, false) / SAVES);
      const saves = starts.map((start, n) => ran.slice(start, starts[n + 1] ?? ran.length));
      best.bare = Math.min(best.bare, (await served(join(dir, 'copy-served.sqlite'), saves, bodies, headers)) / SAVES);
    }
    best.perSave = ran.length / SAVES;
    // BENCH_VERBOSE=1: one save's statements, to see what a save asks of the database.
    if (process.env.BENCH_VERBOSE && round === WARM_ROUNDS)
      for (const { sql, method } of ran.slice(0, Math.round(best.perSave))) console.log(`    ${method.padEnd(7)} ${sql}`);
    rmSync(dir, { recursive: true, force: true });
  }
  const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
  return [
    { name: 'statements per save', value: round(best.perSave, 1), unit: '' },
    { name: 'CPU per save, server (in process)', value: round(best.save), unit: `ms (best of ${ROUNDS}, after ${WARM_ROUNDS} warm-up rounds)` },
    { name: 'CPU per save, its statements alone, commits synced as the server does', value: round(best.statements), unit: `ms (best of ${ROUNDS})` },
    { name: 'CPU per save, its statements alone, commits not synced', value: round(best.unsynced), unit: `ms (best of ${ROUNDS})` },
    { name: 'save ÷ its statements, not synced', value: round(best.save / best.unsynced, 2), unit: '×' },
    { name: 'CPU per save, its statements run by a bare handler on the same listener', value: round(best.bare), unit: `ms (best of ${ROUNDS})` },
    { name: '  bare handler ÷ its statements: the floor of serving them', value: round(best.bare / best.statements, 2), unit: '×' },
    { name: '  save ÷ bare handler: what our stack adds', value: round(best.save / best.bare, 2), unit: '×' },
    { name: 'save ÷ its statements', value: round(best.save / best.statements, 2), budget: GOAL, unit: '×' },
  ];
}

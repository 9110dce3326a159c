import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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

/**
 * What a save costs beyond its statements, on SQLite in one process: the server's CPU per save (Hono's
 * fetch: the middleware, the session read, the options' check, the statements, the answer; not the socket)
 * against the CPU of the very statements those saves ran, replayed alone on a copy of the database as it
 * was before them (each statement prepared once, the same arguments, the same transactions). Each save
 * links a new pin to a new image address, as a Save button's does (its ingest job is queued, not run).
 * Best of ROUNDS; goal: the save at most 1.5× its statements.
 */
// Under the 1,000 new images one person may have waiting (images/backlog.ts), warm-up included.
const SAVES = 900;
const WARM = 50;
const ROUNDS = 3;
const GOAL = 1.5;
const PASSWORD = 'bench-password-1';

interface Ran {
  sql: string;
  method: 'run' | 'all' | 'get' | 'iterate';
  args: unknown[];
}

/** Every statement better-sqlite3 runs while `recording` is set, in order, with its arguments. */
function recorder() {
  const probe = new SQLite(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
  probe.close();
  const ran: Ran[] = [];
  let recording = false;
  for (const method of ['run', 'all', 'get', 'iterate'] as const) {
    const original = proto[method]!;
    proto[method] = function (this: { source: string }, ...args: unknown[]) {
      if (recording) ran.push({ sql: this.source, method, args });
      return original.apply(this, args);
    };
  }
  return { ran, set: (on: boolean) => (recording = on) };
}

/** The recorded statements again, alone, on the copy: CPU in ms. */
function replay(file: string, ran: Ran[]): number {
  const db = new SQLite(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  const prepared = new Map<string, SQLite.Statement>();
  const statement = (sql: string) => prepared.get(sql) ?? prepared.set(sql, db.prepare(sql)).get(sql)!;
  for (const { sql } of ran) statement(sql);
  const started = process.cpuUsage();
  for (const { sql, method, args } of ran) {
    const s = statement(sql) as unknown as Record<string, (...a: unknown[]) => unknown>;
    if (method === 'iterate') for (const _ of s.iterate!(...args) as Iterable<unknown>);
    else s[method]!(...args);
  }
  const used = process.cpuUsage(started);
  db.close();
  return (used.user + used.system) / 1000;
}

/** With BENCH_PROFILE=<file>, the first round's measured saves are profiled into that file (a .cpuprofile for Chrome's DevTools). */
async function profiler() {
  const { Session } = await import('node:inspector/promises');
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
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
  const best = { save: Number.POSITIVE_INFINITY, statements: Number.POSITIVE_INFINITY, perSave: 0 };
  for (let round = 0; round < ROUNDS; round++) {
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
    const login = await app.request('/resource/UserSessionResource/create/', { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body: JSON.stringify({ options: { username_or_email: 'saver@bench.test', password: PASSWORD } }) });
    const cookie = login.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const save = async (n: number) => {
      const res = await app.request('/resource/PinResource/create/', {
        method: 'POST',
        headers: { origin, 'content-type': 'application/json', cookie },
        body: JSON.stringify({ options: { board_id: board, image_url: `https://images.bench.example/${round}/${n}.jpg`, link: `https://publisher.example/${n}`, description: `Save ${n}`, method: 'button' } }),
      });
      if (res.status !== 200) throw new Error(`a save answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
    };
    // Warm: the statements prepared, the code compiled.
    for (let n = 0; n < WARM; n++) await save(n);
    // The database as it is before the measured saves: the statements are replayed on this copy.
    const snapshot = new SQLite(file);
    snapshot.exec(`vacuum into '${join(dir, 'copy.sqlite')}'`);
    snapshot.close();
    record.ran.length = 0;
    record.set(true);
    const profile = process.env.BENCH_PROFILE && round === 0 ? await profiler() : undefined;
    const started = process.cpuUsage();
    for (let n = WARM; n < WARM + SAVES; n++) await save(n);
    const used = process.cpuUsage(started);
    await profile?.stop();
    record.set(false);
    await db.destroy();
    const ran = record.ran.splice(0);
    best.save = Math.min(best.save, (used.user + used.system) / 1000 / SAVES);
    best.statements = Math.min(best.statements, replay(join(dir, 'copy.sqlite'), ran) / SAVES);
    best.perSave = ran.length / SAVES;
    rmSync(dir, { recursive: true, force: true });
  }
  const round = (n: number, places = 3) => Math.round(n * 10 ** places) / 10 ** places;
  return [
    { name: 'statements per save', value: round(best.perSave, 1), unit: '' },
    { name: 'CPU per save, server (in process)', value: round(best.save), unit: `ms (best of ${ROUNDS})` },
    { name: 'CPU per save, its statements alone', value: round(best.statements), unit: `ms (best of ${ROUNDS})` },
    { name: 'save ÷ its statements', value: round(best.save / best.statements, 2), budget: GOAL, unit: '×' },
  ];
}

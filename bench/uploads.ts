import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { Agent, request } from 'undici';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { authService } from '../api/src/auth/service.js';
import { boardsService } from '../api/src/boards/service.js';
import { systemClock } from '../api/src/lib/clock.js';
import { freePort } from './net.js';

/**
 * The upload figures: the real server (compiled when built, else through tsx) in its own process
 * on loopback, on SQLite. While 8 saves carry a 5 MB image as image_base64 and 50 clients upload a 5 MB
 * image at once, a probe asks /health every 10 ms. Printed: the probe's p99 against 50 ms; how many
 * uploads were answered 200, or 503 with Retry-After, against all 50 (any other answer, or a reset,
 * counts against it); the server's peak RSS (sampled from /proc every 25 ms, until the re-encode jobs
 * have drained) against 1 GB; and, for context, the probe's p99 while the queue drains and how long it took.
 * Each uploader and each saver is a person of their own: an account made before the server starts, and
 * requests from a loopback address of their own (127.0.0.2…), as 58 people behind 58 addresses are; one
 * client sending 58 bodies at once would meet the per-client caps (BODIES_PER_CLIENT, two device images
 * per user) instead of the load this measures.
 */
const HEALTH_P99_BUDGET_MS = 50;
const RSS_BUDGET_MB = 1024;
const UPLOADS = Number(process.env.BENCH_UPLOADS ?? 50);
const SAVES = Number(process.env.BENCH_SAVES ?? 8);
const IMAGE_BYTES = 5 * 1024 * 1024;

/** A PNG of noise a little under `bytes` (noise does not compress): a real image of a real size. */
async function noisePng(bytes: number) {
  let side = Math.floor(Math.sqrt(bytes / 3));
  for (;;) {
    const png = await sharp({ create: { width: side, height: side, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 60 } } })
      .png()
      .toBuffer();
    if (png.length <= bytes) return png;
    side = Math.floor(side * 0.97);
  }
}

interface Person {
  cookie: string;
  boardId: string;
  agent: Agent;
}

/** The people, made as the product makes accounts (and a board each), in the database the server will open. */
async function makePeople(dir: string, count: number) {
  const db = connectSqlite(join(dir, 'bench.sqlite'));
  await migrate(db);
  const deps = { db, config: loadConfig({ NODE_ENV: 'test' }), clock: systemClock };
  const people: Array<{ email: string; password: string; boardId: string }> = [];
  for (let i = 0; i < count; i++) {
    const user = { email: `uploader${i}@example.com`, password: 'correct horse battery staple', username: `uploader${i}` };
    const id = await authService(deps).createAccount({ ...user, firstName: `Uploader ${i}` });
    const board = await boardsService(deps).createBoard({ id, username: user.username }, { name: 'Upload bench', privacy: 'public' });
    people.push({ ...user, boardId: board.id });
  }
  await db.destroy();
  return people;
}

/** Logs each person in from their own loopback address; their requests keep coming from it. */
async function logIn(origin: string, people: Array<{ email: string; password: string; boardId: string }>): Promise<Person[]> {
  return Promise.all(
    people.map(async (person, i) => {
      const agent = new Agent({ localAddress: `127.0.0.${i + 2}`, connections: 2, headersTimeout: 300_000, bodyTimeout: 300_000 });
      // 58 password checks at once on a loaded machine may be shed: a person waits the Retry-After and tries again.
      for (let tries = 1; ; tries++) {
        const res = await request(`${origin}/resource/UserSessionResource/create/`, {
          method: 'POST',
          dispatcher: agent,
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ options: { username_or_email: person.email, password: person.password } }),
        });
        await res.body.dump();
        if (res.statusCode === 200) {
          const cookie = ([] as string[])
            .concat(res.headers['set-cookie'] ?? [])
            .map((line) => line.split(';')[0])
            .join('; ');
          return { cookie, boardId: person.boardId, agent };
        }
        if (res.statusCode !== 503 || tries === 10) throw new Error(`bench log-in failed: ${res.statusCode}`);
        await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000 * (0.5 + Math.random())));
      }
    }),
  );
}

export async function startServer(dir: string, env: Record<string, string> = {}) {
  const port = await freePort();
  const compiled = existsSync('dist/server/server.js');
  const args = compiled ? ['dist/server/server.js'] : ['--import', 'tsx', 'api/src/server.ts'];
  // The node process itself (no npx in between): its RSS is the server's.
  const child = spawn(process.execPath, args, {
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      EXAMPLES_PORT: String(await freePort()),
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      MEDIA_DIR: join(dir, 'media'),
      WORKERS: '1',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://localhost:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      if (tries > 300 || child.exitCode !== null) throw new Error('the server did not start');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { origin, pid: child.pid!, compiled, close: () => stop(child, dir) };
}

async function stop(child: ChildProcess, dir: string) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
}

export const rssMb = (pid: number) => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return line ? Number(line.replace(/\D+/g, '')) / 1024 : 0;
};

/** Times GET /health every 10 ms from a child process; `take` returns the timings since `start`. */
export function healthProbe(origin: string) {
  const code = `
    const http = require('node:http');
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    let times = [], running = false;
    const once = () => new Promise((resolve) => {
      const started = performance.now();
      http.get(${JSON.stringify(`${origin}/health`)}, { agent }, (res) => { res.resume(); res.on('end', () => resolve(performance.now() - started)); }).on('error', () => resolve(NaN));
    });
    const loop = async () => { while (running) { times.push(await once()); await new Promise((r) => setTimeout(r, 10)); } };
    process.on('message', (m) => {
      if (m === 'start') { times = []; if (!running) { running = true; loop(); } }
      else if (m === 'take') { running = false; setTimeout(() => process.send(times), 50); }
      else if (m === 'exit') process.exit(0);
    });
    process.on('disconnect', () => process.exit(0));`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const take = () =>
    new Promise<number[]>((resolve) => {
      child.once('message', (times) => resolve(times as number[]));
      child.send('take');
    });
  return {
    start: () => child.send('start'),
    take,
    async measure(ms: number) {
      child.send('start');
      await new Promise((resolve) => setTimeout(resolve, ms));
      return take();
    },
    close: () => child.send('exit'),
  };
}

export const percentile = (values: number[], p: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]! : 0;

export async function uploads() {
  const image = await noisePng(IMAGE_BYTES);
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-uploads-bench-'));
  const made = await makePeople(dir, UPLOADS + SAVES);
  const server = await startServer(dir);
  // Whatever happens (a log-in refused, a probe lost), the server is not left running.
  try {
    const { origin } = server;
    const json = { 'content-type': 'application/json', origin };
    const people = await logIn(origin, made);
    const uploaders = people.slice(0, UPLOADS);
    const savers = people.slice(UPLOADS);

    // The probe runs in a process of its own: in this one, the uploaders' own work (250 MB to send) would
    // delay its timings, which must measure the server alone. Its phase changes come by IPC.
    const probe = healthProbe(origin);
    const idle = await probe.measure(1500);
    let peakRss = rssMb(server.pid);
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.pid))), 25);
    probe.start();

    const outcomes = { ok: 0, shed: 0, other: [] as string[] };
    const ids: string[] = [];
    const owners = new Map<string, { cookie: string; agent: Agent }>();
    const started = performance.now();
    const uploadsDone = Promise.all(
      uploaders.map(async ({ cookie, agent }) => {
        try {
          const res = await request(`${origin}/v3/media/uploads/`, {
            method: 'POST',
            dispatcher: agent,
            headers: { origin, cookie, 'content-type': 'application/octet-stream' },
            body: image,
          });
          const body = (await res.body.json()) as { resource_response: { data?: { id: string } } };
          if (res.statusCode === 200 && body.resource_response.data) {
            outcomes.ok++;
            ids.push(body.resource_response.data.id);
            owners.set(body.resource_response.data.id, { cookie, agent });
          } else if (res.statusCode === 503 && res.headers['retry-after']) outcomes.shed++;
          else outcomes.other.push(`${res.statusCode} ${JSON.stringify(body.resource_response).slice(0, 160)}`);
        } catch (error) {
          outcomes.other.push((error as Error).message);
        }
      }),
    );
    const base64 = image.toString('base64');
    const saves = { ok: 0, other: [] as string[] };
    const savesDone = Promise.all(
      savers.map(async ({ cookie, agent, boardId }, i) => {
        try {
          const res = await request(`${origin}/resource/PinResource/create/`, {
            method: 'POST',
            dispatcher: agent,
            headers: { ...json, cookie },
            body: JSON.stringify({ options: { board_id: boardId, image_base64: base64, title: `Bench ${i}`, method: 'uploaded' } }),
          });
          await res.body.dump();
          if (res.statusCode === 200) saves.ok++;
          else saves.other.push(String(res.statusCode));
        } catch (error) {
          saves.other.push((error as Error).message);
        }
      }),
    );
    await Promise.all([uploadsDone, savesDone]);
    const requestsMs = performance.now() - started;
    const health = await probe.take();
    probe.start();

    // Then the re-encode jobs: until every accepted upload is ready (or failed), RSS still sampled.
    const drainStarted = performance.now();
    const pending = new Set(ids);
    while (pending.size && performance.now() - drainStarted < 600_000) {
      for (const id of [...pending]) {
        const { cookie, agent } = owners.get(id)!;
        const res = await request(`${origin}/resource/MediaUploadResource/get/?data=${encodeURIComponent(JSON.stringify({ options: { id } }))}`, {
          headers: { cookie },
          dispatcher: agent,
        });
        const body = (await res.body.json()) as { resource_response: { data?: { status: string } } };
        if (body.resource_response.data?.status !== 'processing') pending.delete(id);
      }
      if (pending.size) await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const drainMs = performance.now() - drainStarted;
    const drainHealth = await probe.take();
    probe.close();
    clearInterval(sampler);
    await Promise.all(people.map((person) => person.agent.close()));

    if (outcomes.other.length) console.log(`  uploads not answered 200/503: ${outcomes.other.slice(0, 5).join('; ')}`);
    if (saves.other.length) console.log(`  saves not answered 200: ${saves.other.slice(0, 5).join('; ')}`);
    console.log(
      `  (${server.compiled ? 'compiled server' : 'server through tsx'}; ${(image.length / 1048576).toFixed(1)} MB PNG; requests took ${(requestsMs / 1000).toFixed(1)} s; ${saves.ok}/${SAVES} saves 200)`,
    );
    return [
      // A machine shared with other work shows in every figure: its 1-minute load average, beside its cores.
      { name: `load average (${availableParallelism()} cores)`, value: Math.round(loadavg()[0]! * 10) / 10, unit: '' },
      { name: '/health p99 idle (baseline)', value: Math.round(percentile(idle, 99)), unit: 'ms' },
      { name: '/health p99 under uploads', value: Math.round(percentile(health, 99)), budget: HEALTH_P99_BUDGET_MS, unit: 'ms' },
      { name: 'uploads answered', value: outcomes.ok + outcomes.shed, budget: UPLOADS, atLeast: true, unit: `of ${UPLOADS}` },
      { name: 'uploads 200', value: outcomes.ok, unit: `(503 + Retry-After: ${outcomes.shed})` },
      { name: 'server RSS peak', value: Math.round(peakRss), budget: RSS_BUDGET_MB, unit: 'MB' },
      { name: '/health p99 while jobs drain', value: Math.round(percentile(drainHealth, 99)), unit: 'ms' },
      { name: 'jobs drained in', value: Math.round(drainMs / 100) / 10, unit: 's' },
    ];
  } finally {
    await server.close();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { Agent, get, type IncomingMessage } from 'node:http';
import { createServer as createHttpServer } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { Agent as Dispatcher, request } from 'undici';
import { freePort } from './net.js';

/**
 * The scale issue's static-files figures: the real server (the compiled one `npm start` runs in
 * production, else through tsx) in its own process on loopback; 200 connections save pins (each a
 * different image and link, the images from a loopback host) while a second client fetches
 * /js/pinit.js as browsers do (brotli). A saver told 503 waits the Retry-After it was given (with
 * jitter), as the popup does: a client that retried at once would measure only how fast the server
 * can refuse. Printed: the static p99 against 50 ms, the saves' p50/p99
 * and how many were shed (503), then the bytes a repeat popup open moves (the no-store shell, and
 * the hashed files revalidated: 304s) against 5 KB, and pinit.js on the wire against its budget.
 */
const STATIC_P99_BUDGET_MS = 50;
const REPEAT_OPEN_BUDGET_BYTES = 5 * 1024;
const PINIT_BUDGET_BYTES = 5 * 1024;
const SAVE_CONNECTIONS = 200;
const STATIC_CONNECTIONS = 4;
const LOAD_SECONDS = 15;

/** A loopback image host: a few PNGs made once, served under any name, so every save has its own URL. */
async function imageHost() {
  const images = await Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 30 * i, g: 200 - 20 * i, b: 90 } } })
        .png()
        .toBuffer(),
    ),
  );
  let served = 0;
  const server = createHttpServer((req, res) => {
    const body = images[served++ % images.length]!;
    res.writeHead(req.url?.endsWith('.png') ? 200 : 404, { 'content-type': 'image/png', 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, close: () => server.close() };
}

async function startServer(images: string) {
  const port = await freePort();
  const examplesPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-static-load-'));
  const compiled = existsSync('dist/server/server.js');
  // The server itself, not through npx: npx does not pass SIGTERM on, so the server outlived the bench and
  // its worker was still writing into the directory being removed.
  const [command, args] = compiled ? [process.execPath, ['dist/server/server.js']] : [process.execPath, ['--import', 'tsx', 'api/src/server.ts']];
  const child = spawn(command, args, {
    // Development: the demo account is seeded, which the bench logs in as.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      EXAMPLES_PORT: String(examplesPort),
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      MEDIA_DIR: join(dir, 'media'),
      OUTBOUND_ALLOW: images,
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
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
  return { origin, compiled, close: () => stop(child, dir) };
}

async function stop(child: ChildProcess, dir: string) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
}

async function logIn(origin: string) {
  const headers = { 'content-type': 'application/json', origin };
  const login = await fetch(`${origin}/resource/UserSessionResource/create/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ options: { username_or_email: 'demo@corkboard.test', password: 'corkboard-demo' } }),
  });
  if (!login.ok) throw new Error(`bench log-in failed: ${login.status}`);
  const cookie = login.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const board = await fetch(`${origin}/resource/BoardResource/create/`, {
    method: 'POST',
    headers: { ...headers, cookie },
    body: JSON.stringify({ options: { name: 'Load test' } }),
  });
  const boardId = ((await board.json()) as { resource_response: { data: { id: string } } }).resource_response.data.id;
  return { cookie, boardId };
}

const percentile = (values: number[], p: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]! : 0;

/** Bytes read off one keep-alive connection for a sequence of requests: status lines, headers and bodies. */
async function bytesOnWire(origin: string, requests: Array<{ path: string; headers?: Record<string, string> }>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let socketBytes = 0;
  const answers: IncomingMessage[] = [];
  for (const { path, headers } of requests) {
    const res = await new Promise<IncomingMessage>((resolve, reject) =>
      get(`${origin}${path}`, { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } }, resolve).on('error', reject),
    );
    const socket = res.socket;
    res.resume();
    await new Promise((resolve) => res.on('end', resolve));
    socketBytes = socket.bytesRead;
    answers.push(res);
  }
  agent.destroy();
  return { bytes: socketBytes, answers };
}

/** Where the shell sends the browser: the popup's hashed stylesheet and bundle. */
async function popupOpen(origin: string) {
  const shellPath = `/pin/create/button/?url=${encodeURIComponent('https://publisher.example/tart')}&media=${encodeURIComponent('https://publisher.example/tart.png')}`;
  const shell = await (await fetch(`${origin}${shellPath}`)).text();
  const assets = [...shell.matchAll(/(?:href|src)="(\/(?:css|js)\/[^"]+)"/g)].map((m) => m[1]!);
  const first = await bytesOnWire(origin, [{ path: shellPath }, ...assets.map((path) => ({ path }))]);
  // A repeat open: the browser holds the files with their validators. `immutable` means it would not even
  // ask; this counts the worst case, a revalidation of each (a reload).
  const validators = first.answers.slice(1).map((res) => ({ 'if-none-match': String(res.headers.etag) }));
  const repeat = await bytesOnWire(origin, [{ path: shellPath }, ...assets.map((path, i) => ({ path, headers: validators[i] }))]);
  return { first: first.bytes, repeat: repeat.bytes, statuses: repeat.answers.map((res) => res.statusCode) };
}

export async function staticLoad(): Promise<Array<{ name: string; value: number; budget?: number; unit: string }>> {
  const images = await imageHost();
  const server = await startServer(images.origin);
  try {
    const { cookie, boardId } = await logIn(server.origin);
    // The same client on the idle server first: the floor the loaded figure is compared with.
    const idle = await autocannon({
      url: `${server.origin}/js/pinit.js`,
      connections: STATIC_CONNECTIONS,
      duration: 3,
      headers: { 'accept-encoding': 'br, gzip' },
      workers: 1,
    });
    const saveTimes: number[] = [];
    const statuses = new Map<number, number>();
    const dispatcher = new Dispatcher({ connections: SAVE_CONNECTIONS, headersTimeout: 60_000, bodyTimeout: 60_000 });
    const endAt = performance.now() + LOAD_SECONDS * 1000;
    let n = 0;
    const saver = async () => {
      while (performance.now() < endAt) {
        const i = n++;
        const started = performance.now();
        const res = await request(`${server.origin}/resource/PinResource/create/`, {
          method: 'POST',
          dispatcher,
          headers: { 'content-type': 'application/json', origin: server.origin, cookie },
          body: JSON.stringify({
            options: { board_id: boardId, image_url: `${images.origin}/${i}.png`, link: `https://publisher.example/post/${i}`, description: `Load ${i}` },
          }),
        });
        await res.body.dump();
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode === 200) saveTimes.push(performance.now() - started);
        if (res.statusCode === 503) await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after'] ?? 1) * 1000 * (0.5 + Math.random())));
      }
    };
    const saves = Promise.all(Array.from({ length: SAVE_CONNECTIONS }, saver));
    // The second client starts once the saves are under way, and stops before they do.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    // In a worker thread of its own, so the savers' traffic in this process does not delay its clock.
    const statics = await autocannon({
      url: `${server.origin}/js/pinit.js`,
      connections: STATIC_CONNECTIONS,
      duration: LOAD_SECONDS - 4,
      headers: { 'accept-encoding': 'br, gzip' },
      workers: 1,
    });
    await saves;
    await dispatcher.close();
    const shed = statuses.get(503) ?? 0;
    const other = [...statuses].filter(([status]) => status !== 200 && status !== 503).map(([status, count]) => `${count}x${status}`);
    if (other.length) console.log(`  (saves answered ${other.join(', ')})`);

    const open = await popupOpen(server.origin);
    if (open.statuses.slice(1).some((status) => status !== 304)) throw new Error(`a revalidated popup file was not 304: ${open.statuses.join(', ')}`);
    // Not fetch(): it would decode the brotli and hide what was sent.
    const pinitBytes = await new Promise<number>((resolve, reject) =>
      get(`${server.origin}/js/pinit.js`, { headers: { 'accept-encoding': 'br' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length)).on('end', () => resolve(bytes));
      }).on('error', reject),
    );
    return [
      { name: `server (${server.compiled ? 'compiled' : 'tsx'})`, value: SAVE_CONNECTIONS, unit: 'saving connections' },
      // A shared machine's own load shows in every figure below; the idle p99 is its floor.
      { name: 'machine load (1 min)', value: Number(loadavg()[0]!.toFixed(1)), unit: `on ${cpus().length} cores` },
      { name: 'pinit.js p99 idle', value: idle.latency.p99, unit: 'ms' },
      // A run where every request timed out has no latencies at all: it must not read as 0 ms.
      { name: 'pinit.js p99 under load', value: statics.requests.total ? statics.latency.p99 : Infinity, budget: STATIC_P99_BUDGET_MS, unit: 'ms' },
      { name: 'pinit.js p50 under load', value: statics.latency.p50, unit: 'ms' },
      { name: 'pinit.js requests served', value: statics.requests.total, unit: `(${statics.non2xx} not 2xx)` },
      { name: 'pinit.js timed out (10 s)', value: statics.timeouts + statics.errors, budget: 0, unit: 'requests' },
      { name: 'saves done (200)', value: saveTimes.length, unit: 'saves' },
      { name: 'save p50', value: Math.round(percentile(saveTimes, 50)), unit: 'ms' },
      { name: 'save p99', value: Math.round(percentile(saveTimes, 99)), unit: 'ms' },
      { name: 'saves shed (503)', value: shed, unit: 'answers' },
      { name: 'first popup open', value: open.first, unit: 'bytes on the wire' },
      { name: 'repeat popup open', value: open.repeat, budget: REPEAT_OPEN_BUDGET_BYTES, unit: 'bytes on the wire' },
      { name: 'pinit.js sent (brotli)', value: pinitBytes, budget: PINIT_BUDGET_BYTES, unit: 'bytes' },
    ];
  } finally {
    await server.close();
    images.close();
  }
}

import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent as Dispatcher, request } from 'undici';
import { freePort } from './net.js';

/**
 * "The request path cannot be held hostage": the real server (api/src/server.ts, one process,
 * SQLite) on loopback.
 * 1. 200 savers (link saves, a Retry-After honoured as the popup does) and a probe making one API call
 *    after another, first alone, then while 16 clients, each from an address of its own (127.0.0.2…17),
 *    send a JSON body one byte every 2 s (reconnecting when the server gives up on them). Printed: the
 *    p99 of the probe's answered calls beside 200 ms (a call shed with 503 is counted apart: it was told
 *    at once), beside the same without the slow clients, and the saves' figures. The figure is the
 *    machine's as much as the server's: on a machine busy with other work both p99s rise together.
 * 2. 8 clients each send a 150 MiB chunked upload to /v3/media/uploads/ with no session, as fast as the
 *    socket takes it. Printed: the server's RSS growth (VmRSS, sampled every 20 ms) beside +50 MB.
 */
const API_P99_GOAL_MS = 200;
const RSS_GOAL_MB = 50;
const SAVERS = 200;
const SLOW_CLIENTS = 16;
const SLOW_BYTE_EVERY_MS = 2000;
const PHASE_SECONDS = 12;
const UPLOADS = 8;
const UPLOAD_BYTES = 150 * 1024 * 1024;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (values: number[], p: number) =>
  values.length ? [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]! : Infinity;

/** The server in a process of its own (node itself, so its pid is the one whose RSS is read). */
async function startServer() {
  const port = await freePort();
  const examplesPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'corkboard-guards-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    // Development: the demo account is seeded, which the savers log in as.
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      EXAMPLES_PORT: String(examplesPort),
      DATABASE_URL: `sqlite:${join(dir, 'bench.sqlite')}`,
      MEDIA_DIR: join(dir, 'media'),
      WORKERS: '1',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${origin}/health`)).ok) break;
    } catch {
      if (tries > 300 || child.exitCode !== null) throw new Error('the server did not start');
    }
    await sleep(100);
  }
  return { origin, port, publicOrigin: `http://localhost:${port}`, pid: child.pid!, close: () => stop(child, dir) };
}

async function stop(child: ChildProcess, dir: string) {
  if (child.exitCode === null) {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
  rmSync(dir, { recursive: true, force: true });
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

async function logIn(origin: string, publicOrigin: string) {
  const headers = { 'content-type': 'application/json', origin: publicOrigin };
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
    body: JSON.stringify({ options: { name: 'Guards bench' } }),
  });
  const boardId = ((await board.json()) as { resource_response: { data: { id: string } } }).resource_response.data.id;
  return { cookie, boardId };
}

/** One slow client: a JSON body of 64 KiB announced, one byte sent every 2 s, again when the server hangs up. */
function slowClient(port: number, publicOrigin: string, localAddress: string, until: () => boolean) {
  let answered = 0;
  const once = () =>
    new Promise<void>((resolve) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      const head = [
        'POST /v3/sso/info/ HTTP/1.1',
        'Host: 127.0.0.1',
        `Origin: ${publicOrigin}`,
        'Content-Type: application/json',
        `Content-Length: ${64 * 1024}`,
      ];
      socket.write(`${head.join('\r\n')}\r\n\r\n{`);
      const timer = setInterval(() => (until() ? socket.destroy() : socket.write(' ')), SLOW_BYTE_EVERY_MS);
      socket.on('data', () => answered++);
      socket.on('error', () => undefined);
      socket.on('close', () => (clearInterval(timer), resolve()));
    });
  return (async () => {
    while (!until()) await once();
    return answered;
  })();
}

/** One unauthenticated chunked upload of `bytes`, as fast as the socket takes it; resolves with the bytes written. */
function upload(port: number, publicOrigin: string, bytes: number) {
  return new Promise<number>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const head = [
      'POST /v3/media/uploads/ HTTP/1.1',
      'Host: 127.0.0.1',
      `Origin: ${publicOrigin}`,
      'Content-Type: application/octet-stream',
      'Transfer-Encoding: chunked',
    ];
    const chunk = Buffer.concat([Buffer.from(`${(1024 * 1024).toString(16)}\r\n`), Buffer.alloc(1024 * 1024, 7), Buffer.from('\r\n')]);
    let written = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      socket.destroy();
      resolve(written);
    };
    const pump = () => {
      while (!done && written < bytes) {
        written += 1024 * 1024;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
      if (!done) socket.end('0\r\n\r\n');
    };
    socket.on('error', finish).on('close', finish);
    socket.on('data', () => setTimeout(finish, 50));
    socket.write(`${head.join('\r\n')}\r\n\r\n`, pump);
  });
}

export async function guards(): Promise<Array<{ name: string; value: number; budget?: number; unit: string }>> {
  const server = await startServer();
  try {
    const { cookie, boardId } = await logIn(server.origin, server.publicOrigin);
    const dispatcher = new Dispatcher({ connections: SAVERS + 1, headersTimeout: 120_000, bodyTimeout: 120_000 });

    /** Savers and a probe for `seconds`; the probe's latencies and the saves'. */
    const phase = async (seconds: number) => {
      const endAt = performance.now() + seconds * 1000;
      const saveTimes: number[] = [];
      const probeTimes: number[] = [];
      let shed = 0;
      let probeShed = 0;
      let n = 0;
      const saver = async () => {
        while (performance.now() < endAt) {
          const i = n++;
          const started = performance.now();
          const res = await request(`${server.origin}/resource/PinResource/create/`, {
            method: 'POST',
            dispatcher,
            headers: { 'content-type': 'application/json', origin: server.publicOrigin, cookie },
            body: JSON.stringify({ options: { board_id: boardId, link: `https://publisher.example/post/${i}`, description: `Guards ${i}` } }),
          });
          await res.body.dump();
          if (res.statusCode === 200) saveTimes.push(performance.now() - started);
          if (res.statusCode === 503) {
            shed++;
            await sleep(Number(res.headers['retry-after'] ?? 1) * 1000 * (0.5 + Math.random()));
          }
        }
      };
      const probe = async () => {
        await sleep(1000);
        while (performance.now() < endAt) {
          const started = performance.now();
          const res = await request(`${server.origin}/resource/ViewerResource/get/`, { dispatcher, headers: { cookie } });
          await res.body.dump();
          // A shed call (503) is told at once to come back: counted apart, and waited out as the popup does.
          if (res.statusCode === 200) probeTimes.push(performance.now() - started);
          else if (res.statusCode === 503) probeShed++;
          else probeTimes.push(Infinity);
          await sleep(res.statusCode === 503 ? 1000 : 20);
        }
      };
      await Promise.all([...Array.from({ length: SAVERS }, saver), probe()]);
      return { saveTimes, probeTimes, shed, probeShed };
    };

    const alone = await phase(PHASE_SECONDS);
    let slowUntil = false;
    const slow = Array.from({ length: SLOW_CLIENTS }, (_, i) => slowClient(server.port, server.publicOrigin, `127.0.0.${i + 2}`, () => slowUntil));
    // The slow clients are in before the measure starts.
    await sleep(500);
    const held = await phase(PHASE_SECONDS);
    slowUntil = true;
    const slowAnswers = (await Promise.all(slow)).reduce((a, b) => a + b, 0);
    await dispatcher.close();

    const rssBefore = rssMb(server.pid);
    let rssPeak = rssBefore;
    const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid))), 20);
    const written = await Promise.all(Array.from({ length: UPLOADS }, () => upload(server.port, server.publicOrigin, UPLOAD_BYTES)));
    await sleep(500);
    clearInterval(sampler);
    rssPeak = Math.max(rssPeak, rssMb(server.pid));

    return [
      { name: 'machine load (1 min)', value: Number(loadavg()[0]!.toFixed(1)), unit: `on ${cpus().length} cores` },
      {
        name: 'API p99, savers alone',
        value: Math.round(percentile(alone.probeTimes, 99)),
        unit: `ms (${alone.probeTimes.length} answered, ${alone.probeShed} shed)`,
      },
      {
        name: `API p99, +${SLOW_CLIENTS} slow bodies`,
        value: Math.round(percentile(held.probeTimes, 99)),
        budget: API_P99_GOAL_MS,
        unit: `ms (${held.probeTimes.length} answered, ${held.probeShed} shed)`,
      },
      { name: 'save p99, +slow bodies', value: Math.round(percentile(held.saveTimes, 99)), unit: `ms (${held.saveTimes.length} saves, ${held.shed} shed)` },
      { name: 'slow bodies answered', value: slowAnswers, unit: 'times (408 past their deadline)' },
      { name: `RSS growth, ${UPLOADS} uploads`, value: Math.round(rssPeak - rssBefore), budget: RSS_GOAL_MB, unit: `MB (from ${Math.round(rssBefore)} MB)` },
      {
        name: 'upload bytes sent',
        value: Math.round(written.reduce((a, b) => a + b, 0) / 1024 / 1024),
        unit: `MiB of ${(UPLOADS * UPLOAD_BYTES) / 1024 / 1024} before the server closed`,
      },
    ];
  } finally {
    await server.close();
  }
}

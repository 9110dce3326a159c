import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer, type AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { createApp } from './app.js';
import { client } from './testing.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** A loopback port nobody listens on now (the system's pick for port 0, given back at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export interface Host {
  name: string;
  port: number;
  child: ChildProcess;
  /** A browser whose requests reach this host (fetch on loopback), from `address` (X-Forwarded-For, TRUST_PROXY). */
  client(init?: { cookie?: string }): ReturnType<typeof client>;
  /** A raw GET of a path on this host. */
  get(path: string, headers?: Record<string, string>): Promise<Response>;
  /** What it printed, for a failing test's message. */
  output(): string;
  /** SIGKILL: no shutdown, no lease given back, as when a machine dies. */
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A whole server process (`tsx api/src/server.ts`, as `npm start` runs it) on a port of its own, with the
 * environment given: what the two-host test (two-hosts.test.ts) runs two of. Resolves once /health answers.
 * Every request carries X-Forwarded-For `address` (the host trusts it, as behind a load balancer), so
 * per-address limits in a Redis shared with other test runs count this test's requests only.
 */
export async function startHost(name: string, env: Record<string, string>, publicOrigin: string, address: string): Promise<Host> {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      EXAMPLES_PORT: String(await freePort()),
      TRUST_PROXY: '1',
      PUBLIC_ORIGIN: publicOrigin,
      WORKERS: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let printed = '';
  const keep = (chunk: Buffer) => (printed = (printed + chunk.toString()).slice(-8000));
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const base = `http://127.0.0.1:${port}`;
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, { headers: { 'x-forwarded-for': address, ...headers }, redirect: 'manual' });
  // The test helpers' browser, its requests sent over the network to this process instead of to an app in this one.
  const remote = {
    request: (path: string, init: RequestInit = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-forwarded-for', address);
      return fetch(`${base}${path}`, { ...init, headers, redirect: 'manual' });
    },
  } as unknown as ReturnType<typeof createApp>;
  for (let tries = 0; ; tries++) {
    if (child.exitCode !== null) throw new Error(`${name} exited at start:\n${printed}`);
    const up = await fetch(`${base}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (tries > 600) throw new Error(`${name} did not answer /health in a minute:\n${printed}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    name,
    port,
    child,
    client: (init) => client(remote, publicOrigin, init?.cookie),
    get,
    output: () => printed,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Which of `pids` has a TCP connection open from local port `port` (Linux /proc): the host whose worker is
 * downloading an image, told by the port its request came from. Undefined when none (or not Linux).
 */
export function processWithPort(port: number, pids: number[]): number | undefined {
  const inodes = new Set<string>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const cols = line.trim().split(/\s+/);
      const local = cols[1]?.split(':')[1];
      if (local && Number.parseInt(local, 16) === port && cols[9]) inodes.add(cols[9]);
    }
  }
  for (const pid of pids) {
    let fds: string[] = [];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        if (inodes.has(/^socket:\[(\d+)\]$/.exec(target)?.[1] ?? '')) return pid;
      } catch {
        // The descriptor closed while we looked.
      }
    }
  }
  return undefined;
}

export interface HeldImage {
  url: string;
  /** Resolves with the next request for it: the client's port, and a way to answer it with the image. */
  next(): Promise<{ remotePort: number; serve(): void; drop(): void }>;
}

/**
 * An image host on loopback whose answers the test releases: a download can be caught in flight (to kill
 * the host making it). Other paths answer at once with a PNG of the size asked (?w=&h=).
 */
export async function heldImages() {
  const waiting: Array<(request: { remotePort: number; serve(): void; drop(): void }) => void> = [];
  const arrived: Array<{ remotePort: number; serve(): void; drop(): void }> = [];
  const png = (w: number, h: number) =>
    sharp({ create: { width: w, height: h, channels: 3, background: { r: 210, g: 120, b: 40 } } })
      .png()
      .toBuffer();
  const image = await png(640, 480);
  const send = (res: ServerResponse, body: Buffer) => {
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length });
    res.end(body);
  };
  const server = createHttpServer((req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://fixture');
    if (!url.pathname.startsWith('/held/')) {
      void png(Number(url.searchParams.get('w') ?? 600), Number(url.searchParams.get('h') ?? 400)).then((body) => send(res, body));
      return;
    }
    const request = { remotePort: req.socket.remotePort ?? 0, serve: () => send(res, image), drop: () => req.socket.destroy() };
    const taker = waiting.shift();
    if (taker) taker(request);
    else arrived.push(request);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: (name: string, size?: { w: number; h: number }) => `${origin}/${name}.png${size ? `?w=${size.w}&h=${size.h}` : ''}`,
    held: (name: string): HeldImage => ({
      url: `${origin}/held/${name}.png`,
      next: () => {
        const first = arrived.shift();
        return first ? Promise.resolve(first) : new Promise((resolve) => waiting.push(resolve));
      },
    }),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, connect as connectTcp, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { createApp } from '../app.js';
import { connectPostgres } from '../db/connect.js';
import { PG_TEST_URL, privatePostgres } from '../db/testing-postgres.js';
import { imageFixtures } from '../images/fixtures.js';
import { ROOT } from '../lib/paths.js';
import { client, testApp } from '../testing.js';

/**
 * The database lost under a running server (the real entry, WORKERS=1 and 2), on a private database of the test
 * server reached through a TCP proxy this test starts and cuts: never the machine's shared Postgres itself.
 * Skipped, with the reason printed, when Postgres does not answer.
 */
const pg = await privatePostgres('cb_outage', 'the database outage test');
const fixtures = await imageFixtures();

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/** A TCP proxy in front of Postgres that can be cut (every connection reset, new ones refused) and restored. */
async function postgresProxy(target: URL) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  let server: Server | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      server = createServer((inbound) => {
        const outbound = connectTcp(Number(target.port || 5432), target.hostname);
        for (const socket of [inbound, outbound]) {
          sockets.add(socket);
          socket.on('error', () => undefined);
          socket.on('close', () => (sockets.delete(socket), inbound.destroy(), outbound.destroy()));
        }
        inbound.pipe(outbound).pipe(inbound);
      }).listen(port, '127.0.0.1', resolve);
    });
  await open();
  return {
    port,
    cut: () =>
      new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const socket of sockets) socket.resetAndDestroy();
      }),
    restore: open,
  };
}

// Skipped, with the reason printed by privatePostgres, when Postgres does not answer.
describe.skipIf(!pg)('the database lost under a running server', () => {
  it.each([1, 2])(
    'is an outage, not a crash (WORKERS=%i): 503 with Retry-After and /ready saying so while it is away, saves again once it is back',
    async (workers) => {
      // An account and a board on the private database, made as the product makes them.
      const setup = await testApp({ db: pg!.connect() });
      const user = await setup.makeUser(`outage${workers}`);
      const board = await setup.makeBoard(user.id, 'Through it all');

      const proxy = await postgresProxy(new URL(PG_TEST_URL));
      const viaProxy = new URL(pg!.url);
      viaProxy.host = `127.0.0.1:${proxy.port}`;
      const port = await freePort();
      const origin = `http://localhost:${port}`;
      const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
        cwd: ROOT,
        env: {
          ...process.env,
          NODE_ENV: 'test',
          WORKERS: String(workers),
          DATABASE_URL: viaProxy.toString(),
          PORT: String(port),
          EXAMPLES_PORT: String(await freePort()),
          PUBLIC_ORIGIN: origin,
          MEDIA_DIR: mkdtempSync(join(tmpdir(), 'corkboard-outage-media-')),
          OUTBOUND_ALLOW: fixtures.origin,
          LOG_LEVEL: 'warn',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      server.stdout.on('data', (chunk) => (output += chunk));
      server.stderr.on('data', (chunk) => (output += chunk));
      const exited = new Promise((resolve) => server.once('exit', resolve));
      const remote = { request: (path: string, init?: RequestInit) => fetch(`http://127.0.0.1:${port}${path}`, init) } as unknown as ReturnType<
        typeof createApp
      >;
      const browser = client(remote, origin);
      const ready = () =>
        fetch(`http://127.0.0.1:${port}/ready`).then(
          async (r) => ({ status: r.status, body: (await r.json()) as any }),
          () => ({ status: 0, body: undefined }),
        );
      let n = 0;
      const save = () =>
        browser.post('PinResource', 'create', { board_id: board, image_url: fixtures.url('tart'), link: `https://outage.example/${n++}`, method: 'button' });
      const admin = connectPostgres(PG_TEST_URL);
      try {
        await expect.poll(async () => (await ready()).status, { timeout: 60_000, interval: 200 }).toBe(200);
        expect((await browser.logIn(user.email, user.password)).status).toBe(200);
        expect((await save()).status).toBe(200);

        // Every connection of the server ended by the database (a restart, a failover): the process lives on.
        await sql`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${viaProxy.pathname.slice(1)} and pid <> pg_backend_pid()`.execute(
          admin,
        );
        await expect.poll(async () => (await save()).status, { timeout: 20_000, interval: 200 }).toBe(200);
        expect(server.exitCode).toBeNull();

        // The database away: every save is a 503 with Retry-After, /ready says the database is down.
        await proxy.cut();
        let away = await save();
        await expect.poll(async () => (away = await save()).status, { timeout: 20_000, interval: 200 }).toBe(503);
        expect(away.headers.get('retry-after')).toBe('5');
        expect(away.body.resource_response.error).toMatchObject({ api_error_code: 411, http_status: 503, data: { retry_after_seconds: 5 } });
        // Each process learns it from a request that met it, or from its own checks (two failures in a row).
        let notReady = await ready();
        await expect.poll(async () => (notReady = await ready()).status, { timeout: 20_000, interval: 250 }).toBe(503);
        expect(notReady.body.resource_response.error).toMatchObject({
          api_error_code: 410,
          message_detail: 'Not ready: the database is down.',
          data: { checks: { database: 'down' } },
        });
        expect(server.exitCode).toBeNull();

        // Back: the same process saves again, by itself, and is ready.
        await proxy.restore();
        await expect.poll(async () => (await save()).status, { timeout: 30_000, interval: 250 }).toBe(200);
        await expect.poll(async () => (await ready()).status, { timeout: 30_000, interval: 250 }).toBe(200);
        expect(server.exitCode).toBeNull();
        // What it said meanwhile is JSON, the lost database named in it.
        const lines = output.trim().split('\n').filter(Boolean);
        for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
        expect(lines.some((line) => JSON.parse(line).msg === 'database unavailable')).toBe(true);
      } finally {
        await admin.destroy();
        server.kill('SIGTERM');
        await exited;
        await proxy.cut();
      }
    },
    180_000,
  );
});

import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from './config.js';
import { connectSqlite } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { systemClock } from './lib/clock.js';
import { startProduct } from './product.js';

/** One request on a connection of its own (no agent keeping it, no client timers). */
function post(port: number, origin: string, path: string, body: unknown): Promise<number> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        agent: false,
        headers: { origin, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const dirs: string[] = [];
afterEach(() => {
  vi.useRealTimers();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('a server stopped', () => {
  it('leaves no timer of its own behind, and nothing throws after it has stopped', async () => {
    // Timers made from here on are the test's to run: two hours of them after the stop.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'], shouldAdvanceTime: true });
    const dir = mkdtempSync(join(tmpdir(), 'corkboard-product-'));
    dirs.push(dir);
    const db = connectSqlite(join(dir, 'product.sqlite'));
    await migrate(db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), mediaDir: join(dir, 'media') };
    const product = startProduct({ db, config, clock: systemClock }, { port: 0, host: '127.0.0.1' });
    await once(product.server, 'listening');

    // A log-in attempt takes the per-client limits, kept in the database (the SQLite rate limiter).
    const status = await post(product.port, config.publicOrigin, '/resource/UserSessionResource/create/', {
      options: { username_or_email: 'nobody@example.com', password: 'not-the-password' },
    });
    expect(status).toBeGreaterThanOrEqual(400);
    await product.stop();

    const thrown: unknown[] = [];
    const note = (error: unknown) => thrown.push(error);
    process.on('unhandledRejection', note);
    process.on('uncaughtException', note);
    try {
      vi.advanceTimersByTime(2 * 60 * 60 * 1000);
      for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
      expect(thrown.map(String)).toEqual([]);
      // One-shot timers have all run; one still pending re-arms itself, or is an interval nobody cleared.
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      process.off('unhandledRejection', note);
      process.off('uncaughtException', note);
    }
  });
});

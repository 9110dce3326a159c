import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { authService } from '../auth/service.js';
import { boardsService } from '../boards/service.js';
import { loadConfig } from '../config.js';
import { connectSqlite } from '../db/connect.js';
import { migrate } from '../db/migrate.js';
import { systemClock } from '../lib/clock.js';
import { startProduct } from '../product.js';

/** One HTTP exchange on a connection of its own; `sent` resolves once the whole body is on the wire. */
function exchange(port: number, path: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  let markSent!: () => void;
  const sent = new Promise<void>((resolve) => (markSent = resolve));
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: init.method ?? 'GET', agent: false, headers: init.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.on('finish', markSent);
    req.end(init.body);
  });
  return { sent, answered };
}

const dir = mkdtempSync(join(tmpdir(), 'corkboard-base64-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a save carrying a 10 MB image_base64', () => {
  it('is answered with its pin, and /health answers while it is in flight', async () => {
    const db = connectSqlite(join(dir, 'db.sqlite'));
    await migrate(db);
    const config = { ...loadConfig({ NODE_ENV: 'test' }), mediaDir: join(dir, 'media') };
    const deps = { db, config, clock: systemClock };
    const user = { email: 'big@example.com', password: 'correct horse battery', username: 'big' };
    const userId = await authService(deps).createAccount({ ...user, firstName: 'Big' });
    const board = (await boardsService(deps).createBoard({ id: userId, username: user.username }, { name: 'Big', privacy: 'public' })).id;
    const product = startProduct(deps, { port: 0, host: '127.0.0.1' });
    try {
      await once(product.server, 'listening');
      const origin = config.publicOrigin;
      const json = { origin, 'content-type': 'application/json' };
      // Noise does not compress: a PNG of about 7.7 MB, 10.3 MB as base64.
      const width = 2600;
      const height = 990;
      const noise = randomBytes(width * height * 3);
      const png = await sharp(noise, { raw: { width, height, channels: 3 } })
        .png({ compressionLevel: 1 })
        .toBuffer();
      const image_base64 = png.toString('base64');
      expect(image_base64.length).toBeGreaterThan(10_000_000);

      const session = await new Promise<string>((resolve, reject) => {
        const req = request(
          { host: '127.0.0.1', port: product.port, path: '/resource/UserSessionResource/create/', method: 'POST', agent: false, headers: json },
          (res) => {
            res.resume();
            if (res.statusCode !== 200) reject(new Error(`log-in answered ${res.statusCode}`));
            resolve((res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0]).join('; '));
          },
        );
        req.on('error', reject);
        req.end(JSON.stringify({ options: { username_or_email: user.email, password: user.password } }));
      });

      const save = exchange(product.port, '/resource/PinResource/create/', {
        method: 'POST',
        headers: { ...json, cookie: session },
        body: JSON.stringify({ options: { board_id: board, image_base64, description: 'Big', method: 'pinbuilder' } }),
      });
      let saveDone = false;
      const saved = save.answered.then((answer) => ((saveDone = true), answer));
      await save.sent;
      // The body is in; while the save decodes and re-encodes, the server keeps answering.
      const healthDuringSave: boolean[] = [];
      while (!saveDone) {
        const health = await exchange(product.port, '/health').answered;
        expect(health.status).toBe(200);
        healthDuringSave.push(!saveDone);
      }
      const answer = await saved;
      expect(answer.status, answer.body).toBe(200);
      expect(healthDuringSave.filter(Boolean).length).toBeGreaterThan(0);
      const pin = await db
        .selectFrom('pins')
        .innerJoin('images', 'images.id', 'pins.image_id')
        .select(['images.width', 'images.height'])
        .executeTakeFirstOrThrow();
      expect(pin).toEqual({ width, height });
    } finally {
      await product.stop();
    }
  });
});

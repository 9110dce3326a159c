import { existsSync, readdirSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { serveApp } from '../lib/lingering-close.js';
import { closeGracefully } from '../lib/shutdown.js';
import { testApp, type TestApp } from '../testing.js';

/**
 * Refusals that arrive as answers, on a real listening server: a client sends a large body in
 * paced chunks and, like a client busy sending, reads nothing until all of it is out. Before, the Node
 * adapter cut the connection 500 ms after the answer with bytes unread, a TCP reset that drops the answer.
 */
const BODY_BYTES = 8 * 1024 * 1024;
const CHUNK = 256 * 1024;

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/** A POST of `total` bytes (starting with `first`), sent a chunk every 20 ms, the answer read at the end. */
function rawUpload(port: number, headers: Record<string, string>, first: Buffer, total = BODY_BYTES, onStarted?: () => void): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const got: Buffer[] = [];
    socket.on('data', (d: Buffer) => got.push(d));
    socket.on('error', (error) => reject(new Error(`${(error as NodeJS.ErrnoException).code} after ${Buffer.concat(got).length} bytes of answer`)));
    socket.on('end', () => {
      const text = Buffer.concat(got).toString();
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const answerHeaders = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(statusLine.split(' ')[1]), headers: answerHeaders, body: body ? JSON.parse(body) : null });
    });
    const head = Object.entries({ host: '127.0.0.1', 'content-length': String(total), connection: 'close', ...headers }).map(([k, v]) => `${k}: ${v}`);
    socket.write(`POST /v3/media/uploads/ HTTP/1.1\r\n${head.join('\r\n')}\r\n\r\n`);
    socket.write(first);
    onStarted?.();
    socket.pause();
    let sent = first.length;
    const tick = setInterval(() => {
      const size = Math.min(CHUNK, total - sent);
      socket.write(Buffer.alloc(size, 7));
      sent += size;
      if (sent >= total) {
        clearInterval(tick);
        socket.resume();
      }
    }, 20);
  });
}

let stops: Array<() => Promise<void>> = [];
afterEach(async () => {
  await Promise.all(stops.map((stop) => stop()));
  stops = [];
});

async function listening(t: TestApp) {
  const { server, linger } = serveApp(t.app.fetch, { port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
  stops.push(async () => {
    linger.close();
    await closeGracefully(server, 100);
  });
  return (server.address() as AddressInfo).port;
}

async function loggedIn(t: TestApp) {
  const user = await t.makeUser();
  const browser = t.client();
  await browser.logIn(user.email, user.password);
  return { cookie: browser.cookies, origin: t.deps.config.publicOrigin, 'content-type': 'application/octet-stream' };
}

describe('a refused upload gets its answer, never a reset', () => {
  it('refused part way (not an image): the 400 and its message', async () => {
    const t = await testApp();
    const port = await listening(t);
    const answer = await rawUpload(port, await loggedIn(t), Buffer.from('%PDF-1.7 a document, not a picture'));
    expect(answer.status).toBe(400);
    expect(answer.body.resource_response.error).toMatchObject({ api_error_code: 232 });
  });

  it('refused before a byte is read (no session): the 401', async () => {
    const t = await testApp();
    const port = await listening(t);
    const answer = await rawUpload(
      port,
      { origin: t.deps.config.publicOrigin, 'content-type': 'image/png' },
      await sharp({ create: { width: 200, height: 200, channels: 3, background: '#888' } })
        .png()
        .toBuffer(),
    );
    expect(answer.status).toBe(401);
  });

  it('shed while another upload holds the only turn: the 503 with Retry-After, then the held one is answered', async () => {
    const t = await testApp({ config: { maxInFlight: 1, maxQueued: 0 } });
    const port = await listening(t);
    const headers = await loggedIn(t);
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#468' } })
      .png()
      .toBuffer();
    const held = rawUpload(port, headers, png);
    // The first upload is being written to disk: it holds the turn.
    const uploads = join(t.deps.config.mediaDir, 'uploads');
    await expect.poll(() => existsSync(uploads) && readdirSync(uploads).some((f) => f.endsWith('.part')), { timeout: 10_000 }).toBe(true);
    const shed = await rawUpload(port, headers, png);
    expect(shed.status).toBe(503);
    expect(shed.headers['retry-after']).toMatch(/^\d+$/);
    expect(shed.body.resource_response.error).toMatchObject({ api_error_code: 150 });
    const answered = await held;
    expect(answered.status).toBe(200);
    expect(answered.body.resource_response.data).toMatchObject({ type: 'image', status: 'processing', bytes: BODY_BYTES });
  });
});

import { connect, type AddressInfo, type Socket } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import type { Config } from '../config.js';
import { testApp } from '../testing.js';

/**
 * The request path cannot be held hostage (design item 4), against a real listening server:
 * what matters here is what a socket that sends slowly, or never stops sending, does to everyone else.
 */

const servers: ServerType[] = [];
const sockets: Socket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

async function listening(config: Partial<Config>) {
  const t = await testApp({ config });
  const port = await new Promise<number>((resolve) => {
    servers.push(serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port)));
  });
  return { t, port, origin: t.deps.config.publicOrigin, base: `http://127.0.0.1:${port}` };
}

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: any;
}

/**
 * A request written by hand: the head, then only `start` of its body. The answer is read as it comes;
 * `closed` settles when the server closes the connection.
 */
function slowRequest(port: number, head: string[], start: string | Buffer) {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  socket.write(`${head.join('\r\n')}\r\n\r\n`);
  socket.write(start);
  let received = Buffer.alloc(0);
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf('\r\n\r\n');
      if (end < 0) return;
      const [statusLine, ...lines] = received.subarray(0, end).toString('latin1').split('\r\n');
      const headers = Object.fromEntries(lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]));
      const length = Number(headers['content-length'] ?? 0);
      if (received.length < end + 4 + length) return;
      resolve({ status: Number(statusLine!.split(' ')[1]), headers, body: JSON.parse(received.subarray(end + 4, end + 4 + length).toString('utf8')) });
    });
    socket.on('error', reject);
  });
  const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
  return { socket, answer, closed };
}

const jsonHead = (origin: string, path: string, length: number, extra: string[] = []) => [
  `POST ${path} HTTP/1.1`,
  'Host: 127.0.0.1',
  `Origin: ${origin}`,
  'Content-Type: application/json',
  `Content-Length: ${length}`,
  ...extra,
];

/** A round trip through the server's loop: what was written before it on other sockets has been taken in. */
const barrier = (base: string) => fetch(`${base}/health`).then((res) => res.text());

describe('slow bodies (16 connections sending a JSON body one byte every 2 s stalled every API call)', () => {
  it('bodies still arriving hold no API turn: with every turn "taken" by them, other API calls still answer', async () => {
    // Two turns, and four clients each sending the first byte of a 200-byte body and then nothing.
    const { port, origin, base } = await listening({ maxInFlight: 2 });
    const body = JSON.stringify({ username_or_email: `${'a'.repeat(180)}@x.test`, type: 'reset' });
    const slow = Array.from({ length: 4 }, () => slowRequest(port, jsonHead(origin, '/v3/users/forgot_password/', body.length), body.slice(0, 1)));
    await barrier(base);
    // Before the fix each held a turn while its body trickled in: this call waited behind them for good.
    const viewer = await fetch(`${base}/resource/ViewerResource/get/`);
    expect(viewer.status).toBe(200);
    expect((await viewer.json()).resource_response.data).toEqual({ type: 'UNAUTH' });
    // And the slow ones are answered as usual once their bodies are whole: the route reads what arrived.
    for (const request of slow) request.socket.write(body.slice(1));
    for (const request of slow) expect((await request.answer).body.resource_response.data).toEqual({ status: 'sent', type: 'reset' });
  });

  it('a body that comes in the packet of its headers (a usual save) is read whole, and the connection serves the next request', async () => {
    const { port, origin } = await listening({});
    const socket = connect(port, '127.0.0.1');
    sockets.push(socket);
    const answers: Array<{ status: number; body: any }> = [];
    let received = Buffer.alloc(0);
    socket.on('data', (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      // Each answer whole, by its Content-Length, as it completes.
      for (let end = received.indexOf('\r\n\r\n'); end >= 0; end = received.indexOf('\r\n\r\n')) {
        const head = received.subarray(0, end).toString('latin1');
        const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
        if (received.length < end + 4 + length) return;
        answers.push({ status: Number(head.split(' ')[1]), body: JSON.parse(received.subarray(end + 4, end + 4 + length).toString('utf8')) });
        received = received.subarray(end + 4 + length);
      }
    });
    const ask = (type: string) => {
      const body = JSON.stringify({ username_or_email: 'nobody@x.test', type });
      socket.write(`${jsonHead(origin, '/v3/users/forgot_password/', Buffer.byteLength(body)).join('\r\n')}\r\n\r\n${body}`);
    };
    ask('reset');
    await expect.poll(() => answers.length).toBe(1);
    ask('reset');
    await expect.poll(() => answers.length).toBe(2);
    for (const answer of answers) expect([answer.status, answer.body.resource_response.data]).toEqual([200, { status: 'sent', type: 'reset' }]);
  });

  it('a body that does not arrive within its deadline is answered 408 in the envelope, and the connection closed', async () => {
    const { port, origin } = await listening({ bodyGraceMs: 50 });
    const request = slowRequest(port, jsonHead(origin, '/v3/sso/info/', 100), '{');
    const answer = await request.answer;
    expect(answer.status).toBe(408);
    expect(answer.body.resource_response.error).toMatchObject({ api_error_code: 240, http_status: 408 });
    expect(answer.headers.connection).toBe('close');
    await request.closed;
  });

  it('one client may have BODIES_PER_CLIENT bodies arriving at once; the next is told 429 with Retry-After', async () => {
    const { port, origin, base } = await listening({ bodiesPerClient: 2 });
    const body = JSON.stringify({ email: 'someone@x.test' });
    const first = [0, 1].map(() => slowRequest(port, jsonHead(origin, '/v3/sso/info/', body.length), body.slice(0, 1)));
    await barrier(base);
    const third = slowRequest(port, jsonHead(origin, '/v3/sso/info/', body.length), body.slice(0, 1));
    const refused = await third.answer;
    expect(refused.status).toBe(429);
    expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 241, data: { retry_after_seconds: 5 } });
    expect(refused.headers['retry-after']).toBe('5');
    expect(refused.headers.connection).toBe('close');
    await third.closed;
    // The two in progress are not harmed, and once they are done the client may send again.
    for (const request of first) request.socket.write(body.slice(1));
    for (const request of first) expect((await request.answer).status).toBe(200);
    const again = await fetch(`${base}/v3/sso/info/`, { method: 'POST', headers: { origin, 'content-type': 'application/json' }, body });
    expect(again.status).toBe(200);
  });

  it('a body larger than its route declares is refused by its Content-Length, unread', async () => {
    const { port, origin } = await listening({});
    const request = slowRequest(port, jsonHead(origin, '/v3/sso/info/', 10 * 1024 * 1024), '{');
    const answer = await request.answer;
    expect([answer.status, answer.body.resource_response.error.api_error_code, answer.headers.connection]).toEqual([413, 33, 'close']);
    await request.closed;
  });
});

describe('uploads before the session (an unauthenticated chunked upload was buffered whole before its 401)', () => {
  const uploadHead = (origin: string, cookie?: string) => [
    'POST /v3/media/uploads/ HTTP/1.1',
    'Host: 127.0.0.1',
    `Origin: ${origin}`,
    'Content-Type: application/octet-stream',
    'Transfer-Encoding: chunked',
    ...(cookie ? [`Cookie: ${cookie}`] : []),
  ];
  const chunk = (bytes: number) => Buffer.concat([Buffer.from(`${bytes.toString(16)}\r\n`), Buffer.alloc(bytes, 7), Buffer.from('\r\n')]);

  it('without a session cookie: 401 while the body is still coming, its rest never read, the connection closed', async () => {
    const { port, origin } = await listening({});
    // The body never ends: before the fix the answer waited for its end, holding every byte in memory.
    const request = slowRequest(port, uploadHead(origin), chunk(64 * 1024));
    const answer = await request.answer;
    expect(answer.status).toBe(401);
    expect(answer.body.resource_response.error).toMatchObject({ api_error_code: 7 });
    expect(answer.headers.connection).toBe('close');
    await request.closed;
  });

  it('a resource action for logged-in callers is refused the same way: no cookie, a 401 before its body', async () => {
    const { port, origin } = await listening({});
    const request = slowRequest(port, jsonHead(origin, '/resource/PinResource/create/', 1000), '{');
    const answer = await request.answer;
    expect([answer.status, answer.body.resource_response.error.api_error_code, answer.headers.connection]).toEqual([401, 7, 'close']);
    await request.closed;
  });

  it('with a session cookie that is not a live session: 401 from the route, the body unread, the connection closed', async () => {
    const { port, origin } = await listening({});
    const request = slowRequest(port, uploadHead(origin, 'cb_session=not-a-session'), chunk(64 * 1024));
    const answer = await request.answer;
    expect(answer.status).toBe(401);
    expect(answer.headers.connection).toBe('close');
    await request.closed;
  });
});

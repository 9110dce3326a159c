import { connect, type AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { bodyGuard } from './bodies.js';
import { declared, none, type Declaration } from './declare.js';
import { bodyText } from './node-request.js';

const servers: ServerType[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** `fetch` served by Node on a loopback port, as the product runs: its origin. */
async function listening(fetch: (request: Request, env?: unknown) => Response | Promise<Response>): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(`http://127.0.0.1:${info.port}`));
    servers.push(server);
  });
}

const echo = new Hono();
// The app's own guards, with a route that declares 64 bytes of body.
const small: Declaration = { caller: 'visitor', limit: none('a test'), body: 64 };
echo.use(
  '*',
  declared(() => () => small),
);
echo.use('*', bodyGuard({ hasSession: () => false, clientKey: () => 'one', perClient: 8, graceMs: 10_000 }));
echo.onError((error, c) => c.text(String(error), 500));
echo.post('/echo', async (c) => c.text(`[${await bodyText(c)}]`));
const origin = await listening(echo.fetch);

/** A body sent in chunks, with no Content-Length (Transfer-Encoding: chunked). */
const chunked = (...parts: string[]) => ({
  body: new ReadableStream({
    start: (controller) => {
      for (const part of parts) controller.enqueue(new TextEncoder().encode(part));
      controller.close();
    },
  }),
  duplex: 'half' as const,
});

describe('request bodies read from Node’s message (lib/node-request.ts)', () => {
  it('reads a body that declares its length, decoded as fetch’s text() (UTF-8, a leading BOM dropped)', async () => {
    for (const [sent, read] of [
      ['{"options":{"name":"Café ✓ 🍅"}}', '{"options":{"name":"Café ✓ 🍅"}}'],
      ['\uFEFF{"a":1}', '{"a":1}'],
      ['', ''],
    ]) {
      const res = await fetch(`${origin}/echo`, { method: 'POST', body: sent });
      expect([res.status, await res.text()]).toEqual([200, `[${read}]`]);
    }
    // The same through app.request, where there is no Node message.
    expect(await (await echo.request('/echo', { method: 'POST', body: '\uFEFFhé' })).text()).toBe('[hé]');
  });

  it('reads a body that came in the packet of its headers, as a small save does', async () => {
    const { port } = new URL(origin);
    for (const [sent, read] of <Array<[string, string]>>[
      ['{"options":{"name":"Café ✓ 🍅"}}', '{"options":{"name":"Café ✓ 🍅"}}'],
      ['\uFEFF{"a":1}', '{"a":1}'],
    ]) {
      const bytes = Buffer.from(sent);
      // One write: headers and body reach the parser together.
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = connect(Number(port), '127.0.0.1', () => {
          socket.end(
            Buffer.concat([Buffer.from(`POST /echo HTTP/1.1\r\nhost: localhost\r\ncontent-length: ${bytes.length}\r\nconnection: close\r\n\r\n`), bytes]),
          );
        });
        const got: Buffer[] = [];
        socket
          .on('data', (chunk) => got.push(chunk))
          .on('end', () => resolve(Buffer.concat(got).toString('utf8')))
          .on('error', reject);
      });
      expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 200 OK');
      expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe(`[${read}]`);
    }
  });

  it('reads a chunked body, and refuses one past the limit whether it declares its length or not', async () => {
    const res = await fetch(`${origin}/echo`, { method: 'POST', ...chunked('{"a":', '"b"}') });
    expect([res.status, await res.text()]).toEqual([200, '[{"a":"b"}]']);
    const byLength = await fetch(`${origin}/echo`, { method: 'POST', body: 'x'.repeat(65) });
    expect([byLength.status, (await byLength.json()).resource_response.error.api_error_code]).toEqual([413, 33]);
    const streamed = await fetch(`${origin}/echo`, { method: 'POST', ...chunked('x'.repeat(40), 'x'.repeat(40)) });
    expect([streamed.status, (await streamed.json()).resource_response.error.api_error_code]).toEqual([413, 33]);
  });

  it('serves a save on a real socket, and a bad JSON body is a clear 400', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const board = await t.makeBoard(user.id, 'Links');
    const server = await listening(t.app.fetch);
    const publicOrigin = t.deps.config.publicOrigin;
    const post = (path: string, body: string, cookie = '') =>
      fetch(`${server}${path}`, { method: 'POST', headers: { origin: publicOrigin, 'content-type': 'application/json', cookie }, body });
    const logIn = await post('/resource/UserSessionResource/create/', JSON.stringify({ options: { username_or_email: user.email, password: user.password } }));
    expect(logIn.status).toBe(200);
    const cookie = logIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ');
    const saved = await post(
      '/resource/PinResource/create/',
      JSON.stringify({ options: { board_id: board, link: 'https://publisher.example/socket', method: 'button' } }),
      cookie,
    );
    expect(saved.status).toBe(200);
    const { id } = (await saved.json()).resource_response.data;
    expect(await t.db.selectFrom('pins').select('link').where('id', '=', id).executeTakeFirst()).toEqual({ link: 'https://publisher.example/socket' });
    const bad = await post('/resource/PinResource/create/', '{"options":', cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).resource_response.error.message_detail).toBe('The request is not valid JSON.');
  });
});

import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import { Hono } from 'hono';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { bodyText, declaredBodyLimit } from './node-request.js';

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
echo.use('*', declaredBodyLimit(64, (c) => c.text('too large', 413)));
echo.post('/echo', async (c) => c.text(`[${await bodyText(c)}]`));
const origin = await listening(echo.fetch);

/** A body sent in chunks, with no Content-Length (Transfer-Encoding: chunked). */
const chunked = (...parts: string[]) => ({
  body: new ReadableStream({ start: (controller) => (parts.forEach((part) => controller.enqueue(new TextEncoder().encode(part))), controller.close()) }),
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

  it('reads a chunked body, and refuses one past the limit whether it declares its length or not', async () => {
    const res = await fetch(`${origin}/echo`, { method: 'POST', ...chunked('{"a":', '"b"}') });
    expect([res.status, await res.text()]).toEqual([200, '[{"a":"b"}]']);
    const declared = await fetch(`${origin}/echo`, { method: 'POST', body: 'x'.repeat(65) });
    expect([declared.status, await declared.text()]).toEqual([413, 'too large']);
    const streamed = await fetch(`${origin}/echo`, { method: 'POST', ...chunked('x'.repeat(40), 'x'.repeat(40)) });
    expect([streamed.status, await streamed.text()]).toEqual([413, 'too large']);
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
    const cookie = logIn.headers.getSetCookie().map((line) => line.split(';')[0]).join('; ');
    const saved = await post('/resource/PinResource/create/', JSON.stringify({ options: { board_id: board, link: 'https://publisher.example/socket', method: 'button' } }), cookie);
    expect(saved.status).toBe(200);
    const { id } = (await saved.json()).resource_response.data;
    expect(await t.db.selectFrom('pins').select('link').where('id', '=', id).executeTakeFirst()).toEqual({ link: 'https://publisher.example/socket' });
    const bad = await post('/resource/PinResource/create/', '{"options":', cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).resource_response.error.message_detail).toBe('The request is not valid JSON.');
  });
});

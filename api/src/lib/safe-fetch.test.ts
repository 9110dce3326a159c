import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from './errors.js';
import { checkOutbound, safeFetch, type Resolver } from './safe-fetch.js';

/**
 * Live requests against a fixture server on 127.0.0.1. Nothing here leaves loopback: names are
 * resolved by injected resolvers, and refused addresses are refused before any connection.
 */
let server: Server;
let port: number;
let origin: string;
const hits: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/page') return res.writeHead(200, { 'content-type': 'text/html' }).end('<title>hello</title>');
    if (url.pathname === '/to-loopback') return res.writeHead(302, { location: `http://localhost:${port}/secret` }).end();
    if (url.pathname === '/to-mapped') return res.writeHead(301, { location: `http://[::ffff:7f00:1]:${port}/secret` }).end();
    if (url.pathname === '/to-file') return res.writeHead(302, { location: 'file:///etc/passwd' }).end();
    if (url.pathname === '/relative') return res.writeHead(307, { location: '/page' }).end();
    if (url.pathname === '/loop') return res.writeHead(302, { location: '/loop' }).end();
    if (url.pathname === '/declared-big') return res.writeHead(200, { 'content-length': '5000' }).end('x'.repeat(5000));
    if (url.pathname === '/streamed-big') {
      res.writeHead(200);
      for (let i = 0; i < 10; i++) res.write('x'.repeat(1000));
      return res.end();
    }
    if (url.pathname === '/silent') return; // never answers
    res.writeHead(200).end('secret');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  port = (server.address() as AddressInfo).port;
  origin = `http://127.0.0.1:${port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});
beforeEach(() => {
  hits.length = 0;
});

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}

describe('safeFetch refuses loopback however it is spelled', () => {
  // Every refusal says the same: what a name resolved to, or which range a guess hit, is not told.
  it.each([
    ['127.0.0.1', () => `http://127.0.0.1:${port}/secret`],
    ['localhost', () => `http://localhost:${port}/secret`],
    ['[::1]', () => `http://[::1]:${port}/secret`],
    ['[::ffff:127.0.0.1]', () => `http://[::ffff:127.0.0.1]:${port}/secret`],
    ['2130706433', () => `http://2130706433:${port}/secret`],
    ['0x7f.1', () => `http://0x7f.1:${port}/secret`],
    ['0', () => `http://0:${port}/secret`],
  ])('%s', async (_, url) => {
    const error = await refusal(safeFetch(url()));
    expect(error.errorName).toBe('outbound_refused');
    expect(error.message).toBe('That address is not allowed.');
    expect(error.detail).toBeUndefined();
    expect(hits).toEqual([]);
  });

  it('a name that resolves to loopback, without saying what it resolved to', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const error = await refusal(safeFetch(`http://pins.example:${port}/secret`, { resolve }));
    expect(error.errorName).toBe('outbound_refused');
    expect(error.detail).toBeUndefined();
    expect(`${error.message} ${error.detail}`).not.toMatch(/127\.0\.0\.1|loopback/);
    expect(hits).toEqual([]);
  });

  it('a name with one public and one private answer', async () => {
    const resolve: Resolver = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.7', family: 4 },
    ];
    const error = await refusal(safeFetch(`http://mixed.example:${port}/secret`, { resolve }));
    expect(error.errorName).toBe('outbound_refused');
    expect(`${error.message} ${error.detail}`).not.toMatch(/10\.0\.0\.7|private/);
  });

  it('the address check alone (checkOutbound) says no more', async () => {
    const resolve: Resolver = async () => [{ address: '10.1.2.3', family: 4 }];
    const error = await refusal(checkOutbound('http://intranet.example/', { resolve }));
    expect(error.errorName).toBe('outbound_refused');
    expect(error.detail).toBeUndefined();
  });

  it('a redirect from an allowed page to loopback', async () => {
    const error = await refusal(safeFetch(`${origin}/to-loopback`, { allow: [origin] }));
    expect(error.errorName).toBe('outbound_refused');
    expect(error.detail).toBeUndefined();
    expect(hits).toEqual(['/to-loopback']);
  });

  it('a redirect from an allowed page to a mapped IPv6 loopback', async () => {
    const error = await refusal(safeFetch(`${origin}/to-mapped`, { allow: [origin] }));
    expect(error.errorName).toBe('outbound_refused');
    expect(hits).toEqual(['/to-mapped']);
  });

  it.each(['file:///etc/passwd', 'ftp://127.0.0.1/', 'gopher://x/', 'not a url', 'javascript:alert(1)'])('the scheme of %s', async (url) => {
    expect((await refusal(safeFetch(url))).errorName).toBe('outbound_refused');
  });

  it('a redirect to a file: URL', async () => {
    const error = await refusal(safeFetch(`${origin}/to-file`, { allow: [origin] }));
    expect(error.detail).toBe('Only http and https addresses can be fetched, not file:');
  });
});

describe('safeFetch on allowed origins', () => {
  it('fetches the page with status, final URL, headers and body', async () => {
    const res = await safeFetch(`${origin}/relative`, { allow: [origin], accept: 'text/html' });
    expect(res.status).toBe(200);
    expect(res.url).toBe(`${origin}/page`);
    expect(res.headers['content-type']).toBe('text/html');
    expect(res.body.toString()).toBe('<title>hello</title>');
    expect(hits).toEqual(['/relative', '/page']);
  });

  it('connects to the address its resolver gave, not to a second lookup', async () => {
    const resolve: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
    const res = await safeFetch(`http://fixture.test:${port}/page`, { allow: [`http://fixture.test:${port}`], resolve });
    expect(res.body.toString()).toBe('<title>hello</title>');
  });

  it('caps the body by its declared length and while streaming', async () => {
    const declared = await refusal(safeFetch(`${origin}/declared-big`, { allow: [origin], maxBytes: 1000 }));
    expect(declared.errorName).toBe('outbound_too_large');
    expect(declared.detail).toBe(`127.0.0.1:${port} sent 5000 bytes; the limit is 1000.`);
    const streamed = await refusal(safeFetch(`${origin}/streamed-big`, { allow: [origin], maxBytes: 2500 }));
    expect(streamed.errorName).toBe('outbound_too_large');
  });

  it('gives up on a server that does not answer', async () => {
    const error = await refusal(safeFetch(`${origin}/silent`, { allow: [origin], timeoutMs: 100 }));
    expect(error.errorName).toBe('outbound_failed');
    expect(error.detail).toBe(`127.0.0.1:${port} took too long to answer.`);
  });

  it('stops following endless redirects', async () => {
    const error = await refusal(safeFetch(`${origin}/loop`, { allow: [origin], maxRedirects: 3 }));
    expect(error.errorName).toBe('outbound_failed');
    expect(error.detail).toBe(`127.0.0.1:${port} redirected more than 3 times.`);
    expect(hits).toHaveLength(4);
  });

  it('says when nothing listens', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const free = (closed.address() as AddressInfo).port;
    await new Promise((done) => closed.close(done));
    const error = await refusal(safeFetch(`http://127.0.0.1:${free}/`, { allow: [`http://127.0.0.1:${free}`] }));
    expect(error.errorName).toBe('outbound_failed');
    expect(error.detail).toBe(`Could not reach 127.0.0.1:${free} (ECONNREFUSED).`);
  });
});

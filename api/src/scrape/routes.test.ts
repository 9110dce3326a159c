import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

/** FindPinImagesResource against a publisher fixture on 127.0.0.1, reachable only because the test allows its origin. */
let server: Server;
let origin: string;
const hits: string[] = [];
const article = readFileSync(new URL('./fixtures/article.html', import.meta.url));

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    if (req.url === '/article') return res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(article);
    if (req.url === '/moved') return res.writeHead(301, { location: '/article' }).end();
    if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end('jpeg');
    if (req.url === '/to-loopback') return res.writeHead(302, { location: `http://localhost:${(server.address() as AddressInfo).port}/article` }).end();
    if (req.url === '/feed') return res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => server.close());
beforeEach(() => {
  hits.length = 0;
});

const find = async (url: unknown, allow: string[] = [origin]) => {
  const t = await testApp({ config: { outboundAllow: allow } });
  return t.client().get('FindPinImagesResource', { url, scrape_metric: { source: 'popup' } });
};

describe('FindPinImagesResource get', () => {
  it('answers the pinnable items of the page, best first, following redirects', async () => {
    const res = await find(`${origin}/moved`);
    expect(res.status).toBe(200);
    const data = res.body.resource_response.data;
    expect(data.url).toBe(`${origin}/article`);
    expect(data.title).toBe('Lemon tart, the easy way');
    expect(data.items[0]).toEqual({ type: 'pinnable', url: 'https://cdn.example/marked.jpg', description: "The publisher's pick" });
    expect(data.items[1]).toEqual({ type: 'pinnable', url: `${origin}/img/og-tart.jpg`, width: 1200, height: 630 });
    expect(data.items.every((item: { type: string }) => item.type === 'pinnable')).toBe(true);
  });

  it('answers a link to an image with the image itself', async () => {
    const res = await find(`${origin}/photo.jpg`);
    expect(res.body.resource_response.data.items).toEqual([{ type: 'pinnable', url: `${origin}/photo.jpg` }]);
  });

  it('answers no items for what is not a page', async () => {
    expect((await find(`${origin}/feed`)).body.resource_response.data.items).toEqual([]);
  });

  it('works without a session', async () => {
    const t = await testApp({ config: { outboundAllow: [origin] } });
    expect((await t.client().get('FindPinImagesResource', { url: `${origin}/article` })).status).toBe(200);
  });

  it('refuses loopback when the origin is not allowed, without a request', async () => {
    const res = await find(`${origin}/article`, []);
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toEqual({
      api_error_code: 60,
      http_status: 400,
      message: 'That address is not allowed.',
    });
    expect(hits).toEqual([]);
  });

  it('refuses a redirect to loopback', async () => {
    const res = await find(`${origin}/to-loopback`);
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toEqual({ api_error_code: 60, http_status: 400, message: 'That address is not allowed.' });
    expect(hits).toEqual(['/to-loopback']);
  });

  it('says when the page is not there', async () => {
    const res = await find(`${origin}/gone`);
    expect(res.status).toBe(502);
    expect(res.body.resource_response.error).toMatchObject({
      api_error_code: 61,
      message: "We couldn't load that page.",
      message_detail: 'The page answered with status 404.',
    });
  });

  it.each([
    [undefined, 'url: Invalid input: expected string, received undefined'],
    ['ftp://files.example/x', 'url: Must be an http or https URL.'],
    ['javascript:alert(1)', 'url: Must be an http or https URL.'],
    ['not a url', 'url: Must be an http or https URL.'],
  ])('refuses %s as input', async (url, detail) => {
    const res = await find(url);
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 1, message_detail: detail });
    expect(hits).toEqual([]);
  });
});

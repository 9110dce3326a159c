import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

/**
 * A loopback host that holds every answer until told: an image finder call waiting on it is a request
 * the server is really working on (FindPinImagesResource reads the page before it answers; a save no
 * longer waits on its image, which the ingest queue fetches after the answer).
 */
const held: ServerResponse[] = [];
const png = await sharp({ create: { width: 300, height: 200, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();
const host = createServer((_req, res) => void held.push(res));
await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
const hostOrigin = `http://127.0.0.1:${(host.address() as AddressInfo).port}`;
const release = () => {
  for (const res of held.splice(0)) res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png);
};
afterAll(() => {
  release();
  host.close();
});

const until = async (condition: () => boolean) => {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('a server past its bound on in-flight API requests', () => {
  it('answers 503 overloaded with Retry-After at once, keeps pages, built files and /health, and takes work again once it frees up', async () => {
    const t = await testApp({ config: { maxInFlight: 2 } });
    t.deps.config.outboundAllow.push(hostOrigin);
    const user = await t.makeUser('busy');
    const board = await t.makeBoard(user.id, 'Recipes');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const find = (n: number) => browser.get('FindPinImagesResource', { url: `${hostOrigin}/${n}.png` });

    // Two image finder calls wait on the page they read: the bound is reached.
    const first = [find(1), find(2)];
    await until(() => held.length === 2);

    const shed = await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/3' });
    expect(shed.status).toBe(503);
    expect(shed.headers.get('retry-after')).toBe('1');
    expect(shed.body.resource_response.error).toMatchObject({ api_error_code: 150, http_status: 503, message: "We're very busy right now. Please try again in a moment.", data: { retry_after_seconds: 1 } });
    expect((await browser.get('BoardPickerBoardsResource', {})).status).toBe(503);
    // Nothing of the shed save was written.
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(0);

    // What is answered from memory is not counted.
    const health = await t.app.request('/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ resource_response: { data: { status: 'ok' } } });
    expect((await t.app.request('/js/pinit.js')).status).toBe(200);
    expect((await t.app.request('/pin/create/button/?url=x')).status).toBe(200);

    release();
    expect((await Promise.all(first)).map((res) => res.status)).toEqual([200, 200]);
    expect((await browser.post('PinResource', 'create', { board_id: board, link: 'https://publisher.example/4' })).status).toBe(200);
    expect(await t.db.selectFrom('pins').select('id').execute()).toHaveLength(1);
  });
});

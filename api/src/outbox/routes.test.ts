import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

/** What @hono/node-server hands the app for a request: the socket it came in on. */
const from = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });
/** `npm start`'s mode: the only one with an outbox page. */
const development = () => testApp({ config: { env: 'development' } });

describe('GET /dev/outbox', () => {
  it.each(['127.0.0.1', '127.0.0.2', '::1', '::ffff:127.0.0.1'])('is served to a loopback client (%s)', async (address) => {
    const t = await development();
    const res = await t.app.request('/dev/outbox', {}, from(address));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Dev outbox');
  });

  it.each(['192.168.1.20', '10.0.0.5', 'fe80::1', '203.0.113.9', '::ffff:192.168.1.20'])('is a 404 to a client on the network (%s)', async (address) => {
    const t = await development();
    const res = await t.app.request('/dev/outbox', {}, from(address));
    expect(res.status).toBe(404);
    expect((await res.json()).resource_response.error.api_error_code).toBeTypeOf('number');
  });

  it('is a 404 when the client address is unknown', async () => {
    const t = await development();
    expect((await t.app.request('/dev/outbox')).status).toBe(404);
  });

  it('is a 404 through a proxy, whose socket is loopback for everyone', async () => {
    const t = await development();
    for (const [name, value] of [
      ['x-forwarded-for', '192.168.1.20'],
      ['forwarded', 'for=192.168.1.20'],
      ['x-real-ip', '192.168.1.20'],
    ] as const) {
      expect((await t.app.request('/dev/outbox', { headers: { [name]: value } }, from('127.0.0.1'))).status).toBe(404);
    }
  });

  it('is a 404 to a page that rebinds its own host name to loopback', async () => {
    const t = await development();
    const res = await t.app.request('http://rebind.example:8787/dev/outbox', { headers: { host: 'rebind.example:8787' } }, from('127.0.0.1'));
    expect(res.status).toBe(404);
  });

  it.each(['production', 'test'] as const)('is a 404 outside development (%s), even to loopback', async (env) => {
    const t = await testApp({ config: { env } });
    expect((await t.app.request('/dev/outbox', {}, from('127.0.0.1'))).status).toBe(404);
  });
});

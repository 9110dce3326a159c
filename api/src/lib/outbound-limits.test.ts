import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { testApp, TEST_ORIGIN } from '../testing.js';
import { LIMITS, limitsFor } from './limits.js';
import { siteOf } from './outbound-limits.js';

describe('the site a fetch is counted against', () => {
  it('is the registrable name, so random subdomains are one target', () => {
    expect(siteOf('a.b.victim.example')).toBe('victim.example');
    expect(siteOf('VICTIM.example.')).toBe('victim.example');
    expect(siteOf('shop.co.uk')).toBe('shop.co.uk');
    expect(siteOf('www.shop.co.uk')).toBe('shop.co.uk');
    expect(siteOf('www.example.com.au')).toBe('example.com.au');
    expect(siteOf('127.0.0.1')).toBe('127.0.0.1');
    expect(siteOf('[2001:db8:1:2::5]')).toBe('2001:db8:1:2::/64');
  });
});

/** The outbound fetches a visitor can trigger have a per-client and a per-target limit. */
describe('outbound fetches a caller names', () => {
  it('the image finder (open to visitors): 429 code 270 past a client’s share, 429 code 271 past a site’s, over every client', async () => {
    const t = await testApp({ config: { outboundAllow: [] } });
    const find = (address: string, url: string) => t.client({ address }).get('FindPinImagesResource', { url });
    // Refused addresses answer at once, without a packet; they count all the same.
    for (let i = 0; i < LIMITS.findImagesAddress.points; i++) expect((await find('198.51.100.1', `http://10.0.${i >> 8}.${i & 255}/`)).status).toBe(400);
    const limited = await find('198.51.100.1', 'http://10.9.9.9/');
    expect(limited.body.resource_response.error).toMatchObject({
      api_error_code: 270,
      http_status: 429,
      message: "You're asking us to load a lot of pages. Try again in a little while.",
    });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    // One site asked for by many clients (random subdomains are one site).
    for (let i = 0; i < LIMITS.outboundSite.points; i++) await find(`203.0.113.${i % 200}`, `http://host${i}.victim.localhost/`);
    const target = await find('192.0.2.50', 'http://another.victim.localhost/');
    expect(target.body.resource_response.error).toMatchObject({ api_error_code: 271, http_status: 429 });
    // The refusal counted nothing against that client: another site still answers it.
    expect((await find('192.0.2.50', 'http://10.1.1.1/')).body.resource_response.error).toMatchObject({ api_error_code: 60 });
  });

  it('PUT /v3/pins/image/: 429 code 270 past a client’s share', async () => {
    const t = await testApp({ config: { outboundAllow: [] } });
    const user = await t.makeUser('imager');
    const browser = t.client({ address: '198.51.100.2' });
    await browser.logIn(user.email, user.password);
    const put = (url: string) =>
      browser.send('/v3/pins/image/', {
        method: 'PUT',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify({ image_url: url }),
      });
    for (let i = 0; i < LIMITS.imageUrlAddress.points; i++) expect((await put(`http://10.2.${i >> 8}.${i & 255}/x.png`)).status).toBe(400);
    expect((await put('http://10.9.9.9/x.png')).body.resource_response.error).toMatchObject({ api_error_code: 270, http_status: 429 });
  });
});

describe('a redirect to another site', () => {
  it('is counted against that site’s share too: a chain of redirectors cannot aim the server at a site past its limit', async () => {
    // A redirector on 127.0.0.1 that sends every fetch on to a page on localhost: two sites to the limits.
    const server = createServer((req, res) => {
      if (req.url === '/go') res.writeHead(302, { location: `http://localhost:${port}/page` }).end();
      else if (req.url === '/back') res.writeHead(302, { location: `http://127.0.0.1:${port}/page` }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Page</title></head><body></body></html>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    try {
      const t = await testApp({ config: { outboundAllow: [`http://127.0.0.1:${port}`, `http://localhost:${port}`] } });
      const limits = limitsFor(t.deps);
      const find = (url: string) => t.client({ address: '198.51.100.7' }).get('FindPinImagesResource', { url });
      const used = async (site: string) => (await limits.usage('outboundSite', site)).used;

      expect((await find(`http://127.0.0.1:${port}/go`)).status).toBe(200);
      expect([await used('127.0.0.1'), await used('localhost')]).toEqual([1, 1]);
      // A chain back to the site already counted costs nothing more.
      expect((await find(`http://127.0.0.1:${port}/back`)).status).toBe(200);
      expect([await used('127.0.0.1'), await used('localhost')]).toEqual([2, 1]);

      // The page's site has used its share (other clients' fetches): the redirect to it is refused.
      await limits.take('outboundSite', 'localhost', LIMITS.outboundSite.points - 1);
      const refused = await find(`http://127.0.0.1:${port}/go`);
      expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 271, http_status: 429 });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

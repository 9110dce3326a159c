import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITS } from '../../lib/limits.js';
import { socketEnv, testApp, TEST_ORIGIN, type TestApp } from '../../testing.js';
import { buildPayload } from '../rules/promote.js';
import { runAdvertiserAdmin } from '../../operators/commands/advertisers.js';
import { offsiteService } from './service.js';

/**
 * Issue 25's holes in the offsite link and the ad numbers: a click is billed only for a person's click
 * on our own page (Fetch Metadata), impressions are bounded per viewer and per address, a pin's link is
 * followed only when the check passes it (the whole chain judged), and checks are limited per client.
 */
let server: Server;
let origin = '';
beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/to-blocked') res.writeHead(302, { location: 'http://www.blocked.example/deal' }).end();
    else if (req.url === '/to-numeric') res.writeHead(302, { location: 'http://93.184.216.34:8080/x' }).end();
    else if (req.url === '/file')
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-disposition': 'attachment; filename="setup.exe"' }).end('MZ');
    else res.writeHead(200, { 'content-type': 'text/html' }).end('<title>Shop</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A pin linking to `link`, promoted by its pinner's business (10 USD a day, 0.10 a click). */
async function promoted(link = `${origin}/shop`) {
  const t = await testApp({ config: { outboundAllow: [origin] } });
  const pinner = await t.makeUser('shopkeeper');
  const owner = t.client();
  await owner.logIn(pinner.email, pinner.password);
  const board = await t.makeBoard(pinner.id, 'Shop');
  const pin = (await owner.post('PinResource', 'create', { board_id: board, link, color: '#aabbcc', method: 'button' })).body.resource_response.data
    .id as string;
  const advertiserId = (await owner.post('BusinessConvertResource', 'create', { business_name: 'Shop', country: 'US' })).body.resource_response.data
    .advertiser_id as string;
  await owner.post('AdvertiserBusinessProfileResource', 'create', {
    advertiser_id: advertiserId,
    business_name: 'Shop',
    address_line: '1 Main St',
    city: 'Springfield',
    postal_code: '12345',
    country: 'US',
  });
  await owner.post('AdvertiserBillingProfileResource', 'create', {
    advertiser_id: advertiserId,
    card_holder: 'Lena',
    card_number: '4242424242424242',
    expiry: '12/30',
  });
  const payload = buildPayload(
    {
      name: 'Shop',
      destination_url: link,
      budget: '10',
      duration: '10',
      inclusive_end_date: '',
      is_ongoing: true,
      advertiser_id: advertiserId,
      ages: [],
      interests: [],
      genders: [],
      ad_type: 'CONSIDERATION',
      selected_ocpm_tag: null,
      isAutoTargeting: true,
    },
    pin,
  );
  await owner.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify(payload),
  });
  const report = async () => {
    const row = (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0];
    return { impressions: row.impressions, clicks: row.clicks, spend: row.spend };
  };
  return { t, pin, link, report };
}

/** What a browser sends for a person's click on a link of one of our pages. */
const OWN_PAGE_CLICK = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };
/** What a browser sends for another site's <img src=…>. */
const CROSS_SITE_IMAGE = { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' };
/** Another site's link clicked (or a mail's: 'none'). */
const CROSS_SITE_LINK = { ...OWN_PAGE_CLICK, 'sec-fetch-site': 'cross-site' };

const visit = (t: TestApp, path: string, headers: Record<string, string>, address = '198.51.100.7') => t.app.request(path, { headers }, socketEnv(address));

describe('a click on a promoted pin’s link', () => {
  it('is billed only for a person’s click on our own page, which is forwarded to the link; no image, fetch or other site’s link bills', async () => {
    const { t, pin, link, report } = await promoted();
    const page = `/offsite/?url=${encodeURIComponent(link)}&pin_id=${pin}`;
    // Another site's <img src=/v3/offsite/?pin_id=…> and <img src=/offsite/?…>, another site's link, a request without the headers,
    // and our own page's check (a same-origin fetch): none of them is a click.
    await visit(t, `/v3/offsite/?pin_id=${pin}`, CROSS_SITE_IMAGE);
    await visit(t, `/v3/offsite/?pin_id=${pin}&check_only=true`, { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' });
    for (const headers of [CROSS_SITE_IMAGE, CROSS_SITE_LINK, { ...OWN_PAGE_CLICK, 'sec-fetch-site': 'none' }, {}]) {
      const res = await visit(t, page, headers);
      // Not forwarded: the page shows where the link goes and asks.
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="app"></div>');
    }
    expect(await report()).toEqual({ impressions: 0, clicks: 0, spend: 0 });

    const res = await visit(t, page, OWN_PAGE_CLICK);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe(link);
    expect(await report()).toEqual({ impressions: 0, clicks: 1, spend: 0.1 });
    // The spec's `pin` works as pin_id does; the same viewer's second click that day costs nothing more.
    expect((await visit(t, `/offsite/?pin=${pin}`, OWN_PAGE_CLICK)).status).toBe(302);
    expect(await report()).toEqual({ impressions: 0, clicks: 1, spend: 0.1 });
    // Safari sends no Sec-Fetch-User: its click counts too.
    const { 'sec-fetch-user': _, ...safari } = OWN_PAGE_CLICK;
    expect((await visit(t, page, safari, '198.51.100.8')).status).toBe(302);
    expect(await report()).toEqual({ impressions: 0, clicks: 2, spend: 0.2 });
  });

  it('is not forwarded for a link the pin does not carry, nor for a pin the viewer cannot read', async () => {
    const { t, pin, report } = await promoted();
    expect((await visit(t, `/offsite/?url=${encodeURIComponent('https://evil.example/login')}&pin_id=${pin}`, OWN_PAGE_CLICK)).status).toBe(200);
    expect((await visit(t, `/offsite/?pin_id=999999`, OWN_PAGE_CLICK)).status).toBe(200);
    expect((await visit(t, `/offsite/?url=${encodeURIComponent('https://evil.example/login')}`, OWN_PAGE_CLICK)).status).toBe(200);
    expect(await report()).toMatchObject({ clicks: 0 });
  });
});

describe('a pin’s link the check does not pass is not followed', () => {
  const notFollowed = async (link: string) => {
    const { t, pin, report } = await promoted(link);
    const res = await visit(t, `/offsite/?url=${encodeURIComponent(link)}&pin_id=${pin}`, OWN_PAGE_CLICK);
    expect(res.status, link).toBe(200);
    expect(await report()).toMatchObject({ clicks: 0, spend: 0 });
    return (await t.client().send(`/v3/offsite/?pin_id=${pin}&check_only=true`)).body.resource_response;
  };

  it('judges where the chain lands: a redirect to a listed host is that host’s status', async () => {
    const { t } = await promoted();
    await runAdvertiserAdmin(t.deps, ['offsite-host', 'blocked.example', 'blocked']);
    // An attacker's own pin, whose link redirects to a blocked host.
    const attacker = await t.makeUser('attacker');
    const browser = t.client();
    await browser.logIn(attacker.email, attacker.password);
    const board = await t.makeBoard(attacker.id, 'Mine');
    const pin = (await browser.post('PinResource', 'create', { board_id: board, link: `${origin}/to-blocked`, color: '#aabbcc', method: 'button' })).body
      .resource_response.data.id as string;
    // The link's own host is an allowed one; the host it redirects to is blocked (and can't be reached here).
    expect((await visit(t, `/offsite/?pin_id=${pin}`, OWN_PAGE_CLICK)).status).toBe(200);
    expect((await t.client().send(`/v3/offsite/?pin_id=${pin}`)).body.resource_response.data).toEqual({
      redirect_status: 'blocked',
      url: 'http://www.blocked.example/deal',
    });
  });

  it('judges the shape of every URL on the way and what the landing is', async () => {
    expect((await notFollowed(`${origin}/to-numeric`)).data).toEqual({
      redirect_status: 'suspicious',
      url: 'http://93.184.216.34:8080/x',
      reason: 'numeric_host',
    });
    expect((await notFollowed(`${origin}/file`)).data).toEqual({ redirect_status: 'suspicious', url: `${origin}/file`, reason: 'download' });
  });

  it('refuses a link to an address the outbound rules refuse, and does not follow one the check could not reach', async () => {
    expect((await notFollowed('http://10.0.0.7/router')).error).toMatchObject({ api_error_code: 60, message: 'That address is not allowed.' });
    expect((await notFollowed('http://shop.invalid/')).error).toMatchObject({ api_error_code: 61 });
  });
});

describe('the suspicious rules without a fetch', () => {
  it('marks credentials, a bare IP, an odd port and a look-alike name before fetching anything', async () => {
    const t = await testApp();
    const asked: string[] = [];
    const service = offsiteService(t.deps, async (host) => (asked.push(host), [{ address: '93.184.216.34', family: 4 }]));
    expect(await service.check('https://shop.example@evil.example/login')).toMatchObject({ redirect_status: 'suspicious', reason: 'credentials' });
    expect(await service.check('http://93.184.216.34/')).toMatchObject({ redirect_status: 'suspicious', reason: 'numeric_host' });
    expect(await service.check('https://shop.example:8443/')).toMatchObject({ redirect_status: 'suspicious', reason: 'port' });
    // "аpple.com" with a Cyrillic а, and a name spelled wholly in Cyrillic look-alikes.
    expect(await service.check('https://\u0430pple.com/')).toMatchObject({ redirect_status: 'suspicious', reason: 'lookalike' });
    expect(await service.check('https://\u0430\u0440\u0440\u04cf\u0435.com/')).toMatchObject({ redirect_status: 'suspicious', reason: 'lookalike' });
    // Only names were looked up (their addresses checked), no page was fetched: every answer above came before a connection.
    expect(asked.every((h) => !/^\d/.test(h))).toBe(true);
  });
});

describe('impressions of a promoted pin', () => {
  it('count once per viewer a day, and at most LIMITS.adEventsAddress from one address over every account there', async () => {
    const { t, pin, report } = await promoted();
    const visitor = t.client({ address: '203.0.113.5' });
    for (let i = 0; i < 5; i++) await visitor.get('PinAdLabelsResource', { pin_id: pin });
    expect(await report()).toMatchObject({ impressions: 1 });
    // A farm of accounts behind one address.
    const farm = LIMITS.adEventsAddress.points + 5;
    for (let i = 0; i < farm; i++) {
      const user = await t.makeUser(`viewer${i}`);
      const browser = t.client({ address: '192.0.2.99' });
      await browser.logIn(user.email, user.password);
      await browser.get('PinAdLabelsResource', { pin_id: pin });
      await browser.get('PinAdLabelsResource', { pin_id: pin });
    }
    expect(await report()).toMatchObject({ impressions: 1 + LIMITS.adEventsAddress.points });
    // The next day each viewer counts again.
    t.clock.advance(86_400_000);
    await visitor.get('PinAdLabelsResource', { pin_id: pin });
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    const day = await t.db.selectFrom('campaign_metrics').select('impressions').where('day', '=', today).executeTakeFirstOrThrow();
    expect(Number(day.impressions)).toBe(1);
  });
});

describe('checks of a pin’s own link', () => {
  it('are limited per client (429 code 206) and per site (429 code 271): anyone can put any link on a pin of their own', async () => {
    const { t, pin } = await promoted('http://10.0.0.7/x');
    const visitor = t.client({ address: '203.0.113.9' });
    for (let i = 0; i < LIMITS.offsitePinAddress.points; i++) expect((await visitor.send(`/v3/offsite/?pin_id=${pin}`)).status).not.toBe(429);
    const refused = await visitor.send(`/v3/offsite/?pin_id=${pin}`);
    expect(refused.body.resource_response.error).toMatchObject({ api_error_code: 206, http_status: 429 });
    // Another client is not held back by this one's share, but by the target's: that site was asked for
    // LIMITS.outboundSite times in its window, over every client (429 code 271); another site still answers.
    const other = t.client({ address: '203.0.113.10' });
    expect(LIMITS.outboundSite.points).toBeLessThanOrEqual(LIMITS.offsitePinAddress.points);
    expect((await other.send(`/v3/offsite/?pin_id=${pin}`)).body.resource_response.error).toMatchObject({ api_error_code: 271, http_status: 429 });
    expect((await other.send(`/v3/offsite/?url=${encodeURIComponent('http://10.0.0.8/')}`)).body.resource_response.error).toMatchObject({ api_error_code: 60 });
  });
});

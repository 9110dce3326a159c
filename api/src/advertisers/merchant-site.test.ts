import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { runAdvertiserAdmin } from '../operators/commands/advertisers.js';
import { buildPayload } from './rules/promote.js';
import { TEST_ORIGIN, type TestApp } from '../testing.js';
import { VALUES, DAY, setup, err, type Client } from './testing.js';

describe('the merchant id: claim the website, verify it', () => {
  let server: Server;
  let origin = '';
  let page = '<html><head><title>Shop</title></head></html>';
  /** How many times the site was read. */
  let reads = 0;
  beforeAll(async () => {
    server = createServer((_req, res) => {
      reads += 1;
      res.writeHead(200, { 'content-type': 'text/html' }).end(page);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('gives a token, refuses a site without it, and with it earns the merchant id the profile and pins show', async () => {
    const { t, owner, pin, advertiserId, stranger } = await setup({ config: { outboundAllow: [] } });
    t.deps.config.outboundAllow.push(origin);
    expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))?.api_error_code).toBe(192);
    expect(
      err(await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: 'javascript:alert(1)' }))?.http_status,
    ).toBe(400);
    expect(err(await stranger.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId }))?.api_error_code).toBe(180);
    const claim = (await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${origin}/` })).body.resource_response
      .data;
    expect(claim).toMatchObject({
      website_url: `${origin}/`,
      merchant_id: null,
      meta_tag: `<meta name="corkboard-site-verification" content="${claim.token}">`,
    });

    expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({ api_error_code: 193 });
    page = `<html><head>${claim.meta_tag}</head></html>`;
    const verified = (await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(verified).toMatchObject({ verified: true, merchant_id: expect.stringMatching(/^\d{18}$/) });
    expect((await owner.send('/vx/business_access/profiles/')).body.resource_response.data[0].user).toMatchObject({
      merchantId: verified.merchant_id,
      eligibleForStlTool: true,
    });
    expect((await t.client().get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.is_verified_merchant).toBe(true);
    expect((await owner.get('AdvertiserResource', { advertiser_id: advertiserId })).body.resource_response.data).toMatchObject({
      merchant_id: verified.merchant_id,
      merchant_claim_pending: false,
    });
  });

  it('reads the site at most 30 times an hour for one client: then a clear refusal, and the site is not read', async () => {
    const { t, owner, advertiserId } = await setup({ config: { outboundAllow: [] } });
    t.deps.config.outboundAllow.push(origin);
    await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${origin}/` });
    const before = reads;
    for (let i = 0; i < 30; i++)
      expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))?.api_error_code).toBe(193);
    expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({
      api_error_code: 270,
      http_status: 429,
    });
    expect(reads - before).toBe(30);
  });

  it('reads the tag on the site’s home page only: a page of the site a user controls (or a redirect away) claims nothing', async () => {
    const { t, owner, advertiserId } = await setup({ config: { outboundAllow: [] } });
    let token = '';
    let rootRedirects = false;
    // A shared host: its home page is the owner's, /u/eve/ is a user's page that carries the tag; then the home page redirects off the host.
    const shared = createServer((req, res) => {
      if (req.url === '/' && rootRedirects) return res.writeHead(302, { location: `${origin}/` }).end();
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end(req.url === '/' ? '<html><head></head></html>' : `<html><head><meta name="corkboard-site-verification" content="${token}"></head></html>`);
    });
    await new Promise<void>((resolve) => shared.listen(0, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${(shared.address() as AddressInfo).port}`;
    t.deps.config.outboundAllow.push(host, origin);
    try {
      token = (await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${host}/u/eve/` })).body.resource_response
        .data.token;
      page = `<html><head><meta name="corkboard-site-verification" content="${token}"></head></html>`;
      expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({ api_error_code: 193 });
      rootRedirects = true;
      token = (await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${host}/` })).body.resource_response.data
        .token;
      page = `<html><head><meta name="corkboard-site-verification" content="${token}"></head></html>`;
      expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({ api_error_code: 193 });
      expect((await owner.get('AdvertiserResource', { advertiser_id: advertiserId })).body.resource_response.data.merchant_id).toBeNull();
    } finally {
      page = '<html><head><title>Shop</title></head></html>';
      await new Promise<void>((resolve) => shared.close(() => resolve()));
    }
  });

  /** A person's click on the pin page's link to /offsite/ (what a browser sends for it), signed in with `cookie` or not. */
  const follow = (t: TestApp, link: string, pin: string, cookie?: string) =>
    t.app.request(`/offsite/?url=${encodeURIComponent(link)}&pin_id=${pin}`, {
      headers: {
        'sec-fetch-site': 'same-origin',
        'sec-fetch-mode': 'navigate',
        'sec-fetch-dest': 'document',
        'sec-fetch-user': '?1',
        ...(cookie ? { cookie } : {}),
      },
    });

  /** A pin linking to the local shop page, promoted by a business with its profile and billing. */
  async function promotedShopPin(t: TestApp, owner: Client, advertiserId: string) {
    t.deps.config.outboundAllow.push(origin);
    const board = await t.makeBoard(
      (await t.db.selectFrom('advertisers').select('owner_user_id').where('id', '=', advertiserId).executeTakeFirstOrThrow()).owner_user_id,
      'Shop',
    );
    const pin = (await owner.post('PinResource', 'create', { board_id: board, link: `${origin}/shop`, color: '#aabbcc', method: 'button' })).body
      .resource_response.data.id as string;
    await owner.post('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiserId,
      business_name: 'Lemon Bakery',
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
    await owner.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin)),
    });
    return pin;
  }

  it('counts a click when the pin’s own link is followed through /offsite/ from our page, and not another link nor the check', async () => {
    const { t, owner, advertiserId } = await setup({ config: { outboundAllow: [] } });
    const pin = await promotedShopPin(t, owner, advertiserId);
    const visitor = t.client();
    // The check (/v3/offsite/) answers, and bills nothing: a click is a person's click on our page (offsite/abuse.test.ts).
    expect(
      (await visitor.send(`/v3/offsite/?url=${encodeURIComponent(`${origin}/shop`)}&pin_id=${pin}&check_only=true`)).body.resource_response.data,
    ).toMatchObject({ redirect_status: 'ok' });
    expect((await follow(t, `${origin}/elsewhere`, pin)).status).toBe(200);
    expect((await visitor.send(`/v3/offsite/?pin_id=abc`)).status).toBe(400);
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0]).toMatchObject({
      clicks: 0,
      spend: 0,
    });
    const followed = await follow(t, `${origin}/shop`, pin);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`${origin}/shop`);
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0]).toMatchObject({
      clicks: 1,
      spend: 0.1,
    });
  });

  it('counts one click a day per viewer: the same visitor (or account) following the link again spends nothing more', async () => {
    const { t, owner, advertiserId, stranger } = await setup({ config: { outboundAllow: [] } });
    const pin = await promotedShopPin(t, owner, advertiserId);
    const click = (who: Client | null) => follow(t, `${origin}/shop`, pin, who?.cookie);
    const report = async () => (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0];
    // A competitor replaying the click would drain the day's budget a cent at a time; it is still followed.
    for (let i = 0; i < 5; i++) expect((await click(null)).status).toBe(302);
    expect(await report()).toMatchObject({ clicks: 1, spend: 0.1 });
    await click(stranger);
    await click(stranger);
    expect(await report()).toMatchObject({ clicks: 2, spend: 0.2 });
    // The next day the same visitor's click counts again.
    t.clock.advance(DAY);
    await click(null);
    await click(null);
    expect(
      (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, start_date: new Date(t.clock.now()).toISOString().slice(0, 10) })).body
        .resource_response.data[0],
    ).toMatchObject({ clicks: 1 });
  });

  it('an operator verifies without the website, and sets the quick promote reading per advertiser', async () => {
    const { t, owner, advertiserId } = await setup();
    expect((await owner.get('AdvertiserResource', { advertiser_id: advertiserId })).body.resource_response.data.quick_promote_steps).toBe('short');
    expect(await runAdvertiserAdmin(t.deps, ['advertiser-steps', advertiserId, 'full'])).toContain('full');
    expect((await owner.get('AdvertiserResource', { advertiser_id: advertiserId })).body.resource_response.data.quick_promote_steps).toBe('full');
    await expect(runAdvertiserAdmin(t.deps, ['advertiser-steps', advertiserId, 'long'])).rejects.toThrow();
    expect(await runAdvertiserAdmin(t.deps, ['merchant-verify', advertiserId])).toMatch(/is merchant \d{18}$/);
    expect(err(await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: 'https://new.example/' }))).toBeUndefined();
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, TEST_ORIGIN, type TestApp } from '../testing.js';
import { adEvents } from './campaigns/events.js';
import { runAdvertiserAdmin } from './operator.js';
import { buildPayload, type QuickPromoteValues } from './rules/promote.js';

/** The advertiser area, continued: targeting and web conversion, edits, reports from ad events, paid partnerships, the merchant id. */
const VALUES: QuickPromoteValues = {
  name: 'Lemon tart', destination_url: 'https://bakery.example/tart', budget: '10', duration: '10', inclusive_end_date: '', is_ongoing: true,
  advertiser_id: '', ages: [], interests: [], genders: [], ad_type: 'CONSIDERATION', selected_ocpm_tag: null, isAutoTargeting: true,
};
const DAY = 86_400_000;
type Client = ReturnType<TestApp['client']>;
type Answer = { body: { resource_response: { error?: { api_error_code: number; http_status: number; message: string; message_detail?: string } } } };

async function setup(config: Parameters<typeof testApp>[0] = {}) {
  const t = await testApp(config);
  const pinner = await t.makeUser('pinner');
  const owner = t.client();
  await owner.logIn(pinner.email, pinner.password);
  const board = await t.makeBoard(pinner.id, 'Bakes');
  const pin = (await owner.post('PinResource', 'create', { board_id: board, link: 'https://bakery.example/tart', color: '#aabbcc', method: 'button' })).body.resource_response.data.id as string;
  const advertiserId = (await owner.post('BusinessConvertResource', 'create', { business_name: 'Lemon Bakery', website_url: 'https://bakery.example/', country: 'US' })).body.resource_response.data.advertiser_id as string;
  const send = (body: unknown, who: Client = owner, pinId = pin) =>
    who.send(`/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`, { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const stranger = t.client();
  const other = await t.makeUser('other');
  await stranger.logIn(other.email, other.password);
  return { t, pinner, owner, pin, advertiserId, send, stranger, other };
}
const err = (res: Answer) => res.body.resource_response.error;

describe('targeting and web conversion in quick promote', () => {
  it('stores ages, interests and genders, and the conversion tag of a web-conversion ad, and shows them in the ad group report', async () => {
    const { owner, advertiserId, send } = await setup();
    const tag = (await owner.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: advertiserId, name: 'Checkout page' })).body.resource_response.data;
    expect((await owner.get('AdvertiserConversionTagsResource', { advertiser_id: advertiserId })).body.resource_response.data).toEqual([expect.objectContaining({ id: tag.id, name: 'Checkout page' })]);
    const payload = buildPayload({ ...VALUES, advertiser_id: advertiserId, ages: ['25-34', '65+'], interests: ['home_decor'], genders: ['female'], ad_type: 'WEB_CONVERSION', selected_ocpm_tag: { conversionTagId: tag.id, conversionEvent: 'CHECKOUT' }, isAutoTargeting: false }, null);
    const res = await send({ ...payload, pin_id: undefined });
    expect(res.status).toBe(200);
    const groups = (await owner.get('AdvertiserAdGroupsResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(groups).toEqual([
      expect.objectContaining({
        objective_type: 'WEB_CONVERSION',
        auto_targeting: false,
        targeting_spec: { GENDER: ['female'], AGE_BUCKET: ['25-34', '65+'], INTEREST: ['home_decor'] },
        optimization_goal_metadata: { conversion_tag_v3_goal_metadata: { conversion_tag_id: tag.id, conversion_event: 'CHECKOUT' } },
      }),
    ]);
  });

  it('refuses targeting outside the lists, a web-conversion ad without its tag, and another advertiser’s tag, writing nothing', async () => {
    const { t, owner, advertiserId, send, stranger } = await setup();
    const base = buildPayload({ ...VALUES, advertiser_id: advertiserId }, null);
    const bad = [
      { ...base, targeting_spec: { GENDER: ['female'], AGE_BUCKET: ['12-17'] } },
      { ...base, targeting_spec: { GENDER: ['female'], INTEREST: ['gambling'] } },
      { ...base, targeting_spec: { GENDER: [] } },
      { ...base, targeting_spec: { GENDER: ['female'], COUNTRY: ['US'] } },
      { ...base, objective_type: 'WEB_CONVERSION' },
      { ...base, optimization_goal_metadata: { conversion_tag_v3_goal_metadata: { conversion_tag_id: '123', conversion_event: 'CHECKOUT' } } },
      { ...base, objective_type: 'WEB_CONVERSION', optimization_goal_metadata: { conversion_tag_v3_goal_metadata: { conversion_tag_id: '123', conversion_event: 'DANCE' } } },
    ];
    for (const body of bad) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(err(res)?.message).toBeTruthy();
    }
    const strangerBiz = (await stranger.post('BusinessConvertResource', 'create', { business_name: 'Other', country: 'US' })).body.resource_response.data.advertiser_id;
    const theirTag = (await stranger.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: strangerBiz, name: 'Theirs' })).body.resource_response.data.id;
    const foreign = await send({ ...base, objective_type: 'WEB_CONVERSION', optimization_goal_metadata: { conversion_tag_v3_goal_metadata: { conversion_tag_id: theirTag, conversion_event: 'CHECKOUT' } } });
    expect(err(foreign)).toMatchObject({ api_error_code: 188, http_status: 404 });
    expect(await t.db.selectFrom('campaigns').select('id').where('advertiser_id', '=', advertiserId).execute()).toEqual([]);
    // Tags: a name is needed, and a stranger's business is missing to them.
    expect(err(await owner.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: advertiserId, name: ' ' }))?.http_status).toBe(400);
    expect(err(await stranger.get('AdvertiserConversionTagsResource', { advertiser_id: advertiserId }))?.api_error_code).toBe(180);
  });
});

describe('campaign edits (AdvertiserCampaignResource update)', () => {
  it('pauses and runs, changes budget and dates, and refuses what breaks the rules', async () => {
    const { owner, advertiserId, send, stranger } = await setup();
    await owner.post('AdvertiserBusinessProfileResource', 'create', { advertiser_id: advertiserId, business_name: 'Lemon Bakery', address_line: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' });
    const waiting = (await send(buildPayload({ ...VALUES, advertiser_id: advertiserId }, null))).body.resource_response.data.campaign_id;
    const update = (change: object, who: Client = owner) => who.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: waiting, ...change });
    expect(err(await update({ status: 'ACTIVE' }))).toMatchObject({ api_error_code: 184, message_detail: 'Add billing to start this campaign.' });
    await owner.post('AdvertiserBillingProfileResource', 'create', { advertiser_id: advertiserId, card_holder: 'Lena', card_number: '4242424242424242', expiry: '12/30' });
    expect((await update({ status: 'PAUSED' })).body.resource_response.data).toMatchObject({ status: 'PAUSED' });
    expect((await update({ status: 'ACTIVE', daily_budget: 20.5 })).body.resource_response.data).toMatchObject({ status: 'ACTIVE', daily_budget: 20.5 });
    expect((await update({ inclusive_end_date: '2026-02-01' })).body.resource_response.data).toMatchObject({ is_ongoing: false, end_date: '2026-02-01' });
    expect((await update({ is_ongoing: true })).body.resource_response.data).toMatchObject({ is_ongoing: true, end_date: null });

    expect(err(await update({ daily_budget: 2 }))).toMatchObject({ api_error_code: 182 });
    expect(err(await update({ inclusive_end_date: '2025-12-31' }))?.http_status).toBe(400);
    expect(err(await update({ inclusive_end_date: '2026-02-30' }))?.http_status).toBe(400);
    expect(err(await update({ is_ongoing: true, inclusive_end_date: '2026-03-01' }))?.http_status).toBe(400);
    expect(err(await update({ status: 'DELETED' }))?.http_status).toBe(400);
    expect(err(await update({ daily_budget: 'lots' }))?.http_status).toBe(400);
    expect(err(await update({}, stranger))?.api_error_code).toBe(180);
    expect(err(await owner.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: '123456', status: 'PAUSED' }))?.api_error_code).toBe(186);
  });
});

describe('reports from recorded ad events', () => {
  it('counts a visitor’s view of a promoted pin and a click through the offsite check, by day, with spend capped by the daily budget', async () => {
    const { t, owner, pin, advertiserId, send, stranger } = await setup();
    await owner.post('AdvertiserBusinessProfileResource', 'create', { advertiser_id: advertiserId, business_name: 'Lemon Bakery', address_line: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' });
    await owner.post('AdvertiserBillingProfileResource', 'create', { advertiser_id: advertiserId, card_holder: 'Lena', card_number: '4242424242424242', expiry: '12/30' });
    const campaignId = (await send(buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin))).body.resource_response.data.campaign_id;
    const visitor = t.client();

    // The owner's own view does not count; a visitor's and a signed-in stranger's do.
    await owner.get('PinAdLabelsResource', { pin_id: pin });
    const labels = (await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data;
    expect(labels).toMatchObject({ promoted_by: { name: 'Lemon Bakery' }, sponsorship: null, is_verified_merchant: false });
    await stranger.get('PinAdLabelsResource', { pin_id: pin });
    // A click: the pin's own link through the check; another link with the pin id is no click.
    await visitor.send(`/v3/offsite/?pin_id=${pin}&check_only=true`);
    let report = (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0];
    // The offsite check of bakery.example fails to resolve here (no network): an error, so no click.
    expect(report).toMatchObject({ impressions: 2, clicks: 0, spend: 0 });

    // Clicks are counted when the link lands: a campaign of 10 USD, a click costs 0.10, a day stops at 10.
    const events = adEvents({ db: t.db, clock: t.clock });
    for (let i = 0; i < 105; i++) await events.recordAdEvent(pin, 'click', null);
    report = (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0];
    expect(report).toMatchObject({ impressions: 2, clicks: 105, spend: 10 });
    expect(await t.db.selectFrom('ad_events').select((eb) => eb.fn.countAll<number>().as('n')).where('campaign_id', '=', campaignId).executeTakeFirstOrThrow()).toEqual({ n: 107 });

    // The next day: one more impression; a date range picks days, and insights compare ranges.
    t.clock.advance(DAY);
    await visitor.get('PinAdLabelsResource', { pin_id: pin });
    const day1 = new Date(Date.UTC(2026, 0, 15)).toISOString().slice(0, 10);
    const day2 = new Date(Date.UTC(2026, 0, 16)).toISOString().slice(0, 10);
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, start_date: day2, end_date: day2 })).body.resource_response.data[0]).toMatchObject({ impressions: 1, clicks: 0, spend: 0, range: { start: day2, end: day2 } });
    const insights = (await owner.get('CampaignInsightsResource', { advertiser_id: advertiserId, campaign_id: campaignId, start_date: day2, end_date: day2, comp_start_date: day1, comp_end_date: day1 })).body.resource_response.data;
    expect(insights.current).toMatchObject({ days: [{ day: day2, impressions: 1, clicks: 0, spend: 0 }], total: { impressions: 1 } });
    expect(insights.comparison).toMatchObject({ days: [{ day: day1, impressions: 2, clicks: 105, spend: 10 }], total: { clicks: 105 } });
    // Billing's order lines sum all of a campaign's days, whatever range the report was read over.
    const billing = (await owner.get('AdvertiserBillingResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(billing.order_lines).toEqual([expect.objectContaining({ id: campaignId, name: 'Lemon tart', spend: 10, end_date: null })]);

    // A paused campaign counts nothing.
    await owner.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: campaignId, status: 'PAUSED' });
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.promoted_by).toBeNull();
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, start_date: day2 })).body.resource_response.data[0]).toMatchObject({ impressions: 1 });
  });

  it('filters by status and name, and refuses bad ranges', async () => {
    const { owner, advertiserId, send, stranger } = await setup();
    await send(buildPayload({ ...VALUES, name: 'Lemon 100%_tart', advertiser_id: advertiserId }, null));
    await send(buildPayload({ ...VALUES, name: 'Cherry pie', advertiser_id: advertiserId }, null));
    const names = async (options: object) => ((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, ...options })).body.resource_response.data as Array<{ name: string }>).map((c) => c.name);
    expect(await names({ query: 'lemon' })).toEqual(['Lemon 100%_tart']);
    expect(await names({ query: '%' })).toEqual(['Lemon 100%_tart']);
    expect(await names({ query: 'x_' })).toEqual([]);
    expect(await names({ status: 'PENDING_BILLING' })).toHaveLength(2);
    expect(await names({ status: 'ACTIVE' })).toEqual([]);
    for (const bad of [{ start_date: '2026-13-01' }, { start_date: 'yesterday' }, { start_date: '2026-02-01', end_date: '2026-01-01' }, { start_date: '2024-01-01', end_date: '2026-01-01' }, { status: 'GONE' }]) {
      expect(err(await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, ...bad }))?.http_status, JSON.stringify(bad)).toBe(400);
    }
    expect(err(await owner.get('CampaignInsightsResource', { advertiser_id: advertiserId, campaign_id: '42' }))?.api_error_code).toBe(186);
    expect(err(await stranger.get('CampaignInsightsResource', { advertiser_id: advertiserId, campaign_id: '42' }))?.api_error_code).toBe(180);
  });
});

describe('paid partnerships', () => {
  it('the pinner names the sponsor (status 2), the sponsor approves (0, named) or rejects (2), the pinner removes it (3)', async () => {
    const { t, owner, pin, stranger, other } = await setup();
    // The sponsor: a business owned by the stranger's account (username 'other…').
    const sponsorId = (await stranger.post('BusinessConvertResource', 'create', { business_name: 'Sunny Co', country: 'US' })).body.resource_response.data.advertiser_id;
    const username = (await t.db.selectFrom('users').select('username').where('id', '=', other.id).executeTakeFirstOrThrow()).username;
    expect(err(await stranger.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: username }))?.http_status).toBe(403);
    expect(err(await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: 'nobody_here' }))?.api_error_code).toBe(189);
    expect(err(await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: '' }))?.http_status).toBe(400);
    expect(err(await owner.post('PinSponsorshipResource', 'delete', { pin_id: pin }))?.api_error_code).toBe(190);

    const requested = (await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: `@${username}` })).body.resource_response.data;
    expect(requested).toMatchObject({ state: 'requested', sponsorshipStatus: 2, sponsorName: 'Sunny Co', sponsorUsername: username });
    const visitor = t.client();
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.sponsorship).toMatchObject({ sponsorshipStatus: 2 });

    // Only the named sponsor decides.
    expect((await stranger.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data).toEqual([expect.objectContaining({ pin_id: pin, state: 'requested' })]);
    expect(err(await owner.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' }))?.api_error_code).toBe(180);
    expect(err(await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'maybe' }))?.http_status).toBe(400);
    expect((await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' })).body.resource_response.data).toMatchObject({ state: 'approved', sponsorshipStatus: 0 });
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.sponsorship).toMatchObject({ sponsorshipStatus: 0, sponsorName: 'Sunny Co' });
    expect((await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'reject' })).body.resource_response.data).toMatchObject({ state: 'rejected', sponsorshipStatus: 2 });

    expect((await owner.post('PinSponsorshipResource', 'delete', { pin_id: pin })).body.resource_response.data).toMatchObject({ state: 'removed', sponsorshipStatus: 3 });
    expect(err(await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' }))?.api_error_code).toBe(190);
    expect((await stranger.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data).toEqual([]);
    expect(err(await visitor.get('PinAdLabelsResource', { pin_id: '999' }))?.api_error_code).toBe(50);
  });

  it('shows the sponsor only requests on pins anyone may see: a pin on (or moved to) a secret board stays the board’s', async () => {
    const { t, owner, pin, stranger, other, pinner } = await setup();
    const sponsorId = (await stranger.post('BusinessConvertResource', 'create', { business_name: 'Sunny Co', country: 'US' })).body.resource_response.data.advertiser_id;
    const username = (await t.db.selectFrom('users').select('username').where('id', '=', other.id).executeTakeFirstOrThrow()).username;
    const hidden = await t.makeBoard(pinner.id, 'Surprise', 'secret');
    const secretPin = (await owner.post('PinResource', 'create', { board_id: hidden, link: 'https://bakery.example/secret', color: '#aabbcc', method: 'button', title: 'Secret recipe' })).body.resource_response.data.id as string;
    await owner.post('PinSponsorshipResource', 'create', { pin_id: secretPin, sponsor_username: username });
    await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: username });
    const listed = async () => ((await stranger.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data as Array<{ pin_id: string }>).map((r) => r.pin_id);
    expect(await listed()).toEqual([pin]);
    await t.db.updateTable('boards').set({ privacy: 'secret' }).where('id', '=', (await t.db.selectFrom('pins').select('board_id').where('id', '=', pin).executeTakeFirstOrThrow()).board_id).execute();
    expect(await listed()).toEqual([]);
    expect(err(await stranger.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: secretPin, decision: 'approve' }))?.api_error_code).toBe(190);
  });
});

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
    expect(err(await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: 'javascript:alert(1)' }))?.http_status).toBe(400);
    expect(err(await stranger.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId }))?.api_error_code).toBe(180);
    const claim = (await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${origin}/` })).body.resource_response.data;
    expect(claim).toMatchObject({ website_url: `${origin}/`, merchant_id: null, meta_tag: `<meta name="corkboard-site-verification" content="${claim.token}">` });

    expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({ api_error_code: 193 });
    page = `<html><head>${claim.meta_tag}</head></html>`;
    const verified = (await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(verified).toMatchObject({ verified: true, merchant_id: expect.stringMatching(/^\d{18}$/) });
    expect((await owner.send('/vx/business_access/profiles/')).body.resource_response.data[0].user).toMatchObject({ merchantId: verified.merchant_id, eligibleForStlTool: true });
    expect((await t.client().get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.is_verified_merchant).toBe(true);
    expect((await owner.get('AdvertiserResource', { advertiser_id: advertiserId })).body.resource_response.data).toMatchObject({ merchant_id: verified.merchant_id, merchant_claim_pending: false });
  });

  it('reads the site at most 30 times an hour for one client: then a clear refusal, and the site is not read', async () => {
    const { t, owner, advertiserId } = await setup({ config: { outboundAllow: [] } });
    t.deps.config.outboundAllow.push(origin);
    await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${origin}/` });
    const before = reads;
    for (let i = 0; i < 30; i++) expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))?.api_error_code).toBe(193);
    expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({ api_error_code: 270, http_status: 429 });
    expect(reads - before).toBe(30);
  });

  it('reads the tag on the site’s home page only: a page of the site a user controls (or a redirect away) claims nothing', async () => {
    const { t, owner, advertiserId } = await setup({ config: { outboundAllow: [] } });
    let token = '';
    let rootRedirects = false;
    // A shared host: its home page is the owner's, /u/eve/ is a user's page that carries the tag; then the home page redirects off the host.
    const shared = createServer((req, res) => {
      if (req.url === '/' && rootRedirects) return res.writeHead(302, { location: `${origin}/` }).end();
      res.writeHead(200, { 'content-type': 'text/html' }).end(req.url === '/' ? '<html><head></head></html>' : `<html><head><meta name="corkboard-site-verification" content="${token}"></head></html>`);
    });
    await new Promise<void>((resolve) => shared.listen(0, '127.0.0.1', resolve));
    const host = `http://127.0.0.1:${(shared.address() as AddressInfo).port}`;
    t.deps.config.outboundAllow.push(host, origin);
    try {
      token = (await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${host}/u/eve/` })).body.resource_response.data.token;
      page = `<html><head><meta name="corkboard-site-verification" content="${token}"></head></html>`;
      expect(err(await owner.post('AdvertiserMerchantResource', 'update', { advertiser_id: advertiserId }))).toMatchObject({ api_error_code: 193 });
      rootRedirects = true;
      token = (await owner.post('AdvertiserMerchantResource', 'create', { advertiser_id: advertiserId, website_url: `${host}/` })).body.resource_response.data.token;
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
      headers: { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1', ...(cookie ? { cookie } : {}) },
    });

  /** A pin linking to the local shop page, promoted by a business with its profile and billing. */
  async function promotedShopPin(t: TestApp, owner: Client, advertiserId: string) {
    t.deps.config.outboundAllow.push(origin);
    const board = await t.makeBoard((await t.db.selectFrom('advertisers').select('owner_user_id').where('id', '=', advertiserId).executeTakeFirstOrThrow()).owner_user_id, 'Shop');
    const pin = (await owner.post('PinResource', 'create', { board_id: board, link: `${origin}/shop`, color: '#aabbcc', method: 'button' })).body.resource_response.data.id as string;
    await owner.post('AdvertiserBusinessProfileResource', 'create', { advertiser_id: advertiserId, business_name: 'Lemon Bakery', address_line: '1 Main St', city: 'Springfield', postal_code: '12345', country: 'US' });
    await owner.post('AdvertiserBillingProfileResource', 'create', { advertiser_id: advertiserId, card_holder: 'Lena', card_number: '4242424242424242', expiry: '12/30' });
    await owner.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin)) });
    return pin;
  }

  it('counts a click when the pin’s own link is followed through /offsite/ from our page, and not another link nor the check', async () => {
    const { t, owner, advertiserId } = await setup({ config: { outboundAllow: [] } });
    const pin = await promotedShopPin(t, owner, advertiserId);
    const visitor = t.client();
    // The check (/v3/offsite/) answers, and bills nothing: a click is a person's click on our page (offsite/abuse.test.ts).
    expect((await visitor.send(`/v3/offsite/?url=${encodeURIComponent(`${origin}/shop`)}&pin_id=${pin}&check_only=true`)).body.resource_response.data).toMatchObject({ redirect_status: 'ok' });
    expect((await follow(t, `${origin}/elsewhere`, pin)).status).toBe(200);
    expect((await visitor.send(`/v3/offsite/?pin_id=abc`)).status).toBe(400);
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0]).toMatchObject({ clicks: 0, spend: 0 });
    const followed = await follow(t, `${origin}/shop`, pin);
    expect(followed.status).toBe(302);
    expect(followed.headers.get('location')).toBe(`${origin}/shop`);
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data[0]).toMatchObject({ clicks: 1, spend: 0.1 });
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
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, start_date: new Date(t.clock.now()).toISOString().slice(0, 10) })).body.resource_response.data[0]).toMatchObject({ clicks: 1 });
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

describe('the search advisory notice page', () => {
  it('serves /search/pins/ as a page', async () => {
    const t = await testApp();
    const res = await t.app.request('/search/pins/?q=cats');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
  });
});

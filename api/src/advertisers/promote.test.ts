import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { testApp, TEST_ORIGIN } from '../testing.js';
import { runAdvertiserAdmin } from '../operators/commands/advertisers.js';
import { buildPayload, type QuickPromoteValues } from './rules/promote.js';

const VALUES: QuickPromoteValues = {
  name: 'Lemon tart',
  destination_url: 'https://bakery.example/tart',
  budget: '12.50',
  duration: '10',
  inclusive_end_date: '',
  is_ongoing: false,
  advertiser_id: '',
  ages: [],
  interests: [],
  genders: [],
  ad_type: 'CONSIDERATION',
  selected_ocpm_tag: null,
  isAutoTargeting: true,
};

async function setup() {
  const t = await testApp();
  const pinner = await t.makeUser('pinner');
  const browser = t.client();
  await browser.logIn(pinner.email, pinner.password);
  const board = await t.makeBoard(pinner.id, 'Bakes');
  const pin = (
    await browser.post('PinResource', 'create', { board_id: board, image_url: t.images.url('lake'), method: 'button', link: 'https://bakery.example/tart' })
  ).body.resource_response.data.id as string;
  const send = (advertiserId: string, pinId: string, body: unknown, who = browser) =>
    who.send(`/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  return { t, pinner, browser, pin, send };
}

const convert = async (browser: ReturnType<Awaited<ReturnType<typeof testApp>>['client']>, country = 'US') =>
  (await browser.post('BusinessConvertResource', 'create', { business_name: 'Lemon Bakery', website_url: 'https://bakery.example/', country })).body
    .resource_response.data.advertiser_id as string;

describe('from a personal account to a promoted pin', () => {
  it('converts the account, promotes the pin, and after business and billing the campaign runs', async () => {
    const { t, pinner, browser, pin, send } = await setup();
    const advertiserId = await convert(browser);
    expect(await t.db.selectFrom('users').select('is_partner').where('id', '=', pinner.id).executeTakeFirstOrThrow()).toEqual({ is_partner: 1 });
    expect(await convert(browser)).toBe(advertiserId); // converting twice keeps the business

    const res = await send(advertiserId, pin, buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin));
    expect(res.status).toBe(200);
    const data = res.body.resource_response.data;
    expect(data).toMatchObject({
      has_business_info: false,
      has_billing: false,
      billing_url: `/advertiser/${advertiserId}/billing/?campaign_id=${data.campaign_id}&objective_type=CLICKTHROUGH&is_quick_promote=true`,
    });
    expect(
      await t.db
        .selectFrom('campaigns')
        .select(['name', 'daily_budget_micro', 'currency', 'status', 'duration_days', 'ads_client_type'])
        .executeTakeFirstOrThrow(),
    ).toEqual({
      name: 'Lemon tart',
      daily_budget_micro: 12_500_000,
      currency: 'USD',
      status: 'PENDING_BILLING',
      duration_days: 10,
      ads_client_type: 'quick_promote',
    });
    expect(await t.db.selectFrom('pin_promotions').select(['pin_id', 'destination_url']).executeTakeFirstOrThrow()).toEqual({
      pin_id: pin,
      destination_url: 'https://bakery.example/tart',
    });

    // Billing before business is refused; then the business form, then the billing form.
    expect(
      (
        await browser.post('AdvertiserBillingProfileResource', 'create', {
          advertiser_id: advertiserId,
          card_holder: 'Lena',
          card_number: '4242 4242 4242 4242',
          expiry: '12/30',
        })
      ).body.resource_response.error?.api_error_code,
    ).toBe(184);
    const business = await browser.post('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiserId,
      business_name: 'Lemon Bakery',
      address_line: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      country: 'US',
    });
    expect(business.body.resource_response.data).toMatchObject({ has_business_info: true, has_billing: false });
    const badCard = await browser.post('AdvertiserBillingProfileResource', 'create', {
      advertiser_id: advertiserId,
      card_holder: 'Lena',
      card_number: '4242 4242 4242 4241',
      expiry: '12/30',
    });
    expect(badCard.body.resource_response.error).toMatchObject({ api_error_code: 185, http_status: 400 });
    const billing = await browser.post('AdvertiserBillingProfileResource', 'create', {
      advertiser_id: advertiserId,
      card_holder: 'Lena',
      card_number: '4242 4242 4242 4242',
      expiry: '12/30',
    });
    expect(billing.body.resource_response.data).toMatchObject({
      has_business_info: true,
      has_billing: true,
      billing: { card_last4: '4242', card_brand: 'Visa' },
    });
    expect(JSON.stringify(await t.db.selectFrom('billing_profiles').selectAll().execute())).not.toContain('42424242');

    const report = (await browser.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(report).toEqual([
      expect.objectContaining({
        name: 'Lemon tart',
        daily_budget: 12.5,
        currency: 'USD',
        status: 'ACTIVE',
        end_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      }),
    ]);
    // A second promotion now answers that business and billing exist (the step machine goes to success).
    const again = await send(advertiserId, pin, buildPayload({ ...VALUES, name: 'x'.repeat(80), advertiser_id: advertiserId }, pin));
    expect(again.body.resource_response.data).toMatchObject({ has_business_info: true, has_billing: true });
    expect(
      (await t.db.selectFrom('campaigns').select('name').where('id', '=', again.body.resource_response.data.campaign_id).executeTakeFirstOrThrow()).name,
    ).toBe(`${'x'.repeat(62)}…`);
  });

  it('budgets in the business country’s currency, with its minimum', async () => {
    const { browser, pin, send, t } = await setup();
    const advertiserId = await convert(browser, 'SE');
    const low = await send(advertiserId, pin, buildPayload({ ...VALUES, budget: '9.99', advertiser_id: advertiserId }, pin, null, 'SE'));
    expect(low.status).toBe(400);
    expect(low.body.resource_response.error).toMatchObject({ api_error_code: 182, message_detail: 'The minimum daily budget in SE is 10 SEK.' });
    const ok = await send(advertiserId, pin, buildPayload({ ...VALUES, budget: '70', duration: '', advertiser_id: advertiserId }, pin, null, 'SE'));
    expect(ok.status).toBe(200);
    expect(await t.db.selectFrom('campaigns').select(['currency', 'duration_days']).executeTakeFirstOrThrow()).toEqual({ currency: 'SEK', duration_days: 30 });
  });
});

describe('quick promote’s error areas', () => {
  it('401 with a message (the pin area) when not signed in', async () => {
    const { t, browser, pin } = await setup();
    const advertiserId = await convert(browser);
    const res = await t.client().send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(401);
    expect(res.body.resource_response.error).toMatchObject({ http_status: 401, message_detail: 'Log in to promote this Pin.' });
  });

  it('400s (the modal) for bad input, a product group without a pin, or mismatched ids, writing nothing', async () => {
    const { t, browser, pin, send } = await setup();
    const advertiserId = await convert(browser);
    const payload = buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin);
    for (const body of [
      { ...payload, budget_in_micro_currency: 1.5 },
      { ...payload, duration: 2.5 },
      { ...payload, destination_url: 'javascript:alert(1)' },
      { ...payload, extra: 1 },
      { ...payload, pin_id: null, product_group_id: 'pg1' },
      { ...payload, advertiser_id: '99' },
      'nope',
    ]) {
      const res = await send(advertiserId, pin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.resource_response.error!.message_detail ?? res.body.resource_response.error!.message).toBeTruthy();
    }
    expect((await send(advertiserId, pin, { ...payload, pin_id: null, product_group_id: 'pg1' })).body.resource_response.error?.api_error_code).toBe(183);
    expect((await send(advertiserId, '123', { ...payload, pin_id: '123' })).status).toBe(404);
    expect(await t.db.selectFrom('campaigns').selectAll().execute()).toEqual([]);
  });

  it('a stranger’s advertiser answers 404 on every call', async () => {
    const { t, browser, pin, send } = await setup();
    const advertiserId = await convert(browser);
    const stranger = await t.makeUser('stranger');
    const other = t.client();
    await other.logIn(stranger.email, stranger.password);
    expect((await send(advertiserId, pin, buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin), other)).status).toBe(404);
    for (const name of [
      'AdvertiserResource',
      'AdvertiserCampaignsResource',
      'AdvertiserAdGroupsResource',
      'AdvertiserAdsResource',
      'AdvertiserBillingResource',
    ]) {
      const res = await other.get(name, { advertiser_id: advertiserId });
      expect(res.status, name).toBe(404);
      expect(res.body.resource_response.error!.api_error_code).toBe(180);
    }
    expect((await other.get('AdvertiserResource', { advertiser_id: newId() })).status).toBe(404);
  });
});

describe('business access profiles: OWNER or MFA, on the server', () => {
  it('lists profiles, and refuses a member without MFA acting for a business they do not own', async () => {
    const { t, browser, pin, send } = await setup();
    const advertiserId = await convert(browser);
    const staff = await t.makeUser('staffer');
    await runAdvertiserAdmin(t.deps, ['advertiser-member', advertiserId, staff.email]);
    const member = t.client();
    await member.logIn(staff.email, staff.password);

    const profiles = await member.send('/vx/business_access/profiles/');
    expect(profiles.body.resource_response.data).toEqual([
      {
        id: advertiserId,
        permissions: ['ADMIN'],
        user: { username: 'pinner', businessName: 'Lemon Bakery', imgUrl: null, merchantId: null, scheduledPinCount: 0, eligibleForStlTool: false },
        viewerMeetsMfaRequirement: false,
      },
    ]);
    expect((await browser.send('/vx/business_access/profiles/')).body.resource_response.data[0].permissions).toEqual(['OWNER']);
    expect((await t.client().send('/vx/business_access/profiles/')).status).toBe(401);

    const refused = await member.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId });
    expect(refused.status).toBe(403);
    expect(refused.body.resource_response.error!.api_error_code).toBe(181);
    expect((await send(advertiserId, pin, buildPayload({ ...VALUES, advertiser_id: advertiserId }, pin), member)).status).toBe(403);
    expect((await member.post('BoardResource', 'create', { name: 'Sneaky', advertiser_id: advertiserId })).status).toBe(403);

    // With two-factor on, or with OWNER permission, the same calls pass.
    await t.passMfa(staff.id);
    expect((await member.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).status).toBe(200);
    await t.db.updateTable('users').set({ mfa_method: null }).where('id', '=', staff.id).execute();
    await runAdvertiserAdmin(t.deps, ['advertiser-member', advertiserId, staff.email, 'OWNER']);
    expect((await member.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).status).toBe(200);
  });
});

describe('the offsite link check', () => {
  let server: Server;
  let origin = '';
  beforeAll(async () => {
    server = createServer((req, res) => {
      const port = (server.address() as AddressInfo).port;
      if (req.url === '/go') res.writeHead(302, { location: `http://localhost:${port}/landing` }).end();
      else res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('follows the chain and judges every host on it', async () => {
    const port = new URL(origin).port;
    const t = await testApp({ config: { outboundAllow: [origin, `http://localhost:${port}`] } });
    const check = async (url: string) => (await t.client().send(`/v3/offsite/?url=${encodeURIComponent(url)}&check_only=true`)).body.resource_response;
    const first = await check(`${origin}/go`);
    expect(first.error).toBeUndefined();
    expect(first.data).toEqual({ redirect_status: 'ok', url: `http://localhost:${port}/landing` });
    await runAdvertiserAdmin(t.deps, ['offsite-host', 'localhost.example', 'suspicious']);
    for (const status of ['blocked', 'suspicious', 'porn'] as const) {
      await t.db
        .insertInto('offsite_hosts')
        .values({ host: 'localhost', status, created_at: 0 })
        .onConflict((oc) => oc.column('host').doUpdateSet({ status }))
        .execute();
      expect((await check(`${origin}/go`)).data).toEqual({ redirect_status: status, url: `http://localhost:${port}/landing` });
    }
    // A listed first host is judged without a fetch; parent domains count.
    await runAdvertiserAdmin(t.deps, ['offsite-host', 'bad.example', 'porn']);
    expect((await check('https://www.bad.example/x')).data).toEqual({ redirect_status: 'porn', url: 'https://www.bad.example/x' });
    // An address the outbound rules refuse is an error: the client navigates plainly.
    expect((await check('http://10.0.0.1/')).error).toMatchObject({ api_error_code: 60 });
    expect((await check('javascript:alert(1)')).error).toMatchObject({ api_error_code: 1 });
  });
});

describe('advisory notices', () => {
  it('attaches a notice to a search term and reads it back', async () => {
    const t = await testApp();
    await runAdvertiserAdmin(t.deps, [
      'notice',
      'search',
      'Crash  Diet',
      '1',
      'Take care',
      'Find support here.',
      'support',
      'https://help.example/',
      'Learn more',
      '/help/',
    ]);
    const res = await t.client().get('AdvisoryNoticeResource', { search_term: 'crash diet' });
    expect(res.body.resource_response.data).toEqual({
      advisory: true,
      severity: 1,
      advisory_type: 'sensitive',
      advisory_details: 'sensitive',
      resource_country: null,
      notice: {
        style: 'warning',
        title: 'Take care',
        description: { text: 'Find support here.', textTags: [{ tagType: 5, offset: 5, length: 7, link: 'https://help.example/' }] },
        actions: [{ text: 'Learn more', link: '/help/' }],
      },
    });
    expect((await t.client().get('AdvisoryNoticeResource', { search_term: 'cake' })).body.resource_response.data).toBeNull();
    await expect(runAdvertiserAdmin(t.deps, ['notice', 'search', 'x', '7', 't', 'd'])).rejects.toThrow(/Advertiser commands/);
  });
});

describe('the area’s pages', () => {
  it('serve the app shell for /business/convert/, /offsite/, /billing/ and every /advertiser/ route', async () => {
    const t = await testApp();
    for (const path of [
      '/business/convert/?next=%2Fadvertiser%2Fquick_promote%3FpinId%3D1',
      '/offsite/?url=https%3A%2F%2Fexample.com%2F',
      '/billing/',
      '/advertiser/quick_promote?pinId=1',
      '/advertiser/42/reporting/campaigns/',
      '/advertiser/42/conversions/tag/',
    ]) {
      const res = await t.app.request(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toContain('<div id="app"></div>');
    }
  });
});

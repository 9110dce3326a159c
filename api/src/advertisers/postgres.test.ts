import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';
import { TEST_ORIGIN, testApp } from '../testing.js';
import { seedDemoBusiness } from './seed.js';
import { buildPayload } from './rules/promote.js';

/** Migration 0012 and quick promote through Postgres, in a database of this file's own (skipped with a reason when no server answers). */
const db = (await privatePostgres('cb_ads', 'the advertiser Postgres tests'))?.connect();

describe('the advertiser area on Postgres', () => {
  it('seeds the demo business, converts, promotes and reports with numbers', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    await seedDemoBusiness(t.deps);
    const shop = t.client();
    await shop.logIn('shop@corkboard.test', 'corkboard-demo');
    const demoShop = (await shop.send('/vx/business_access/profiles/')).body.resource_response.data[0].id;
    const seeded = (await shop.get('AdvertiserCampaignsResource', { advertiser_id: demoShop })).body.resource_response.data;
    expect(seeded[0]).toMatchObject({ name: 'Spring lamps', daily_budget: 12, currency: 'USD', status: 'ACTIVE', impressions: expect.any(Number) });
    expect(seeded[0].impressions).toBeGreaterThan(0);

    const user = await t.makeUser('pgads');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'Ads');
    const pin = (await browser.post('PinResource', 'create', { board_id: board, link: 'https://shop.example/x', color: '#aabbcc', method: 'button' })).body
      .resource_response.data.id;
    const advertiserId = (await browser.post('BusinessConvertResource', 'create', { business_name: 'PG Shop', country: 'GB' })).body.resource_response.data
      .advertiser_id;
    const payload = buildPayload(
      {
        name: 'On Postgres',
        destination_url: 'https://shop.example/x',
        budget: 5.25,
        duration: 10,
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
      null,
      'GB',
    );
    const res = await browser.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(payload),
    });
    expect(res.status).toBe(200);
    const report = (await browser.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(report).toEqual([
      expect.objectContaining({ name: 'On Postgres', daily_budget: 5.25, currency: 'GBP', is_ongoing: true, end_date: null, impressions: 0 }),
    ]);
  });

  it('runs migration 0017’s SQL: events summed by day, filters with LIKE escapes, edits, tags, paid partnerships, the merchant id', async (ctx) => {
    if (!db) return ctx.skip();
    const t = await testApp({ db });
    const user = await t.makeUser('pgmore');
    const owner = t.client();
    await owner.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'More');
    const pin = (await owner.post('PinResource', 'create', { board_id: board, link: 'https://shop.example/y', color: '#aabbcc', method: 'button' })).body
      .resource_response.data.id;
    const advertiserId = (await owner.post('BusinessConvertResource', 'create', { business_name: 'PG More', country: 'US' })).body.resource_response.data
      .advertiser_id;
    await owner.post('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiserId,
      business_name: 'PG More',
      address_line: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      country: 'US',
    });
    await owner.post('AdvertiserBillingProfileResource', 'create', {
      advertiser_id: advertiserId,
      card_holder: 'PG',
      card_number: '4242424242424242',
      expiry: '12/30',
    });
    const tag = (await owner.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: advertiserId, name: 'Tag' })).body.resource_response.data.id;
    const payload = buildPayload(
      {
        name: 'Sale 50%_off',
        destination_url: 'https://shop.example/y',
        budget: 10,
        duration: 10,
        inclusive_end_date: '',
        is_ongoing: true,
        advertiser_id: advertiserId,
        ages: ['18-24'],
        interests: ['art'],
        genders: ['male'],
        ad_type: 'WEB_CONVERSION',
        selected_ocpm_tag: { conversionTagId: tag, conversionEvent: 'SIGNUP' },
        isAutoTargeting: false,
      },
      pin,
    );
    const campaignId = (
      await owner.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    ).body.resource_response.data.campaign_id;
    const visitor = t.client();
    // Migration 0022's partial unique index on Postgres: the same viewer's second impression that day is not written.
    await visitor.get('PinAdLabelsResource', { pin_id: pin });
    await visitor.get('PinAdLabelsResource', { pin_id: pin });
    await t.client({ address: '198.51.100.20' }).get('PinAdLabelsResource', { pin_id: pin });
    const { adEvents } = await import('./campaigns/events.js');
    const events = adEvents({ db, clock: t.clock });
    // Migration 0019's partial unique index on Postgres: the same viewer's second click that day is not written.
    expect(await events.recordAdEvent(pin, 'click', null, 'address:x')).toBe(1);
    expect(await events.recordAdEvent(pin, 'click', null, 'address:x')).toBe(0);
    const report = (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, query: '50%_' })).body.resource_response.data;
    expect(report).toEqual([expect.objectContaining({ id: campaignId, impressions: 2, clicks: 1, spend: 0.1, objective_type: 'WEB_CONVERSION' })]);
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, query: '5_%x' })).body.resource_response.data).toEqual([]);
    expect(
      (await owner.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: campaignId, status: 'PAUSED', daily_budget: 15 }))
        .body.resource_response.data,
    ).toMatchObject({ status: 'PAUSED', daily_budget: 15 });
    const insights = (await owner.get('CampaignInsightsResource', { advertiser_id: advertiserId, campaign_id: campaignId })).body.resource_response.data;
    expect(insights.current.total).toEqual({ impressions: 2, clicks: 1, spend: 0.1 });

    const sponsorUser = await t.makeUser('pgsponsor');
    const sponsor = t.client();
    await sponsor.logIn(sponsorUser.email, sponsorUser.password);
    const sponsorId = (await sponsor.post('BusinessConvertResource', 'create', { business_name: 'PG Sponsor', country: 'US' })).body.resource_response.data
      .advertiser_id;
    const username = (await db.selectFrom('users').select('username').where('id', '=', sponsorUser.id).executeTakeFirstOrThrow()).username;
    expect((await owner.post('PinSponsorshipResource', 'create', { pin_id: pin, sponsor_username: username })).body.resource_response.data).toMatchObject({
      sponsorshipStatus: 2,
    });
    expect(
      (await sponsor.post('AdvertiserSponsorshipsResource', 'update', { advertiser_id: sponsorId, pin_id: pin, decision: 'approve' })).body.resource_response
        .data,
    ).toMatchObject({ sponsorshipStatus: 0, sponsorName: 'PG Sponsor' });
    expect((await sponsor.get('AdvertiserSponsorshipsResource', { advertiser_id: sponsorId })).body.resource_response.data).toHaveLength(1);
    const { runAdvertiserAdmin } = await import('../operators/commands/advertisers.js');
    await runAdvertiserAdmin(t.deps, ['merchant-verify', advertiserId]);
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data).toMatchObject({
      is_verified_merchant: true,
      promoted_by: null,
    });
  });
});

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
    const pin = (await browser.post('PinResource', 'create', { board_id: board, link: 'https://shop.example/x', color: '#aabbcc', method: 'button' })).body.resource_response.data.id;
    const advertiserId = (await browser.post('BusinessConvertResource', 'create', { business_name: 'PG Shop', country: 'GB' })).body.resource_response.data.advertiser_id;
    const payload = buildPayload({ name: 'On Postgres', destination_url: 'https://shop.example/x', budget: 5.25, duration: 10, inclusive_end_date: '', is_ongoing: true, advertiser_id: advertiserId, ages: [], interests: [], genders: [], ad_type: 'CONSIDERATION', selected_ocpm_tag: null, isAutoTargeting: true }, pin, null, 'GB');
    const res = await browser.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(payload) });
    expect(res.status).toBe(200);
    const report = (await browser.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(report).toEqual([expect.objectContaining({ name: 'On Postgres', daily_budget: 5.25, currency: 'GBP', is_ongoing: true, end_date: null, impressions: 0 })]);
  });
});

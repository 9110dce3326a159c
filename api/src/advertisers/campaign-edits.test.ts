import { describe, expect, it } from 'vitest';
import { buildPayload } from './rules/promote.js';
import { VALUES, setup, err, type Client } from './testing.js';

describe('campaign edits (AdvertiserCampaignResource update)', () => {
  it('pauses and runs, changes budget and dates, and refuses what breaks the rules', async () => {
    const { owner, advertiserId, send, stranger } = await setup();
    await owner.post('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiserId,
      business_name: 'Lemon Bakery',
      address_line: '1 Main St',
      city: 'Springfield',
      postal_code: '12345',
      country: 'US',
    });
    const waiting = (await send(buildPayload({ ...VALUES, advertiser_id: advertiserId }, null))).body.resource_response.data.campaign_id;
    const update = (change: object, who: Client = owner) =>
      who.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: waiting, ...change });
    expect(err(await update({ status: 'ACTIVE' }))).toMatchObject({ api_error_code: 184, message_detail: 'Add billing to start this campaign.' });
    await owner.post('AdvertiserBillingProfileResource', 'create', {
      advertiser_id: advertiserId,
      card_holder: 'Lena',
      card_number: '4242424242424242',
      expiry: '12/30',
    });
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
    expect(
      err(await owner.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: '123456', status: 'PAUSED' }))?.api_error_code,
    ).toBe(186);
  });
});

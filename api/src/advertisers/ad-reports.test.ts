import { describe, expect, it } from 'vitest';
import { adEvents } from './campaigns/events.js';
import { buildPayload } from './rules/promote.js';
import { VALUES, DAY, setup, err } from './testing.js';

describe('reports from recorded ad events', () => {
  it('counts a visitor’s view of a promoted pin and a click through the offsite check, by day, with spend capped by the daily budget', async () => {
    const { t, owner, pin, advertiserId, send, stranger } = await setup();
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
    expect(
      await t.db
        .selectFrom('ad_events')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('campaign_id', '=', campaignId)
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: 107 });

    // The next day: one more impression; a date range picks days, and insights compare ranges.
    t.clock.advance(DAY);
    await visitor.get('PinAdLabelsResource', { pin_id: pin });
    const day1 = new Date(Date.UTC(2026, 0, 15)).toISOString().slice(0, 10);
    const day2 = new Date(Date.UTC(2026, 0, 16)).toISOString().slice(0, 10);
    expect(
      (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, start_date: day2, end_date: day2 })).body.resource_response.data[0],
    ).toMatchObject({ impressions: 1, clicks: 0, spend: 0, range: { start: day2, end: day2 } });
    const insights = (
      await owner.get('CampaignInsightsResource', {
        advertiser_id: advertiserId,
        campaign_id: campaignId,
        start_date: day2,
        end_date: day2,
        comp_start_date: day1,
        comp_end_date: day1,
      })
    ).body.resource_response.data;
    expect(insights.current).toMatchObject({ days: [{ day: day2, impressions: 1, clicks: 0, spend: 0 }], total: { impressions: 1 } });
    expect(insights.comparison).toMatchObject({ days: [{ day: day1, impressions: 2, clicks: 105, spend: 10 }], total: { clicks: 105 } });
    // Billing's order lines sum all of a campaign's days, whatever range the report was read over.
    const billing = (await owner.get('AdvertiserBillingResource', { advertiser_id: advertiserId })).body.resource_response.data;
    expect(billing.order_lines).toEqual([expect.objectContaining({ id: campaignId, name: 'Lemon tart', spend: 10, end_date: null })]);

    // A paused campaign counts nothing.
    await owner.post('AdvertiserCampaignResource', 'update', { advertiser_id: advertiserId, campaign_id: campaignId, status: 'PAUSED' });
    expect((await visitor.get('PinAdLabelsResource', { pin_id: pin })).body.resource_response.data.promoted_by).toBeNull();
    expect((await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, start_date: day2 })).body.resource_response.data[0]).toMatchObject({
      impressions: 1,
    });
  });

  it('filters by status and name, and refuses bad ranges', async () => {
    const { owner, advertiserId, send, stranger } = await setup();
    await send(buildPayload({ ...VALUES, name: 'Lemon 100%_tart', advertiser_id: advertiserId }, null));
    await send(buildPayload({ ...VALUES, name: 'Cherry pie', advertiser_id: advertiserId }, null));
    const names = async (options: object) =>
      (
        (await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, ...options })).body.resource_response.data as Array<{ name: string }>
      ).map((c) => c.name);
    expect(await names({ query: 'lemon' })).toEqual(['Lemon 100%_tart']);
    expect(await names({ query: '%' })).toEqual(['Lemon 100%_tart']);
    expect(await names({ query: 'x_' })).toEqual([]);
    expect(await names({ status: 'PENDING_BILLING' })).toHaveLength(2);
    expect(await names({ status: 'ACTIVE' })).toEqual([]);
    for (const bad of [
      { start_date: '2026-13-01' },
      { start_date: 'yesterday' },
      { start_date: '2026-02-01', end_date: '2026-01-01' },
      { start_date: '2024-01-01', end_date: '2026-01-01' },
      { status: 'GONE' },
    ]) {
      expect(err(await owner.get('AdvertiserCampaignsResource', { advertiser_id: advertiserId, ...bad }))?.http_status, JSON.stringify(bad)).toBe(400);
    }
    expect(err(await owner.get('CampaignInsightsResource', { advertiser_id: advertiserId, campaign_id: '42' }))?.api_error_code).toBe(186);
    expect(err(await stranger.get('CampaignInsightsResource', { advertiser_id: advertiserId, campaign_id: '42' }))?.api_error_code).toBe(180);
  });
});

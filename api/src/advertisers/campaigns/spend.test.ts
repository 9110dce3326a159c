import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../../db/testing-postgres.js';
import { TEST_ORIGIN, testApp } from '../../testing.js';
import { buildPayload } from '../rules/promote.js';
import { adEvents } from './events.js';

/**
 * The daily budget with two servers on one Postgres (two pools, as two workers have): each click reads
 * the day's spend and adds its cost. Read-then-add without a lock let both servers see the same spend
 * and both add, so a day went over its budget; the spend is now read under the day row's lock.
 */
const pg = await privatePostgres('cb_spend', 'the concurrent budget test');

describe('the daily budget on Postgres with two servers', () => {
  it('never spends more than the budget when clicks of different viewers arrive at once through two pools', async (ctx) => {
    if (!pg) return ctx.skip();
    const [one, two] = [pg.connect(), pg.connect()];
    const t = await testApp({ db: one });
    const user = await t.makeUser('spender');
    const owner = t.client();
    await owner.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'Lamps');
    const pin = (await owner.post('PinResource', 'create', { board_id: board, link: 'https://lamps.example/a', color: '#aabbcc', method: 'button' })).body
      .resource_response.data.id as string;
    const advertiserId = (await owner.post('BusinessConvertResource', 'create', { business_name: 'Lamps', country: 'US' })).body.resource_response.data
      .advertiser_id as string;
    await owner.post('AdvertiserBusinessProfileResource', 'create', {
      advertiser_id: advertiserId,
      business_name: 'Lamps',
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
        name: 'Lamps',
        destination_url: 'https://lamps.example/a',
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
    const campaignId = (
      await owner.send(`/ads/v4/advertisers/${advertiserId}/pins/${pin}/quick_promote/`, {
        method: 'POST',
        headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    ).body.resource_response.data.campaign_id as string;

    // 10 USD a day, 0.10 a click: 100 clicks spend it. 240 viewers click once each, every other one on the
    // second server, all at once.
    const servers = [adEvents({ db: one, clock: t.clock }), adEvents({ db: two, clock: t.clock })];
    const counted = await Promise.all(Array.from({ length: 240 }, (_, i) => servers[i % 2]!.recordAdEvent(pin, 'click', null, `address:viewer-${i}`)));
    expect(counted.every((n) => n === 1)).toBe(true);

    const day = await one.selectFrom('campaign_metrics').selectAll().where('campaign_id', '=', campaignId).executeTakeFirstOrThrow();
    expect({ clicks: Number(day.clicks), spend: Number(day.spend_micro) }).toEqual({ clicks: 240, spend: 10_000_000 });
    // Each click row holds what it cost; together, what the day holds.
    const rows = await one.selectFrom('ad_events').select('spend_micro').where('campaign_id', '=', campaignId).where('kind', '=', 'click').execute();
    expect(rows.reduce((sum, r) => sum + Number(r.spend_micro), 0)).toBe(10_000_000);
    expect(rows.filter((r) => Number(r.spend_micro) > 0)).toHaveLength(100);
  });
});

import { describe, expect, it } from 'vitest';
import { buildPayload } from './rules/promote.js';
import { VALUES, setup, err } from './testing.js';

describe('targeting and web conversion in quick promote', () => {
  it('stores ages, interests and genders, and the conversion tag of a web-conversion ad, and shows them in the ad group report', async () => {
    const { owner, advertiserId, send } = await setup();
    const tag = (await owner.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: advertiserId, name: 'Checkout page' })).body.resource_response
      .data;
    expect((await owner.get('AdvertiserConversionTagsResource', { advertiser_id: advertiserId })).body.resource_response.data).toEqual([
      expect.objectContaining({ id: tag.id, name: 'Checkout page' }),
    ]);
    const payload = buildPayload(
      {
        ...VALUES,
        advertiser_id: advertiserId,
        ages: ['25-34', '65+'],
        interests: ['home_decor'],
        genders: ['female'],
        ad_type: 'WEB_CONVERSION',
        selected_ocpm_tag: { conversionTagId: tag.id, conversionEvent: 'CHECKOUT' },
        isAutoTargeting: false,
      },
      null,
    );
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
      {
        ...base,
        objective_type: 'WEB_CONVERSION',
        optimization_goal_metadata: { conversion_tag_v3_goal_metadata: { conversion_tag_id: '123', conversion_event: 'DANCE' } },
      },
    ];
    for (const body of bad) {
      const res = await send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(err(res)?.message).toBeTruthy();
    }
    const strangerBiz = (await stranger.post('BusinessConvertResource', 'create', { business_name: 'Other', country: 'US' })).body.resource_response.data
      .advertiser_id;
    const theirTag = (await stranger.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: strangerBiz, name: 'Theirs' })).body.resource_response
      .data.id;
    const foreign = await send({
      ...base,
      objective_type: 'WEB_CONVERSION',
      optimization_goal_metadata: { conversion_tag_v3_goal_metadata: { conversion_tag_id: theirTag, conversion_event: 'CHECKOUT' } },
    });
    expect(err(foreign)).toMatchObject({ api_error_code: 188, http_status: 404 });
    expect(await t.db.selectFrom('campaigns').select('id').where('advertiser_id', '=', advertiserId).execute()).toEqual([]);
    // Tags: a name is needed, and a stranger's business is missing to them.
    expect(err(await owner.post('AdvertiserConversionTagsResource', 'create', { advertiser_id: advertiserId, name: ' ' }))?.http_status).toBe(400);
    expect(err(await stranger.get('AdvertiserConversionTagsResource', { advertiser_id: advertiserId }))?.api_error_code).toBe(180);
  });
});

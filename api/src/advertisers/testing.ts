import { testApp, TEST_ORIGIN, type TestApp } from '../testing.js';
import type { QuickPromoteValues } from './rules/promote.js';

/** What the advertiser area's tests share: a pinner with a pin and a business, quick promote's values, the error of an answer. */
export const VALUES: QuickPromoteValues = {
  name: 'Lemon tart',
  destination_url: 'https://bakery.example/tart',
  budget: '10',
  duration: '10',
  inclusive_end_date: '',
  is_ongoing: true,
  advertiser_id: '',
  ages: [],
  interests: [],
  genders: [],
  ad_type: 'CONSIDERATION',
  selected_ocpm_tag: null,
  isAutoTargeting: true,
};
export const DAY = 86_400_000;
export type Client = ReturnType<TestApp['client']>;
export type Answer = { body: { resource_response: { error?: { api_error_code: number; http_status: number; message: string; message_detail?: string } } } };

export async function setup(config: Parameters<typeof testApp>[0] = {}) {
  const t = await testApp(config);
  const pinner = await t.makeUser('pinner');
  const owner = t.client();
  await owner.logIn(pinner.email, pinner.password);
  const board = await t.makeBoard(pinner.id, 'Bakes');
  const pin = (await owner.post('PinResource', 'create', { board_id: board, link: 'https://bakery.example/tart', color: '#aabbcc', method: 'button' })).body
    .resource_response.data.id as string;
  const advertiserId = (
    await owner.post('BusinessConvertResource', 'create', { business_name: 'Lemon Bakery', website_url: 'https://bakery.example/', country: 'US' })
  ).body.resource_response.data.advertiser_id as string;
  const send = (body: unknown, who: Client = owner, pinId = pin) =>
    who.send(`/ads/v4/advertisers/${advertiserId}/pins/${pinId}/quick_promote/`, {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const stranger = t.client();
  const other = await t.makeUser('other');
  await stranger.logIn(other.email, other.password);
  return { t, pinner, owner, pin, advertiserId, send, stranger, other };
}
export const err = (res: Answer) => res.body.resource_response.error;

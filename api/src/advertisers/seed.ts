import { authService } from '../auth/service.js';
import type { Deps } from '../deps.js';
import { newId } from '../lib/ids.js';
import { toMicro } from './rules/money.js';
import { advertisersStore } from './store.js';
import { campaignsStore } from './campaigns/store.js';
import { adEvents } from './campaigns/events.js';
import { boardsService } from '../boards/service.js';

export const DEMO_BUSINESS = {
  owner: { email: 'shop@corkboard.test', password: 'corkboard-demo' },
  member: { email: 'staff@corkboard.test', password: 'corkboard-demo' },
};

/**
 * The demo business: 'Demo Shop' owned by shop@corkboard.test, with business and billing
 * profiles and one campaign promoting a pin on the shop's board, whose week of numbers are ad events
 * recorded as the reports count them (an impression or click per visitor, day by day); staff@corkboard.test is a second member (ADMIN,
 * no two-factor: acting for the shop is refused until they turn it on, which shows the rule).
 */
export async function seedDemoBusiness(deps: Deps): Promise<void> {
  const auth = authService(deps);
  const now = deps.clock.now();
  const owner = await auth.createAccount({ ...DEMO_BUSINESS.owner, username: 'demoshop', firstName: 'Demo', lastName: 'Shop' });
  const member = await auth.createAccount({ ...DEMO_BUSINESS.member, username: 'demostaff', firstName: 'Sam', lastName: 'Staff' });
  const store = advertisersStore(deps.db);
  const id = newId();
  await store.insert({ id, owner_user_id: owner, name: 'Demo Shop', country: 'US', website_url: 'https://shop.example/', created_at: now });
  await store.markPartner(owner);
  await store.markPartner(member);
  await store.addMember(id, member, ['ADMIN']);
  await store.saveBusinessProfile({
    advertiser_id: id,
    business_name: 'Demo Shop',
    address_line: '1 Market Street',
    city: 'San Francisco',
    postal_code: '94105',
    country: 'US',
    updated_at: now,
  });
  await store.saveBillingProfile({ advertiser_id: id, card_holder: 'Demo Shop', card_brand: 'Visa', card_last4: '4242', currency: 'USD', updated_at: now });
  const board = await boardsService(deps).createBoard({ id: owner, username: 'demoshop' }, { name: 'Lamps', privacy: 'public' });
  const pinId = newId();
  await deps.db
    .insertInto('pins')
    .values({
      id: pinId,
      board_id: board.id,
      section_id: null,
      pinner_id: owner,
      image_id: null,
      image_url: null,
      link: 'https://shop.example/lamps',
      title: 'Spring lamps',
      description: 'Warm light for the living room.',
      method: 'button',
      guid: null,
      color: '#e8c07d',
      created_at: now - 8 * 86_400_000,
    })
    .execute();
  const campaigns = campaignsStore(deps.db);
  const campaign = newId();
  const start = now - 7 * 86_400_000;
  await campaigns.insertCampaign({
    id: campaign,
    advertiser_id: id,
    name: 'Spring lamps',
    objective_type: 'CONSIDERATION',
    status: 'ACTIVE',
    daily_budget_micro: toMicro(12),
    currency: 'USD',
    country: 'US',
    start_at: start,
    inclusive_end_date: null,
    duration_days: null,
    is_ongoing: 1,
    ads_client_type: 'quick_promote',
    created_by: owner,
    created_at: start,
  });
  const adGroup = newId();
  await campaigns.insertAdGroup({
    id: adGroup,
    campaign_id: campaign,
    name: 'Spring lamps – ad group',
    targeting_spec: JSON.stringify({ GENDER: ['female', 'male', 'unknown'], AGE_BUCKET: ['25-34', '35-44'], INTEREST: ['home_decor'] }),
    auto_targeting: 0,
    optimization_goal_metadata: null,
    created_at: start,
  });
  await campaigns.insertPromotion({
    id: newId(),
    ad_group_id: adGroup,
    pin_id: pinId,
    destination_url: 'https://shop.example/lamps',
    product_group_id: null,
    status: 'ACTIVE',
    created_at: start,
  });
  // A week of visits, each day through the same counting as a live pin page (visitors, so no viewer id).
  for (let d = 0; d < 7; d++) {
    const at = start + d * 86_400_000 + 3_600_000;
    const counting = adEvents({ db: deps.db, clock: { ...deps.clock, now: () => at } });
    for (let i = 0; i < 20 + d * 3; i++) await counting.recordAdEvent(pinId, 'impression', null);
    for (let i = 0; i < 2 + (d % 3); i++) await counting.recordAdEvent(pinId, 'click', null);
  }
}

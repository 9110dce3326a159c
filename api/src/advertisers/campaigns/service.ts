import { z } from 'zod';
import type { Deps, Viewer } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { newId } from '../../lib/ids.js';
import { httpUrl, id } from '../../lib/validation.js';
import type { PinsService } from '../../pins/service.js';
import type { AdvertisersService } from '../service.js';
import { countryRules } from '../rules/countries.js';
import { fromMicro, MICRO_MULTIPLIER } from '../rules/money.js';
import { ADS_CLIENT_TYPE, GENDERS, GOALS } from '../rules/promote.js';
import { billingLink } from '../rules/routes.js';
import { CAMPAIGN_NAME_LIMIT, cutCampaignName } from '../rules/text.js';
import { campaignsStore } from './store.js';

/** The request payload of advertiser.md section 3, as the server accepts it. */
export const quickPromoteBody = z
  .object({
    budget_in_micro_currency: z.number().int('Must be a whole number of micro units.').positive('Must be more than zero.').max(1_000_000 * MICRO_MULTIPLIER),
    campaign_name: z.string().trim().min(1, 'Give the campaign a name.').max(200),
    destination_url: httpUrl,
    duration: z.number().int('Must be a whole number of days.').min(1).max(365).optional(),
    auto_targeting_enabled: z.boolean().default(true),
    is_ongoing: z.boolean().default(false),
    start_now: z.boolean().default(true),
    targeting_spec: z
      .object({ GENDER: z.array(z.enum(GENDERS)).max(3).default([...GENDERS]), AGE_BUCKET: z.array(z.string().max(20)).max(10).optional(), INTEREST: z.array(z.string().max(60)).max(50).optional() })
      .default({ GENDER: [...GENDERS] }),
    advertiser_id: id,
    ads_client_type: z.literal(ADS_CLIENT_TYPE),
    pin_id: id.nullable().optional(),
    product_group_id: z.string().max(40).nullable().optional(),
    objective_type: z.enum(GOALS).optional(),
    optimization_goal_metadata: z.object({ conversion_tag_v3_goal_metadata: z.object({ conversion_tag_id: z.string().min(1).max(40), conversion_event: z.string().min(1).max(40) }) }).optional(),
    flexible_daily_budget_enabled: z.boolean().default(false),
    inclusive_end_date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).').optional(),
  })
  .strict();
export type QuickPromoteBody = z.output<typeof quickPromoteBody>;

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export function campaignsService(deps: Deps, advertisers: AdvertisersService, pins: PinsService) {
  const { db, clock } = deps;
  const store = campaignsStore(db);

  const campaignJson = (advertiserId: string, row: Awaited<ReturnType<ReturnType<typeof campaignsStore>['campaigns']>>[number]) => ({
    id: row.id,
    name: row.name,
    objective_type: row.objective_type,
    status: row.status,
    daily_budget: fromMicro(Number(row.daily_budget_micro)),
    daily_budget_in_micro_currency: Number(row.daily_budget_micro),
    currency: row.currency,
    start_date: day(Number(row.start_at)),
    end_date: row.is_ongoing ? null : row.inclusive_end_date ?? (row.duration_days ? day(Number(row.start_at) + (Number(row.duration_days) - 1) * 86_400_000) : null),
    is_ongoing: Boolean(row.is_ongoing),
    ads_client_type: row.ads_client_type,
    impressions: Number(row.impressions),
    clicks: Number(row.clicks),
    spend: fromMicro(Number(row.spend_micro)),
    billing_url: billingLink(advertiserId, row.id),
  });

  return {
    /**
     * POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/: one campaign, its ad group
     * and the pin promotion, written together. Section 5's rules hold here too, whatever the client
     * sent: the name is cut, a product group needs a pin, the budget meets the country minimum.
     */
    async quickPromote(viewer: Viewer, advertiserId: string, pinId: string, body: QuickPromoteBody) {
      if (body.advertiser_id !== advertiserId) throw new ApiError('invalid_input', 'advertiser_id: Must match the advertiser in the address.');
      if (body.pin_id && body.pin_id !== pinId) throw new ApiError('invalid_input', 'pin_id: Must match the Pin in the address.');
      if (body.product_group_id && !body.pin_id) throw new ApiError('product_group_needs_pin');
      const { advertiser } = await advertisers.access(viewer.id, advertiserId);
      await pins.get(viewer, pinId); // the pin must exist and be one the viewer may see (pin_not_found otherwise)
      const rules = countryRules(advertiser.country);
      if (body.budget_in_micro_currency < rules.minimumDailyBudget * MICRO_MULTIPLIER) {
        throw new ApiError('budget_too_low', `The minimum daily budget in ${rules.country} is ${rules.minimumDailyBudget} ${rules.currency}.`);
      }
      const setup = await advertisers.setup(advertiserId);
      const now = clock.now();
      const campaignId = newId();
      const adGroupId = newId();
      const promotionId = newId();
      const objective = body.objective_type ?? 'CONSIDERATION';
      const name = cutCampaignName(body.campaign_name);
      await db.transaction().execute(async (trx) => {
        const tx = campaignsStore(trx);
        await tx.insertCampaign({
          id: campaignId,
          advertiser_id: advertiserId,
          name,
          objective_type: objective,
          status: setup.has_billing ? 'ACTIVE' : 'PENDING_BILLING',
          daily_budget_micro: body.budget_in_micro_currency,
          currency: rules.currency,
          country: rules.country,
          start_at: now,
          inclusive_end_date: body.is_ongoing ? null : body.inclusive_end_date ?? null,
          duration_days: body.is_ongoing ? null : body.duration ?? rules.defaultDuration,
          is_ongoing: body.is_ongoing ? 1 : 0,
          flexible_daily_budget: body.flexible_daily_budget_enabled ? 1 : 0,
          ads_client_type: body.ads_client_type,
          created_by: viewer.id,
          created_at: now,
        });
        await tx.insertAdGroup({
          id: adGroupId,
          campaign_id: campaignId,
          name: `${name.slice(0, CAMPAIGN_NAME_LIMIT - 12)} – ad group`,
          targeting_spec: JSON.stringify(body.targeting_spec),
          auto_targeting: body.auto_targeting_enabled ? 1 : 0,
          optimization_goal_metadata: body.optimization_goal_metadata ? JSON.stringify(body.optimization_goal_metadata) : null,
          created_at: now,
        });
        await tx.insertPromotion({ id: promotionId, ad_group_id: adGroupId, pin_id: pinId, destination_url: body.destination_url, product_group_id: body.product_group_id ?? null, status: 'ACTIVE', created_at: now });
      });
      return {
        campaign_id: campaignId,
        ad_group_id: adGroupId,
        pin_promotion_id: promotionId,
        advertiser_id: advertiserId,
        has_business_info: setup.has_business_info,
        has_billing: setup.has_billing,
        billing_url: billingLink(advertiserId, campaignId),
      };
    },

    async campaigns(advertiserId: string, filter: { objectiveType?: string; ids?: string[] }) {
      return (await store.campaigns(advertiserId, filter)).map((row) => campaignJson(advertiserId, row));
    },
    async adGroups(advertiserId: string, filter: { campaignIds?: string[]; adGroupIds?: string[] }) {
      return (await store.adGroups(advertiserId, filter)).map((g) => ({
        ...g,
        targeting_spec: JSON.parse(g.targeting_spec) as unknown,
        optimization_goal_metadata: g.optimization_goal_metadata ? (JSON.parse(g.optimization_goal_metadata) as unknown) : null,
        auto_targeting: Boolean(g.auto_targeting),
        daily_budget: fromMicro(Number(g.daily_budget_micro)),
      }));
    },
    ads: (advertiserId: string, filter: { ids?: string[] }) => store.ads(advertiserId, filter),
    async billing(advertiserId: string) {
      const [lines, history] = await Promise.all([store.orderLines(advertiserId), store.history(advertiserId)]);
      return {
        order_lines: lines.map((l) => ({ id: l.id, name: l.name, status: l.status, daily_budget: fromMicro(Number(l.daily_budget_micro)), currency: l.currency, start_date: day(Number(l.start_at)), end_date: l.is_ongoing ? null : l.inclusive_end_date, spend: fromMicro(Number(l.spend_micro)) })),
        history: history.map((h) => ({ day: h.day, currency: h.currency, spend: fromMicro(Number(h.spend_micro)) })),
      };
    },
  };
}

export type CampaignsService = ReturnType<typeof campaignsService>;

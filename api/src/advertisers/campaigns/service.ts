import { z } from 'zod';
import type { Deps, Viewer } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { userText } from '../../lib/text.js';
import { newId } from '../../lib/ids.js';
import { httpUrl, id } from '../../lib/validation.js';
import type { PinsService } from '../../pins/service.js';
import type { AdvertisersService } from '../service.js';
import { countryRules } from '../rules/countries.js';
import { fromMicro, MICRO_MULTIPLIER } from '../rules/money.js';
import { ADS_CLIENT_TYPE, AGE_BUCKETS, CONVERSION_EVENTS, GENDERS, GOALS, INTERESTS } from '../rules/promote.js';
import { billingLink } from '../rules/routes.js';
import { CAMPAIGN_NAME_LIMIT, cutCampaignName } from '../rules/text.js';
import { campaignsStore } from './store.js';
import { policyStore } from '../../policy/store.js';
import { adEvents, clientAdEvents, day, DAY_MS, endDay } from './events.js';

/** A web-conversion ad's tag and event, as the save accepts it and as the ad group answers it. */
const goalMetadata = z
  .object({
    conversion_tag_v3_goal_metadata: z
      .object({ conversion_tag_id: id, conversion_event: z.enum(CONVERSION_EVENTS, 'Choose a conversion event from the list.') })
      .strict(),
  })
  .strict();

/** The quick promote request's payload, as the server accepts it. */
export const quickPromoteBody = z
  .object({
    budget_in_micro_currency: z
      .number()
      .int('Must be a whole number of micro units.')
      .positive('Must be more than zero.')
      .max(1_000_000 * MICRO_MULTIPLIER),
    campaign_name: userText({ max: 200, required: 'Give the campaign a name.' }),
    destination_url: httpUrl,
    duration: z.number().int('Must be a whole number of days.').min(1).max(365).optional(),
    auto_targeting_enabled: z.boolean().default(true),
    is_ongoing: z.boolean().default(false),
    start_now: z.boolean().default(true),
    targeting_spec: z
      .object({
        GENDER: z
          .array(z.enum(GENDERS, 'Choose genders from the list.'))
          .min(1, 'Choose at least one gender.')
          .max(3)
          .default([...GENDERS]),
        AGE_BUCKET: z.array(z.enum(AGE_BUCKETS, 'Choose ages from the list.')).max(AGE_BUCKETS.length).optional(),
        INTEREST: z.array(z.enum(INTERESTS, 'Choose interests from the list.')).max(INTERESTS.length).optional(),
      })
      .strict()
      .default({ GENDER: [...GENDERS] }),
    advertiser_id: id,
    ads_client_type: z.literal(ADS_CLIENT_TYPE),
    pin_id: id.nullable().optional(),
    product_group_id: z.string().max(40).nullable().optional(),
    objective_type: z.enum(GOALS).optional(),
    optimization_goal_metadata: goalMetadata.optional(),
    flexible_daily_budget_enabled: z.boolean().default(false),
    inclusive_end_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).')
      .optional(),
  })
  .strict()
  // Section 5: web-conversion ads carry the objective and the conversion tag together.
  .refine((b) => (b.objective_type === 'WEB_CONVERSION') === Boolean(b.optimization_goal_metadata), {
    message: 'A web-conversion ad needs a conversion tag and event (and only it has them).',
    path: ['optimization_goal_metadata'],
  });
export type QuickPromoteBody = z.output<typeof quickPromoteBody>;

/** A report's date range: the last 30 days by default, at most a year. */
export function reportRange(now: number, start?: string, end?: string): { start: string; end: string } {
  const to = end ?? day(now);
  const from = start ?? day(Date.parse(to) - 29 * DAY_MS);
  if (from > to) throw new ApiError('invalid_input', 'start_date: Must be on or before the end date.');
  if (Date.parse(to) - Date.parse(from) > 366 * DAY_MS) throw new ApiError('invalid_input', 'start_date: A report covers at most a year.');
  return { start: from, end: to };
}

export function campaignsService(deps: Deps, advertisers: AdvertisersService, _pins: PinsService) {
  const { db, clock } = deps;
  const store = campaignsStore(db);
  const policy = policyStore(db);

  const campaignJson = (advertiserId: string, row: Awaited<ReturnType<ReturnType<typeof campaignsStore>['campaigns']>>[number]) => ({
    id: row.id,
    name: row.name,
    objective_type: row.objective_type,
    status: row.status,
    daily_budget: fromMicro(Number(row.daily_budget_micro)),
    daily_budget_in_micro_currency: Number(row.daily_budget_micro),
    currency: row.currency,
    start_date: day(Number(row.start_at)),
    end_date: endDay({
      ...row,
      is_ongoing: Number(row.is_ongoing),
      duration_days: row.duration_days === null ? null : Number(row.duration_days),
      start_at: Number(row.start_at),
    }),
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
      const { advertiser, business } = await advertisers.access(viewer, advertiserId);
      // The pin must be one the viewer may see (pin_not_found otherwise) and the business's own
      // (promote_pin_not_owned otherwise): policy/rules.ts promoteRule.
      await policy.promotablePin(viewer.id, advertiser, business, pinId);
      const rules = countryRules(advertiser.country);
      if (body.budget_in_micro_currency < rules.minimumDailyBudget * MICRO_MULTIPLIER) {
        throw new ApiError('budget_too_low', `The minimum daily budget in ${rules.country} is ${rules.minimumDailyBudget} ${rules.currency}.`);
      }
      const tagId = body.optimization_goal_metadata?.conversion_tag_v3_goal_metadata.conversion_tag_id;
      if (tagId && !(await store.tag(advertiserId, tagId))) throw new ApiError('conversion_tag_not_found');
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
          inclusive_end_date: body.is_ongoing ? null : (body.inclusive_end_date ?? null),
          duration_days: body.is_ongoing ? null : (body.duration ?? rules.defaultDuration),
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
        await tx.insertPromotion({
          id: promotionId,
          ad_group_id: adGroupId,
          pin_id: pinId,
          destination_url: body.destination_url,
          product_group_id: body.product_group_id ?? null,
          status: 'ACTIVE',
          created_at: now,
        });
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

    /** The campaign report: filtered by objective, status, ids and name; its numbers summed over the date range. */
    async campaigns(
      advertiserId: string,
      filter: { objectiveType?: string; ids?: string[]; status?: string; query?: string; startDate?: string; endDate?: string },
    ) {
      const range = reportRange(clock.now(), filter.startDate, filter.endDate);
      return (await store.campaigns(advertiserId, { ...filter, range })).map((row) => ({ ...campaignJson(advertiserId, row), range }));
    },

    /** Campaign insights: a campaign's numbers by day over a range, and over a comparison range when given. */
    async insights(advertiserId: string, campaignId: string, q: { startDate?: string; endDate?: string; compStartDate?: string; compEndDate?: string }) {
      const [campaign] = await this.campaigns(advertiserId, { ids: [campaignId], startDate: q.startDate, endDate: q.endDate });
      if (!campaign) throw new ApiError('campaign_not_found');
      const series = async (range: { start: string; end: string }) => {
        const rows = await store.daily(campaignId, range);
        const days = rows.map((r) => ({ day: r.day, impressions: Number(r.impressions), clicks: Number(r.clicks), spend: fromMicro(Number(r.spend_micro)) }));
        const total = days.reduce((t, d) => ({ impressions: t.impressions + d.impressions, clicks: t.clicks + d.clicks, spend: t.spend + d.spend }), {
          impressions: 0,
          clicks: 0,
          spend: 0,
        });
        return { ...range, days, total };
      };
      const comparing = q.compStartDate || q.compEndDate;
      return {
        campaign,
        current: await series(campaign.range),
        comparison: comparing ? await series(reportRange(clock.now(), q.compStartDate, q.compEndDate)) : null,
      };
    },

    /** /ads/edit/?view=campaign: pause or run, the daily budget (the country's minimum holds), the end date or ongoing. */
    async updateCampaign(
      viewer: Viewer,
      advertiserId: string,
      campaignId: string,
      change: { status?: 'ACTIVE' | 'PAUSED'; daily_budget?: number; inclusive_end_date?: string | null; is_ongoing?: boolean },
    ) {
      const { advertiser } = await advertisers.access(viewer, advertiserId);
      const row = await store.campaign(advertiserId, campaignId);
      if (!row) throw new ApiError('campaign_not_found');
      const set: { status?: string; daily_budget_micro?: number; inclusive_end_date?: string | null; is_ongoing?: number; duration_days?: number | null } = {};
      if (change.status) {
        // A campaign waiting for billing starts when billing is added, not by hand.
        if (row.status === 'PENDING_BILLING' && change.status === 'ACTIVE') throw new ApiError('business_info_missing', 'Add billing to start this campaign.');
        if (row.status !== 'PENDING_BILLING') set.status = change.status;
      }
      if (change.daily_budget !== undefined) {
        const rules = countryRules(row.country ?? advertiser.country);
        if (change.daily_budget < rules.minimumDailyBudget)
          throw new ApiError('budget_too_low', `The minimum daily budget in ${rules.country} is ${rules.minimumDailyBudget} ${rules.currency}.`);
        set.daily_budget_micro = Math.round(change.daily_budget * MICRO_MULTIPLIER);
      }
      if (change.is_ongoing === true) Object.assign(set, { is_ongoing: 1, inclusive_end_date: null, duration_days: null });
      else if (change.inclusive_end_date) {
        if (change.inclusive_end_date < day(Number(row.start_at)))
          throw new ApiError('invalid_input', 'inclusive_end_date: Must be on or after the start date.');
        Object.assign(set, { is_ongoing: 0, inclusive_end_date: change.inclusive_end_date, duration_days: null });
      }
      if (Object.keys(set).length) await store.updateCampaign(campaignId, set);
      const [updated] = await this.campaigns(advertiserId, { ids: [campaignId] });
      // Found above and only changed since: gone now means deleted meanwhile, a 404 rather than an empty answer.
      if (!updated) throw new ApiError('not_found');
      return updated;
    },

    /** Conversion tags for web-conversion ads: the advertiser's list, and a new one. */
    tags: (advertiserId: string) => store.tags(advertiserId),
    async createTag(advertiserId: string, name: string) {
      const tag = { id: newId(), advertiser_id: advertiserId, name, created_at: clock.now() };
      await store.insertTag(tag);
      return { id: tag.id, name: tag.name, created_at: tag.created_at };
    },

    ...adEvents(deps),
    ...clientAdEvents(deps),
    async adGroups(advertiserId: string, filter: { campaignIds?: string[]; adGroupIds?: string[] }) {
      return (await store.adGroups(advertiserId, filter)).map((g) => ({
        ...g,
        targeting_spec: JSON.parse(g.targeting_spec) as unknown,
        // Stored as the save validated it; read back through the same schema, so the answer has its shape.
        optimization_goal_metadata: g.optimization_goal_metadata ? (goalMetadata.safeParse(JSON.parse(g.optimization_goal_metadata)).data ?? null) : null,
        auto_targeting: Boolean(g.auto_targeting),
        daily_budget: fromMicro(Number(g.daily_budget_micro)),
      }));
    },
    ads: (advertiserId: string, filter: { ids?: string[] }) => store.ads(advertiserId, filter),
    async billing(advertiserId: string) {
      // Order lines: each campaign's budget and all it spent, the latest start first.
      const [lines, history] = await Promise.all([store.campaigns(advertiserId, {}), store.history(advertiserId)]);
      lines.sort((a, b) => Number(b.start_at) - Number(a.start_at));
      return {
        order_lines: lines.map((l) => ({
          id: l.id,
          name: l.name,
          status: l.status,
          daily_budget: fromMicro(Number(l.daily_budget_micro)),
          currency: l.currency,
          start_date: day(Number(l.start_at)),
          end_date: l.is_ongoing ? null : l.inclusive_end_date,
          spend: fromMicro(Number(l.spend_micro)),
        })),
        history: history.map((h) => ({ day: h.day, currency: h.currency, spend: fromMicro(Number(h.spend_micro)) })),
      };
    },
  };
}

export type CampaignsService = ReturnType<typeof campaignsService>;

import type { CampaignsService } from './campaigns/service.js';
import type { AdvertisersService } from './service.js';
import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { httpUrl } from '../lib/validation.js';
import { id } from '../lib/validation.js';
import { COUNTRIES } from './rules/countries.js';
import { userText } from '../lib/text.js';

export const country = z
  .string()
  .trim()
  .toUpperCase()
  .refine((c) => Object.hasOwn(COUNTRIES, c), 'Choose a country from the list.');

/** A business's names and addresses, read by its members and on its pins: the one text rule (lib/text.ts). */
export const text = (max: number, what: string) => userText({ max, required: `Enter your ${what}.`, maxMessage: `Must be at most ${max} characters.` });

export const idList = z.array(id).max(100).optional();

export const date = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Must be a date (YYYY-MM-DD).')
  .refine((d) => !Number.isNaN(Date.parse(d)) && new Date(d).toISOString().startsWith(d), 'Must be a real date.');

/** Every advertiser resource names the business it acts for; its access check reads this. */
export const scoped = { advertiser_id: id };

export const dateRange = { start_date: date.optional(), end_date: date.optional() };

/** The advertiser area's answers, as the contract. */
/**
 * The web app's types of these answers: inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type AdvertiserAccess = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'];
export type AdvertiserSetup = Awaited<ReturnType<AdvertisersService['setup']>>;
export type AdvertiserViewer = Awaited<ReturnType<AdvertisersService['viewer']>>;
export type Insights = z.infer<typeof advertisersContract.CampaignInsightsResource.get.answer>;
export type Campaign = z.infer<typeof campaignAnswer>;
export type AdGroup = z.infer<typeof advertisersContract.AdvertiserAdGroupsResource.get.answer>[number];
export type Ad = z.infer<typeof advertisersContract.AdvertiserAdsResource.get.answer>[number];
export type BillingAnswer = Awaited<ReturnType<CampaignsService['billing']>>;

/** Shapes more than one answer below (or another capability's) is made of. */
export const campaignAnswer = z.object({
  range: z.object({ start: z.string(), end: z.string() }),
  id: z.string(),
  name: z.string(),
  objective_type: z.string(),
  status: z.string(),
  daily_budget: z.number(),
  daily_budget_in_micro_currency: z.number(),
  currency: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  is_ongoing: z.boolean(),
  ads_client_type: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  spend: z.number(),
  billing_url: z.string(),
});

export const advertiserSetupAnswer = z.object({
  has_business_info: z.boolean(),
  has_billing: z.boolean(),
  business: z
    .object({
      country: z.string(),
      advertiser_id: z.string(),
      business_name: z.string(),
      address_line: z.string(),
      city: z.string(),
      postal_code: z.string(),
      updated_at: z.number(),
    })
    .nullable(),
  billing: z.object({ card_holder: z.string(), card_brand: z.string(), card_last4: z.string(), currency: z.string() }).nullable(),
});

export const sponsorshipAnswer = z.object({
  pin_id: z.string(),
  state: z.enum(['approved', 'rejected', 'removed', 'requested']),
  sponsorshipStatus: z.union([z.literal(0), z.literal(2), z.literal(3)]),
  sponsorName: z.string(),
  sponsorUsername: z.string(),
});

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const advertisersContract = {
  BusinessConvertResource: {
    create: {
      options: z.object({ business_name: text(100, 'business name'), website_url: httpUrl.optional().nullable(), country }),
      answer: z.object({ advertiser_id: z.string(), created: z.boolean() }),
    },
  },
  AdvertiserResource: {
    get: {
      options: z.object(scoped),
      answer: advertiserSetupAnswer.extend({
        merchant_claim_pending: z.boolean(),
        permissions: z.array(z.string()),
        is_owner: z.boolean(),
        quick_promote_steps: z.enum(['full', 'short']),
        viewer: z.object({ id: z.string(), isAuth: z.boolean(), isPartner: z.boolean(), meetsMfa: z.boolean() }),
        id: z.string(),
        name: z.string(),
        country: z.string(),
        currency: z.string(),
        website_url: z.string().nullable(),
        owner_user_id: z.string(),
        merchant_id: z.string().nullable(),
      }),
    },
  },
  AdvertiserBusinessProfileResource: {
    create: {
      options: z.object({
        ...scoped,
        business_name: text(100, 'business name'),
        address_line: text(200, 'street address'),
        city: text(100, 'city'),
        postal_code: text(20, 'postal code'),
        country,
      }),
      answer: advertiserSetupAnswer,
    },
  },
  AdvertiserBillingProfileResource: {
    create: {
      options: z.object({ ...scoped, card_holder: text(100, 'name on the card'), card_number: z.string().max(30), expiry: z.string().max(7) }),
      answer: advertiserSetupAnswer,
    },
  },
  AdvertiserCampaignsResource: {
    get: {
      options: z.object({
        ...scoped,
        objective_type: z.string().max(40).optional(),
        campaign_ids: idList,
        status: z.enum(['ACTIVE', 'PAUSED', 'PENDING_BILLING']).optional(),
        query: z.string().trim().max(100).optional(),
        ...dateRange,
      }),
      answer: z.array(campaignAnswer),
    },
  },
  AdvertiserCampaignResource: {
    update: {
      options: z
        .object({
          ...scoped,
          campaign_id: id,
          status: z.enum(['ACTIVE', 'PAUSED']).optional(),
          daily_budget: z.number().positive('Must be more than zero.').max(1_000_000).optional(),
          inclusive_end_date: date.optional(),
          is_ongoing: z.boolean().optional(),
        })
        .strict()
        .refine((o) => !(o.is_ongoing && o.inclusive_end_date), { message: 'An ongoing campaign has no end date.', path: ['inclusive_end_date'] }),
      answer: campaignAnswer.optional(),
    },
  },
  CampaignInsightsResource: {
    get: {
      options: z.object({ ...scoped, campaign_id: id, ...dateRange, comp_start_date: date.optional(), comp_end_date: date.optional() }),
      answer: z.object({
        campaign: campaignAnswer,
        current: z.object({
          days: z.array(z.object({ day: z.string(), impressions: z.number(), clicks: z.number(), spend: z.number() })),
          total: z.object({ impressions: z.number(), clicks: z.number(), spend: z.number() }),
          start: z.string(),
          end: z.string(),
        }),
        comparison: z
          .object({
            days: z.array(z.object({ day: z.string(), impressions: z.number(), clicks: z.number(), spend: z.number() })),
            total: z.object({ impressions: z.number(), clicks: z.number(), spend: z.number() }),
            start: z.string(),
            end: z.string(),
          })
          .nullable(),
      }),
    },
  },
  AdvertiserConversionTagsResource: {
    get: { options: z.object(scoped), answer: z.array(z.object({ id: z.string(), created_at: z.number(), name: z.string() })) },
    create: { options: z.object({ ...scoped, name: text(100, 'tag name') }), answer: z.object({ id: z.string(), name: z.string(), created_at: z.number() }) },
  },
  AdvertiserMerchantResource: {
    create: {
      options: z.object({ ...scoped, website_url: httpUrl.optional() }),
      answer: z.object({ website_url: z.string(), token: z.string(), meta_tag: z.string(), merchant_id: z.null() }),
    },
    update: { options: z.object(scoped), answer: z.object({ website_url: z.string().nullable(), merchant_id: z.string(), verified: z.boolean() }) },
  },
  AdvertiserSponsorshipsResource: {
    get: {
      options: z.object(scoped),
      answer: z.array(
        z.object({
          sponsorshipStatus: z.union([z.literal(0), z.literal(2), z.literal(3)]),
          pin_id: z.string(),
          state: z.enum(['approved', 'rejected', 'removed', 'requested']),
          updated_at: z.number(),
          title: z.string(),
          description: z.string(),
          image_url: z.string().nullable(),
          pinner_username: z.string(),
        }),
      ),
    },
    update: { options: z.object({ ...scoped, pin_id: id, decision: z.enum(['approve', 'reject']) }), answer: sponsorshipAnswer.nullable() },
  },
  PinSponsorshipResource: {
    create: {
      options: z.object({
        pin_id: id,
        sponsor_username: z
          .string()
          .trim()
          .transform((u) => u.replace(/^@/, ''))
          .pipe(z.string().min(1, 'Enter the sponsor’s username.').max(30)),
      }),
      answer: sponsorshipAnswer.nullable(),
    },
    delete: { options: z.object({ pin_id: id }), answer: sponsorshipAnswer.nullable() },
  },
  PinAdLabelsResource: {
    get: {
      options: z.object({ pin_id: id }),
      answer: z.object({
        pin_id: z.string(),
        promoted_by: z.object({ name: z.string() }).nullable(),
        sponsorship: sponsorshipAnswer.nullable(),
        is_verified_merchant: z.boolean(),
      }),
    },
  },
  AdvertiserAdGroupsResource: {
    get: {
      options: z.object({ ...scoped, campaign_ids: idList, ad_group_ids: idList }),
      answer: z.array(
        z.object({
          targeting_spec: z.unknown(),
          optimization_goal_metadata: z.unknown(),
          auto_targeting: z.boolean(),
          daily_budget: z.number(),
          status: z.string(),
          currency: z.string(),
          objective_type: z.string(),
          daily_budget_micro: z.number(),
          campaign_id: z.string(),
          id: z.string(),
          name: z.string(),
          campaign_name: z.string(),
        }),
      ),
    },
  },
  AdvertiserAdsResource: {
    get: {
      options: z.object({ ...scoped, pin_promotion_ids: idList }),
      answer: z.array(
        z.object({
          title: z.string().nullable(),
          image_url: z.string().nullable(),
          objective_type: z.string(),
          id: z.string(),
          campaign_name: z.string(),
          status: z.string(),
          destination_url: z.string(),
          pin_id: z.string().nullable(),
          product_group_id: z.string().nullable(),
          ad_group_id: z.string(),
          campaign_id: z.string(),
        }),
      ),
    },
  },
  AdvertiserBillingResource: {
    get: {
      options: z.object(scoped),
      answer: advertiserSetupAnswer.extend({
        order_lines: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            status: z.string(),
            daily_budget: z.number(),
            currency: z.string(),
            start_date: z.string(),
            end_date: z.string().nullable(),
            spend: z.number(),
          }),
        ),
        history: z.array(z.object({ day: z.string(), currency: z.string(), spend: z.number() })),
      }),
    },
  },
  AdvisoryNoticeResource: {
    get: {
      options: z.union([z.object({ search_term: z.string().trim().min(1).max(200) }), z.object({ pin_id: id })]),
      answer: z
        .object({
          advisory: z.boolean(),
          severity: z.union([z.literal(0), z.literal(2), z.literal(1)]),
          advisory_type: z.string(),
          advisory_details: z.enum(['abusive', 'brand_unsafe', 'sensitive']),
          resource_country: z.string().nullable(),
          notice: z.object({
            style: z.enum(['error', 'info', 'warning']),
            title: z.string(),
            description: z.object({
              text: z.string(),
              textTags: z.array(z.object({ tagType: z.number(), offset: z.number(), length: z.number(), link: z.string().optional() })),
            }),
            actions: z.array(z.object({ text: z.string(), link: z.string() })),
          }),
        })
        .nullable(),
    },
  },
} satisfies ContractTable;

import type { CampaignsService } from './campaigns/service.js';
import type { AdvertisersService } from './service.js';
import { z } from 'zod';
import type { ActionAnswers } from '../lib/envelope.contract.js';

/** The advertiser area's answers, as the contract of issue 26. */
/**
 * The web app's types of these answers (issue 26): inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type AdvertiserAccess = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'];
export type AdvertiserSetup = Awaited<ReturnType<AdvertisersService['setup']>>;
export type AdvertiserViewer = Awaited<ReturnType<AdvertisersService['viewer']>>;
export type Insights = z.infer<typeof advertisersAnswers.CampaignInsightsResource.get>;
export type Campaign = z.infer<typeof campaignAnswer>;
export type AdGroup = z.infer<typeof advertisersAnswers.AdvertiserAdGroupsResource.get>[number];
export type Ad = z.infer<typeof advertisersAnswers.AdvertiserAdsResource.get>[number];
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
  business: z.object({
    country: z.string(),
    advertiser_id: z.string(),
    business_name: z.string(),
    address_line: z.string(),
    city: z.string(),
    postal_code: z.string(),
    updated_at: z.number(),
  }).nullable(),
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
 * The answers of this capability's resource actions, by resource and action (issue 26): /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const advertisersAnswers = {
  BusinessConvertResource: {
    create: z.object({ advertiser_id: z.string(), created: z.boolean() }),
  },
  AdvertiserResource: {
    get: advertiserSetupAnswer.extend({
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
  AdvertiserBusinessProfileResource: {
    create: advertiserSetupAnswer,
  },
  AdvertiserBillingProfileResource: {
    create: advertiserSetupAnswer,
  },
  AdvertiserCampaignsResource: {
    get: z.array(campaignAnswer),
  },
  AdvertiserCampaignResource: {
    update: campaignAnswer.optional(),
  },
  CampaignInsightsResource: {
    get: z.object({
      campaign: campaignAnswer,
      current: z.object({
        days: z.array(z.object({ day: z.string(), impressions: z.number(), clicks: z.number(), spend: z.number() })),
        total: z.object({ impressions: z.number(), clicks: z.number(), spend: z.number() }),
        start: z.string(),
        end: z.string(),
      }),
      comparison: z.object({
        days: z.array(z.object({ day: z.string(), impressions: z.number(), clicks: z.number(), spend: z.number() })),
        total: z.object({ impressions: z.number(), clicks: z.number(), spend: z.number() }),
        start: z.string(),
        end: z.string(),
      }).nullable(),
    }),
  },
  AdvertiserConversionTagsResource: {
    get: z.array(z.object({ id: z.string(), created_at: z.number(), name: z.string() })),
    create: z.object({ id: z.string(), name: z.string(), created_at: z.number() }),
  },
  AdvertiserMerchantResource: {
    create: z.object({ website_url: z.string(), token: z.string(), meta_tag: z.string(), merchant_id: z.null() }),
    update: z.object({ website_url: z.string().nullable(), merchant_id: z.string(), verified: z.boolean() }),
  },
  AdvertiserSponsorshipsResource: {
    get: z.array(z.object({
      sponsorshipStatus: z.union([z.literal(0), z.literal(2), z.literal(3)]),
      pin_id: z.string(),
      state: z.enum(['approved', 'rejected', 'removed', 'requested']),
      updated_at: z.number(),
      title: z.string(),
      description: z.string(),
      image_url: z.string().nullable(),
      pinner_username: z.string(),
    })),
    update: sponsorshipAnswer.nullable(),
  },
  PinSponsorshipResource: {
    create: sponsorshipAnswer.nullable(),
    delete: sponsorshipAnswer.nullable(),
  },
  PinAdLabelsResource: {
    get: z.object({
      pin_id: z.string(),
      promoted_by: z.object({ name: z.string() }).nullable(),
      sponsorship: sponsorshipAnswer.nullable(),
      is_verified_merchant: z.boolean(),
    }),
  },
  AdvertiserAdGroupsResource: {
    get: z.array(z.object({
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
    })),
  },
  AdvertiserAdsResource: {
    get: z.array(z.object({
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
    })),
  },
  AdvertiserBillingResource: {
    get: advertiserSetupAnswer.extend({
      order_lines: z.array(z.object({
        id: z.string(),
        name: z.string(),
        status: z.string(),
        daily_budget: z.number(),
        currency: z.string(),
        start_date: z.string(),
        end_date: z.string().nullable(),
        spend: z.number(),
      })),
      history: z.array(z.object({ day: z.string(), currency: z.string(), spend: z.number() })),
    }),
  },
  AdvisoryNoticeResource: {
    get: z.object({
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
    }).nullable(),
  },
} satisfies ActionAnswers;

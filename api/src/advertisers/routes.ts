import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { httpUrl, id, parse } from '../lib/validation.js';
import type { PinsService } from '../pins/service.js';
import { quickPromoteBody, type CampaignsService } from './campaigns/service.js';
import type { noticesService } from './notices/service.js';
import type { offsiteService } from './offsite/service.js';
import { COUNTRIES } from './rules/countries.js';
import type { AdvertisersService } from './service.js';

const country = z.string().trim().toUpperCase().refine((c) => Object.hasOwn(COUNTRIES, c), 'Choose a country from the list.');
const text = (max: number, what: string) => z.string().trim().min(1, `Enter your ${what}.`).max(max, `Must be at most ${max} characters.`);
const idList = z.array(id).max(100).optional();

/** POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/ (advertiser.md section 7). */
export function adsRoutes(campaigns: CampaignsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post('/advertisers/:advertiserId/pins/:pinId/quick_promote/', async (c) => {
    const viewer = c.get('viewer');
    // Section 8: a 401 with a message is shown in the pin area.
    if (!viewer) throw new ApiError('unauthorized', 'Log in to promote this Pin.');
    const advertiserId = parse(id, c.req.param('advertiserId'));
    const pinId = parse(id, c.req.param('pinId'));
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError('invalid_input', 'The request is not valid JSON.');
    }
    return ok(c, await campaigns.quickPromote(viewer, advertiserId, pinId, parse(quickPromoteBody, raw)));
  });
  return routes;
}

/** GET /vx/business_access/profiles/: the viewer's access profiles. */
export function businessAccessRoutes(advertisers: AdvertisersService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/business_access/profiles/', async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    return ok(c, await advertisers.profiles(viewer.id));
  });
  return routes;
}

const offsiteQuery = z.object({
  url: httpUrl.optional(),
  pin_id: id.optional(),
  third_party_ad: z.string().max(40).optional(),
  check_only: z.enum(['true', 'false', '1', '0']).optional(),
  client_tracking_params: z.string().max(2000).optional(),
  aux_data: z.string().max(2000).optional(),
});

/** GET /v3/offsite/: where a link lands and whether it may be followed. */
export function offsiteRoutes(offsite: ReturnType<typeof offsiteService>, pins: PinsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/offsite/', async (c) => {
    const q = parse(offsiteQuery, c.req.query());
    let url = q.url;
    if (!url && q.pin_id) url = (await pins.get(c.get('viewer'), q.pin_id)).link ?? undefined;
    if (!url) throw new ApiError('invalid_input', 'url: Give the link to check, or a pin with one.');
    return ok(c, await offsite.check(url));
  });
  return routes;
}

/** The pages' reads and writes, through the resource layer; every one that names an advertiser passes its access check. */
export function advertiserResources(advertisers: AdvertisersService, campaigns: CampaignsService, notices: ReturnType<typeof noticesService>, steps: 'short' | 'full'): ResourceRegistry {
  const scoped = { advertiser_id: id };
  return {
    BusinessConvertResource: {
      create: action({
        auth: true,
        options: z.object({ business_name: text(100, 'business name'), website_url: httpUrl.optional().nullable(), country }),
        run: (o, { viewer }) => advertisers.convert(viewer.id, { business_name: o.business_name, website_url: o.website_url ?? null, country: o.country }),
      }),
    },
    AdvertiserResource: {
      get: action({
        auth: true,
        options: z.object(scoped),
        run: async (o, { viewer }) => {
          const access = await advertisers.access(viewer.id, o.advertiser_id);
          return { ...access.advertiser, permissions: access.permissions, is_owner: access.isOwner, quick_promote_steps: steps, viewer: await advertisers.viewer(viewer.id), ...(await advertisers.setup(o.advertiser_id)) };
        },
      }),
    },
    AdvertiserBusinessProfileResource: {
      create: action({
        auth: true,
        options: z.object({ ...scoped, business_name: text(100, 'business name'), address_line: text(200, 'street address'), city: text(100, 'city'), postal_code: text(20, 'postal code'), country }),
        run: async ({ advertiser_id, ...rest }, { viewer }) => {
          await advertisers.access(viewer.id, advertiser_id);
          return advertisers.saveBusinessProfile(advertiser_id, rest);
        },
      }),
    },
    AdvertiserBillingProfileResource: {
      create: action({
        auth: true,
        options: z.object({ ...scoped, card_holder: text(100, 'name on the card'), card_number: z.string().max(30), expiry: z.string().max(7) }),
        run: async ({ advertiser_id, ...rest }, { viewer }) => {
          const { advertiser } = await advertisers.access(viewer.id, advertiser_id);
          return advertisers.saveBillingProfile(advertiser_id, advertiser.country, rest);
        },
      }),
    },
    AdvertiserCampaignsResource: {
      get: action({
        auth: true,
        options: z.object({ ...scoped, objective_type: z.string().max(40).optional(), campaign_ids: idList }),
        run: async (o, { viewer }) => {
          await advertisers.access(viewer.id, o.advertiser_id);
          return campaigns.campaigns(o.advertiser_id, { objectiveType: o.objective_type, ids: o.campaign_ids });
        },
      }),
    },
    AdvertiserAdGroupsResource: {
      get: action({
        auth: true,
        options: z.object({ ...scoped, campaign_ids: idList, ad_group_ids: idList }),
        run: async (o, { viewer }) => {
          await advertisers.access(viewer.id, o.advertiser_id);
          return campaigns.adGroups(o.advertiser_id, { campaignIds: o.campaign_ids, adGroupIds: o.ad_group_ids });
        },
      }),
    },
    AdvertiserAdsResource: {
      get: action({
        auth: true,
        options: z.object({ ...scoped, pin_promotion_ids: idList }),
        run: async (o, { viewer }) => {
          await advertisers.access(viewer.id, o.advertiser_id);
          return campaigns.ads(o.advertiser_id, { ids: o.pin_promotion_ids });
        },
      }),
    },
    AdvertiserBillingResource: {
      get: action({
        auth: true,
        options: z.object(scoped),
        run: async (o, { viewer }) => {
          await advertisers.access(viewer.id, o.advertiser_id);
          return { ...(await campaigns.billing(o.advertiser_id)), ...(await advertisers.setup(o.advertiser_id)) };
        },
      }),
    },
    AdvisoryNoticeResource: {
      get: action({
        auth: false,
        options: z.union([z.object({ search_term: z.string().trim().min(1).max(200) }), z.object({ pin_id: id })]),
        run: (o) => ('search_term' in o ? notices.find('search', o.search_term) : notices.find('pin', o.pin_id)),
      }),
    },
  };
}

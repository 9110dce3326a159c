import { JSON_BODY, NO_LIMIT, declare } from '../lib/declare.js';
import { Hono, type MiddlewareHandler } from 'hono';
import { z } from 'zod';
import type { AppEnv, Viewer } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { advertisersContract } from './contract.js';
import { httpUrl, id, parse } from '../lib/validation.js';
import type { PinsService } from '../pins/service.js';
import { quickPromoteBody, type CampaignsService } from './campaigns/service.js';
import { clientAddress } from '../lib/client-address.js';
import { fetchMetadata, isOwnPageClick } from '../lib/fetch-metadata.js';
import { takeOutbound } from '../lib/outbound-limits.js';
import { offsiteAction } from './rules/offsite.js';
import type { Limits } from '../lib/limits.js';
import type { Config } from '../config.js';
import type { noticesService } from './notices/service.js';
import type { offsiteService } from './offsite/service.js';
import type { AdvertisersService } from './service.js';
import type { SponsorshipsService } from './sponsorships/service.js';

/** POST /ads/v4/advertisers/{advertiserId}/pins/{pinId}/quick_promote/. */
export function adsRoutes(campaigns: CampaignsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.post(
    '/advertisers/:advertiserId/pins/:pinId/quick_promote/',
    declare({ caller: 'user', limit: NO_LIMIT.write, body: JSON_BODY, policy: 'advertiser role', unauthorized: 'Log in to promote this Pin.' }),
    async (c) => {
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
    },
  );
  return routes;
}

/** GET /vx/business_access/profiles/: the viewer's access profiles. */
export function businessAccessRoutes(advertisers: AdvertisersService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/business_access/profiles/', declare({ caller: 'user', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const viewer = c.get('viewer');
    if (!viewer) throw new ApiError('unauthorized');
    return ok(c, await advertisers.profiles(viewer));
  });
  return routes;
}

export const offsiteQuery = z.object({
  url: httpUrl.optional(),
  pin_id: id.optional(),
  // The name the /offsite/ route gives the pin; taken here too.
  pin: id.optional(),
  third_party_ad: z.string().max(40).optional(),
  check_only: z.enum(['true', 'false', '1', '0']).optional(),
  client_tracking_params: z.string().max(2000).optional(),
  aux_data: z.string().max(2000).optional(),
});

/** The /offsite/ page's query (token, url, and optionally pin, isThirdPartyAd, csr, client_tracking_params, aux_data). */
export const offsitePageQuery = z.object({
  url: httpUrl.optional(),
  pin: id.optional(),
  pin_id: id.optional(),
  // Accepted and not used: the pin names the link, so a signed link adds nothing (docs/decisions/abuse.md).
  token: z.string().max(200).optional(),
});

/** The pin's link, when this viewer may read the pin and it has one. */
const linkOf = (pins: PinsService, viewer: Viewer | null, pinId: string) => pins.get(viewer, pinId).then((p) => p.link ?? undefined);

/** GET /v3/offsite/: where a link lands and whether it may be followed. A check: it never bills a click (GET /offsite/ does). */
export function offsiteRoutes(offsite: ReturnType<typeof offsiteService>, pins: PinsService, config: Pick<Config, 'trustProxy'>, limits: Limits): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/offsite/', declare({ caller: 'visitor', limit: ['offsitePinAddress', 'offsiteCheckAddress', 'outboundSite'], body: 0 }), async (c) => {
    const q = parse(offsiteQuery, c.req.query());
    const pinId = q.pin_id ?? q.pin;
    const pinLink = pinId ? await linkOf(pins, c.get('viewer') ?? null, pinId) : undefined;
    const url = q.url ?? pinLink;
    if (!url) throw new ApiError('invalid_input', 'url: Give the link to check, or a pin with one.');
    // Each check makes this server fetch a link: limited per client and per site, refused ones counted too.
    // A pin's own link has a larger share (people follow pins' links); any other link the smaller one.
    await takeOutbound(limits, url === pinLink ? 'offsitePinAddress' : 'offsiteCheckAddress', clientAddress(c, config.trustProxy), url);
    return ok(c, await offsite.check(url));
  });
  return routes;
}

/**
 * GET /offsite/: where a pin's link is followed. Only a
 * person's click on one of our own pages (lib/fetch-metadata.ts) on a link the pin carries, that the
 * check lets through as "ok", is answered here, with a redirect to the link, and counted as a click of
 * the pin's ads. Everything else goes on to the page (pages/routes.ts), which says why the link is not
 * followed, or where it goes and asks: another site's <img> or link, a mail, a script, a blocked or
 * suspicious target, a link the check could not reach. So this origin forwards no one anywhere
 * unasked, and no request but a person's click bills an advertiser.
 */
export function offsiteNavigation(
  offsite: ReturnType<typeof offsiteService>,
  pins: PinsService,
  campaigns: CampaignsService,
  config: Pick<Config, 'trustProxy'>,
  limits: Limits,
): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET') return next();
    const q = offsitePageQuery.safeParse(c.req.query());
    const pinId = q.success ? (q.data.pin ?? q.data.pin_id) : undefined;
    if (!pinId || !isOwnPageClick(fetchMetadata((name) => c.req.header(name)))) return next();
    const viewerId = c.get('viewer')?.id ?? null;
    const address = clientAddress(c, config.trustProxy);
    let link: string | undefined;
    let action: ReturnType<typeof offsiteAction>;
    try {
      link = await linkOf(pins, c.get('viewer') ?? null, pinId);
      if (!link || (q.data?.url !== undefined && q.data.url !== link)) return next();
      await takeOutbound(limits, 'offsitePinAddress', address, link);
      action = offsiteAction((await offsite.check(link)).redirect_status);
    } catch (error) {
      // A pin it cannot read, a link the rules refuse or the check could not reach, a limit: the page says which.
      if (error instanceof ApiError) return next();
      throw error;
    }
    if (action !== 'open') return next();
    await campaigns.countAdEvent(pinId, 'click', viewerId, address);
    c.header('Cache-Control', 'no-store');
    return c.redirect(new URL(link).href, 302);
  };
}

/** The pages' reads and writes, through the resource layer; every one that names an advertiser passes its access check. */
export function advertiserResources(
  advertisers: AdvertisersService,
  campaigns: CampaignsService,
  notices: ReturnType<typeof noticesService>,
  sponsorships: SponsorshipsService,
  pins: PinsService,
  steps: 'short' | 'full',
  outbound: { limits: Limits; trustProxy: Config['trustProxy'] },
) {
  const { trustProxy } = outbound;
  return {
    BusinessConvertResource: {
      create: action({
        ...advertisersContract.BusinessConvertResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => advertisers.convert(viewer.id, { business_name: o.business_name, website_url: o.website_url ?? null, country: o.country }),
      }),
    },
    AdvertiserResource: {
      get: action({
        ...advertisersContract.AdvertiserResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          const access = await advertisers.access(viewer, o.advertiser_id);
          const { merchant_claim_token, ...advertiser } = access.advertiser;
          return {
            ...advertiser,
            merchant_claim_pending: Boolean(merchant_claim_token),
            permissions: access.permissions,
            is_owner: access.isOwner,
            quick_promote_steps: access.advertiser.quick_promote_steps ?? steps,
            viewer: await advertisers.viewer(viewer),
            ...(await advertisers.setup(o.advertiser_id)),
          };
        },
      }),
    },
    AdvertiserBusinessProfileResource: {
      create: action({
        ...advertisersContract.AdvertiserBusinessProfileResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: async ({ advertiser_id, ...rest }, { viewer }) => {
          await advertisers.access(viewer, advertiser_id);
          return advertisers.saveBusinessProfile(advertiser_id, rest);
        },
      }),
    },
    AdvertiserBillingProfileResource: {
      create: action({
        ...advertisersContract.AdvertiserBillingProfileResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: async ({ advertiser_id, ...rest }, { viewer }) => {
          const { advertiser } = await advertisers.access(viewer, advertiser_id);
          return advertisers.saveBillingProfile(advertiser_id, advertiser.country, rest);
        },
      }),
    },
    AdvertiserCampaignsResource: {
      get: action({
        ...advertisersContract.AdvertiserCampaignsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return campaigns.campaigns(o.advertiser_id, {
            objectiveType: o.objective_type,
            ids: o.campaign_ids,
            status: o.status,
            query: o.query || undefined,
            startDate: o.start_date,
            endDate: o.end_date,
          });
        },
      }),
    },
    AdvertiserCampaignResource: {
      update: action({
        ...advertisersContract.AdvertiserCampaignResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: ({ advertiser_id, campaign_id, ...change }, { viewer }) => campaigns.updateCampaign(viewer, advertiser_id, campaign_id, change),
      }),
    },
    CampaignInsightsResource: {
      get: action({
        ...advertisersContract.CampaignInsightsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return campaigns.insights(o.advertiser_id, o.campaign_id, {
            startDate: o.start_date,
            endDate: o.end_date,
            compStartDate: o.comp_start_date,
            compEndDate: o.comp_end_date,
          });
        },
      }),
    },
    AdvertiserConversionTagsResource: {
      get: action({
        ...advertisersContract.AdvertiserConversionTagsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return campaigns.tags(o.advertiser_id);
        },
      }),
      create: action({
        ...advertisersContract.AdvertiserConversionTagsResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return campaigns.createTag(o.advertiser_id, o.name);
        },
      }),
    },
    AdvertiserMerchantResource: {
      // Claim: a token for the website (a new website may be given); verify: the site is read for it.
      create: action({
        ...advertisersContract.AdvertiserMerchantResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return advertisers.claimWebsite(o.advertiser_id, o.website_url);
        },
      }),
      // Reading the site makes this server fetch it: limited per client and per site, as a person's site proof is.
      update: action({
        ...advertisersContract.AdvertiserMerchantResource.update,
        caller: 'user',
        limit: ['siteProofAddress', 'outboundSite'],
        run: async (o, { viewer, c }) => {
          const { advertiser } = await advertisers.access(viewer, o.advertiser_id);
          if (advertiser.website_url && !advertiser.merchant_id)
            await takeOutbound(outbound.limits, 'siteProofAddress', clientAddress(c, trustProxy), advertiser.website_url);
          return advertisers.verifyWebsite(o.advertiser_id);
        },
      }),
    },
    AdvertiserSponsorshipsResource: {
      get: action({
        ...advertisersContract.AdvertiserSponsorshipsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => sponsorships.ofAdvertiser(viewer, o.advertiser_id),
      }),
      update: action({
        ...advertisersContract.AdvertiserSponsorshipsResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => sponsorships.decide(viewer, o.advertiser_id, o.pin_id, o.decision),
      }),
    },
    PinSponsorshipResource: {
      create: action({
        ...advertisersContract.PinSponsorshipResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => sponsorships.request(viewer, o.pin_id, o.sponsor_username),
      }),
      delete: action({
        ...advertisersContract.PinSponsorshipResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => sponsorships.remove(viewer, o.pin_id),
      }),
    },
    PinAdLabelsResource: {
      // The pin page's labels: 'Promoted by', the paid partnership, the verified merchant. Showing a promoted pin is an impression.
      get: action({
        ...advertisersContract.PinAdLabelsResource.get,
        caller: 'visitor',
        limit: 'adEventsAddress',
        run: async (o, { c, viewer }) => {
          const pin = await pins.get(viewer, o.pin_id);
          const [promoted, sponsorship, verifiedMerchant] = await Promise.all([
            campaigns.promotedBy(pin.id),
            sponsorships.forPin(pin.id),
            advertisers.isVerifiedMerchant(pin.pinner.id),
          ]);
          // Once per viewer a day, and a bounded number per address (campaigns/events.ts clientAdEvents).
          if (promoted) await campaigns.countAdEvent(pin.id, 'impression', viewer?.id ?? null, clientAddress(c, trustProxy));
          return { pin_id: pin.id, promoted_by: promoted ? { name: promoted.name } : null, sponsorship, is_verified_merchant: verifiedMerchant };
        },
      }),
    },
    AdvertiserAdGroupsResource: {
      get: action({
        ...advertisersContract.AdvertiserAdGroupsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return campaigns.adGroups(o.advertiser_id, { campaignIds: o.campaign_ids, adGroupIds: o.ad_group_ids });
        },
      }),
    },
    AdvertiserAdsResource: {
      get: action({
        ...advertisersContract.AdvertiserAdsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return campaigns.ads(o.advertiser_id, { ids: o.pin_promotion_ids });
        },
      }),
    },
    AdvertiserBillingResource: {
      get: action({
        ...advertisersContract.AdvertiserBillingResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) => {
          await advertisers.access(viewer, o.advertiser_id);
          return { ...(await campaigns.billing(o.advertiser_id)), ...(await advertisers.setup(o.advertiser_id)) };
        },
      }),
    },
    AdvisoryNoticeResource: {
      get: action({
        ...advertisersContract.AdvisoryNoticeResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: (o) => ('search_term' in o ? notices.find('search', o.search_term) : notices.find('pin', o.pin_id)),
      }),
    },
  } satisfies ResourceRegistry;
}

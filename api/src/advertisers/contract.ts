import type { CampaignsService } from './campaigns/service.js';
import type { AdvertisersService } from './service.js';

/** The advertiser area's answers (advertiser.md), as the contract of issue 26. */
/**
 * Answers not yet written as zod schemas (issue 26): typed by what the service returns. Type-only imports,
 * so the contract stays pure at run time and the web app reads its types here, never in a service.
 */
export type AdvertiserAccess = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'];
export type AdvertiserSetup = Awaited<ReturnType<AdvertisersService['setup']>>;
export type AdvertiserViewer = Awaited<ReturnType<AdvertisersService['viewer']>>;
export type Insights = Awaited<ReturnType<CampaignsService['insights']>>;
export type Campaign = Awaited<ReturnType<CampaignsService['campaigns']>>[number];
export type AdGroup = Awaited<ReturnType<CampaignsService['adGroups']>>[number];
export type Ad = Awaited<ReturnType<CampaignsService['ads']>>[number];
export type BillingAnswer = Awaited<ReturnType<CampaignsService['billing']>>;

import type { AdvertisersService } from '../../../api/src/advertisers/service';
import type { CampaignsService } from '../../../api/src/advertisers/campaigns/service';

/** What the advertiser area's pages are given (issue 26: beside the pages, so the pages do not import each other for a type). */
export type AdvertiserData = Awaited<ReturnType<AdvertisersService['access']>>['advertiser'] &
  Awaited<ReturnType<AdvertisersService['setup']>> & { permissions: string[]; is_owner: boolean; quick_promote_steps: 'short' | 'full'; merchant_claim_pending: boolean; viewer: Awaited<ReturnType<AdvertisersService['viewer']>> };
export type Insights = Awaited<ReturnType<CampaignsService['insights']>>;
export type Campaign = Awaited<ReturnType<CampaignsService['campaigns']>>[number];
export type AdGroup = Awaited<ReturnType<CampaignsService['adGroups']>>[number];
export type Ad = Awaited<ReturnType<CampaignsService['ads']>>[number];
export type Billing = Awaited<ReturnType<CampaignsService['billing']>> & Awaited<ReturnType<AdvertisersService['setup']>>;

export type Sponsorship = { pin_id: string; state: string; updated_at: number; title: string; description: string; image_url: string | null; pinner_username: string; sponsorshipStatus: number };

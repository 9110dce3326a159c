import type { Ad, AdGroup, AdvertiserAccess, AdvertiserSetup, AdvertiserViewer, BillingAnswer, Campaign, Insights } from '../../../api/src/advertisers/contract';

export type { Ad, AdGroup, Campaign, Insights };

/** What the advertiser area's pages are given (issue 26: beside the pages, so the pages do not import each other for a type). */
export type AdvertiserData = AdvertiserAccess &
  AdvertiserSetup & { permissions: string[]; is_owner: boolean; quick_promote_steps: 'short' | 'full'; merchant_claim_pending: boolean; viewer: AdvertiserViewer };
export type Billing = BillingAnswer & AdvertiserSetup;

export type Sponsorship = { pin_id: string; state: string; updated_at: number; title: string; description: string; image_url: string | null; pinner_username: string; sponsorshipStatus: number };

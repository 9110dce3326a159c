import type { Ad, AdGroup, AdvertiserSetup, BillingAnswer, Campaign, Insights } from '../../../api/src/advertisers/contract';
import type { AnswerOf } from '../../../api/src/resources.contract';

export type { Ad, AdGroup, Campaign, Insights };

/**
 * What the advertiser area's pages are given: AdvertiserResource's answer as the server builds it (its claim
 * token stays on the server; the pages see only whether one is pending). Beside the pages, so the pages do not
 * import each other for a type.
 */
export type AdvertiserData = AnswerOf<'AdvertiserResource', 'get'>;
export type Billing = BillingAnswer & AdvertiserSetup;

export type Sponsorship = {
  pin_id: string;
  state: string;
  updated_at: number;
  title: string;
  description: string;
  image_url: string | null;
  pinner_username: string;
  sponsorshipStatus: number;
};

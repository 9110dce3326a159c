import { cutCreatorName } from './text.js';

/**
 * The creator card's labels. Status 2 (requested or rejected)
 * shows plain 'paid partnership'; the other readings are ours: 0 (approved) names the sponsor,
 * 3 (removed by the creator) shows none.
 */
export function sponsorshipLabel(status: number | null | undefined, sponsorName?: string | null): string | null {
  if (status === 0) return sponsorName ? `Paid partnership with ${cutCreatorName(sponsorName)}` : 'Paid partnership';
  if (status === 2) return 'paid partnership';
  return null;
}

/** The affiliate ad label shows only for enabled experiment groups or employees. */
export function showAffiliateLabel(experimentEnabled: boolean, isEmployee: boolean): boolean {
  return experimentEnabled || isEmployee;
}

/** Follower counts in short form with one fraction digit: 1234 → 1.2K. */
export function shortCount(count: number, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(count);
}

/** Hidden for an unverified creator seen by a visitor who is not signed in. */
export function showFollowerCount(isVerifiedIdentity: boolean, viewerIsAuth: boolean): boolean {
  return isVerifiedIdentity || viewerIsAuth;
}

/** A paid partnership's state as the creator card's sponsorshipStatus: approved 0, requested or rejected 2, removed 3. */
export const SPONSORSHIP_STATES = ['requested', 'approved', 'rejected', 'removed'] as const;
export type SponsorshipState = (typeof SPONSORSHIP_STATES)[number];
export function sponsorshipStatus(state: SponsorshipState): 0 | 2 | 3 {
  if (state === 'approved') return 0;
  if (state === 'removed') return 3;
  return 2;
}

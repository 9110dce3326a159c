/**
 * The success dialog's 'Promote your Pin' is offered only when the viewer is
 * signed in, not a partner, passes the eligibility check (quick promote by pinners allowed, the
 * `quick_promote_by_pinner` flag here), is an adult by the age-check helper (born at or before today
 * minus 18 years), and the pin's site type is not 3.
 */
export const PROMOTE_MIN_AGE = 18;
const EXCLUDED_SITE_TYPE = 3;

export interface PromotionInput {
  signedIn: boolean;
  isPartner: boolean;
  quickPromoteByPinner: boolean;
  birthdayMs: number | null;
  siteType: number | null;
  nowMs: number;
}

export function isAdult(birthdayMs: number | null, nowMs: number, years = PROMOTE_MIN_AGE): boolean {
  if (birthdayMs === null) return false;
  const cutoff = new Date(nowMs);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - years);
  return birthdayMs <= cutoff.getTime();
}

export function promotionOffered(input: PromotionInput): boolean {
  return input.signedIn && !input.isPartner && input.quickPromoteByPinner && isAdult(input.birthdayMs, input.nowMs) && input.siteType !== EXCLUDED_SITE_TYPE;
}

/** A campaign name over 63 characters becomes 62 and an ellipsis. */
export const CAMPAIGN_NAME_LIMIT = 63;
/** A creator card's name is cut at 70 characters. */
export const CREATOR_NAME_LIMIT = 70;

/** Cuts text longer than `limit` to `limit - 1` characters plus '…' (by code points, so no half emoji). */
export function cutText(text: string, limit: number): string {
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, limit - 1).join('')}…` : text;
}

export const cutCampaignName = (name: string) => cutText(name, CAMPAIGN_NAME_LIMIT);
export const cutCreatorName = (name: string) => cutText(name, CREATOR_NAME_LIMIT);

/** Full name splitting: the first word is the first name, the rest the last name. */
export function splitFullName(full: string): { firstName: string; lastName: string } {
  const [first = '', ...rest] = full.trim().split(/\s+/);
  return { firstName: first, lastName: rest.join(' ') };
}

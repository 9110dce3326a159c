import { suspiciousReason } from '../../lib/rules/link-shape.js';

/**
 * A business's product tags on a pin (the pin builder's shop-the-pin control): pure, so the builder checks
 * what it sends with the same rule the API parses with (pins/routes.ts), and the pin page reads the same limits.
 */

/** At most this many products on one pin: a short shopping list under a picture, not a catalogue. */
export const PRODUCT_TAGS_MAX = 10;
/** A product's name as a shop lists it. */
export const PRODUCT_TITLE_MAX = 100;
/** A price as the business writes it ("€12.99", "from $20"): text, never a number the product computes with. */
export const PRODUCT_PRICE_MAX = 32;
/** As long as any link a pin may carry (lib/validation.ts httpUrl). */
export const PRODUCT_URL_MAX = 2048;

export const PRODUCT_TAG_MESSAGES = {
  tooMany: `A Pin can tag at most ${PRODUCT_TAGS_MAX} products.`,
  notHttps: 'A product link must be an https URL.',
  credentials: 'A product link may not hold a user name or password (it would hide where it really goes).',
  misleading: 'A product link must name its shop plainly: no bare IP address, no unusual port, no look-alike letters.',
  duplicate: 'This product is already tagged on the Pin.',
} as const;

/**
 * Why a product link is refused, or null. Only https: a shop page someone pays on is never sent in the
 * clear. A user name or password in the address (`https://shop.example@evil.example/`) reads as one site
 * and opens another; a bare IP address, a port of its own or a name in look-alike letters are what the link
 * check (advertisers/rules/offsite.ts) calls suspicious. A product link opens straight from the pin page, with
 * no check in between, so these are refused when the tag is made rather than warned about at the click.
 * `unicodeHost` is the host as a reader sees it (the server passes node:url's domainToUnicode).
 */
export function productUrlProblem(value: string, unicodeHost?: (host: string) => string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return PRODUCT_TAG_MESSAGES.notHttps;
  }
  if (url.protocol !== 'https:') return PRODUCT_TAG_MESSAGES.notHttps;
  if (url.username || url.password) return PRODUCT_TAG_MESSAGES.credentials;
  return suspiciousReason(url, unicodeHost?.(url.hostname) || url.hostname) ? PRODUCT_TAG_MESSAGES.misleading : null;
}

/**
 * Two tags are the same product when their links lead to the same page: compared as the URL parser writes
 * them (host case, default port, percent-encoding settled), without the fragment, which never reaches the shop.
 */
export function productKey(value: string): string {
  try {
    const url = new URL(value);
    url.hash = '';
    return url.href;
  } catch {
    return value;
  }
}

/** The index of every tag whose product came earlier in the list (its duplicates), in order. */
export function duplicateProducts(tags: readonly { url: string }[]): number[] {
  const seen = new Set<string>();
  const duplicates: number[] = [];
  tags.forEach((tag, index) => {
    const key = productKey(tag.url);
    if (seen.has(key)) duplicates.push(index);
    seen.add(key);
  });
  return duplicates;
}

/*
 * Links made to mislead a reader, judged by their shape alone: pure, for the server and the web app. The offsite
 * link check (advertisers/rules/offsite.ts) calls such a link suspicious; a product tag on a pin
 * (pins/rules/product-tags.ts) refuses it.
 */

/**
 * Why a link is suspicious by its own shape, whatever the block list says (the
 * "suspicious" status, for hosts nobody has listed yet). Each is a mark of links made to mislead a reader:
 * - credentials: `https://shop.example@evil.example/` reads as shop.example and goes to evil.example;
 * - numeric_host: a bare IP address instead of a name (a public one: private ones are refused outright);
 * - port: a port other than the scheme's own, where throwaway servers hide;
 * - lookalike: a name in letters of another script that look Latin (`аpple.com` with a Cyrillic а);
 * - download: the link lands on a file to save, not a page to read.
 */
export const SUSPICIOUS_REASONS = ['credentials', 'numeric_host', 'port', 'lookalike', 'download'] as const;
export type SuspiciousReason = (typeof SUSPICIOUS_REASONS)[number];

/** Letters of Cyrillic, Greek, Armenian and Cherokee (the scripts with Latin look-alikes). */
const LOOKALIKE_SCRIPTS = /[\u0370-\u03ff\u0400-\u052f\u0530-\u058f\u13a0-\u13ff]/u;
/** Cyrillic and Greek letters that look like Latin ones: a name made only of these reads as a Latin name. */
const LATIN_LOOKING = /^[аеорсуххіјѕԁԛԝһӏԛɡοαν0-9-]+$/u;

/** Whether one label of a name (in Unicode) mixes Latin with a look-alike script, or is a Latin word spelled in look-alikes. */
export function isLookalikeLabel(label: string): boolean {
  if (!LOOKALIKE_SCRIPTS.test(label)) return false;
  return /[a-z]/.test(label) || LATIN_LOOKING.test(label);
}

/**
 * The reason a URL on a link's way is suspicious, or null. `unicodeHost` is the host as a reader sees
 * it (punycode decoded; the server passes node:url's domainToUnicode, so this module stays pure for the web app).
 */
export function suspiciousReason(url: URL, unicodeHost: string = url.hostname): SuspiciousReason | null {
  if (url.username || url.password) return 'credentials';
  const host = url.hostname;
  if (/^\[.*\]$/.test(host) || /^\d+\.\d+\.\d+\.\d+$/.test(host)) return 'numeric_host';
  if (url.port !== '') return 'port';
  if (unicodeHost.toLowerCase().split('.').some(isLookalikeLabel)) return 'lookalike';
  return null;
}

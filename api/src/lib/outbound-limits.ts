import { isIP } from 'node:net';
import { addressKey } from './client-address.js';
import type { LimitName, Limits } from './limits.js';
import { currentRequest, withRedirectCounting } from '../core/request-context.js';

/**
 * Anything a visitor can make the server do has a per-client and a per-target
 * limit. For an outbound fetch the client is the caller's address and the target is every
 * site the fetch reaches: the one the URL names, and each other site a redirect leads it to (counted as
 * the hop is about to be requested, lib/safe-fetch.ts), so a chain of redirectors cannot aim this server at
 * a site beyond its share. Refused fetches count too (a refusal still costs a DNS lookup, and a scan is
 * mostly refusals).
 */

/** Second-level labels under which a country's names are registered (shop.co.uk is one site, not co.uk). */
const SECOND_LEVEL = new Set(['co', 'com', 'net', 'org', 'gov', 'edu', 'ac', 'or', 'ne', 'go', 'gob', 'nic']);

/**
 * The site a host belongs to, as a key: its registrable name by a short rule (the last two labels, or
 * three under a country's co./com./… level), so a.victim.example and b.victim.example are one target.
 * An IP address is its own site (an IPv6 one by its /64). Without the public suffix list this errs on
 * the side of one key for more hosts (two customers of one hosting suffix share one), which only makes
 * the limit stricter for them.
 */
export function siteOf(host: string): string {
  const bare = host
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (isIP(bare)) return addressKey(bare);
  const labels = bare.split('.');
  const take = labels.length >= 3 && labels.at(-1)!.length === 2 && SECOND_LEVEL.has(labels.at(-2)!) ? 3 : 2;
  return labels.slice(-take).join('.');
}

/** The host of a URL the caller gave, or undefined when it is not one (the fetch then refuses it). */
function hostOf(raw: string | URL): string | undefined {
  try {
    return new URL(raw).hostname || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Takes one fetch of `target` for the client `address` under `client`, and one for the target's site
 * under outboundSite; 429 (counting nothing) when either is used up.
 */
export async function takeOutbound(limits: Limits, client: LimitName, address: string | undefined, target: string | URL): Promise<void> {
  const key = addressKey(address);
  await limits.take(client, key);
  const host = hostOf(target);
  if (!host) return;
  try {
    await limits.take('outboundSite', siteOf(host));
  } catch (error) {
    await limits.refund(client, key, 1);
    throw error;
  }
  // The sites the request's fetches reach by redirects are counted too, each once (a chain back to a site
  // already counted costs nothing more).
  const request = currentRequest();
  if (request) request.redirectedTo = redirectCounter(limits, host);
}

/** Counts each site a redirect leads to once, the first site (`host`) already counted. */
function redirectCounter(limits: Limits, host: string) {
  const counted = new Set([siteOf(host)]);
  return async (url: URL) => {
    const site = siteOf(url.hostname);
    if (counted.has(site)) return;
    await limits.take('outboundSite', site);
    counted.add(site);
  };
}

/**
 * A background job's fetch (an image ingest, an import's images): the same per-site share a visitor's fetch
 * takes (its client was counted by the request that queued it), the sites its redirects reach counted too.
 * A share used up refuses with its 429 and Retry-After, which the job queue waits out (jobs/service.ts).
 */
export async function withSiteShare<T>(limits: Limits, target: string, fetch: () => Promise<T>): Promise<T> {
  const host = hostOf(target);
  if (!host) return fetch();
  await limits.take('outboundSite', siteOf(host));
  return withRedirectCounting(redirectCounter(limits, host), fetch);
}

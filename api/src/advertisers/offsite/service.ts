import { domainToUnicode } from 'node:url';
import type { Deps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { checkOutbound, outboundUrl, safeFetch, type Resolver } from '../../lib/safe-fetch.js';
import { hostAndParents, isDownload, suspiciousReason, worstStatus, type RedirectStatus, type SuspiciousReason } from '../rules/offsite.js';
import { offsiteStore } from './store.js';

/** Enough to see where a link lands; the body is not used. */
const CHECK_MAX_BYTES = 256 * 1024;
const CHECK_TIMEOUT_MS = 5_000;

export interface OffsiteVerdict {
  redirect_status: RedirectStatus;
  /** Where the link lands (after redirects), or the link itself when it was judged without a fetch. */
  url: string;
  /** Why a link is suspicious by its shape (rules/offsite.ts); absent when a listed host made it so. */
  reason?: SuspiciousReason;
}

/**
 * GET /v3/offsite/: the link's redirect chain is followed with the
 * outbound rules, and every host on it (with its parent domains) is judged against the block list;
 * the worst status wins. A listed first host is judged without fetching it at all. Then every URL on
 * the way, the final one included, is judged by its shape (suspiciousReason), and the landing answer by
 * what it is (a file to download). An address the outbound rules refuse is an error (outbound_refused),
 * as is a link that can't be reached: the check could not pass it.
 */
export function offsiteService(deps: Deps, resolve?: Resolver) {
  const store = offsiteStore(deps.db);
  const allow = deps.config.outboundAllow;
  const judge = async (hosts: string[]): Promise<RedirectStatus> => worstStatus(await store.statusesOf([...new Set(hosts.flatMap(hostAndParents))]));
  // The operator's exempt origins (the demo publisher, test fixtures) are trusted as they are.
  const shapeOf = (url: URL) => (allow.includes(url.origin) ? null : suspiciousReason(url, domainToUnicode(url.hostname) || url.hostname));

  /** The hosts on the way against the block list (worst wins), then each URL's shape, then what the landing is. */
  const verdictOf = async (hops: URL[], url: string, download: boolean): Promise<OffsiteVerdict> => {
    const listed = await judge(hops.map((u) => u.hostname));
    if (listed !== 'ok') return { redirect_status: listed, url };
    const reason = hops.map(shapeOf).find((r) => r !== null) ?? (download ? 'download' : null);
    return reason ? { redirect_status: 'suspicious', url, reason } : { redirect_status: 'ok', url };
  };

  return {
    async check(raw: string): Promise<OffsiteVerdict> {
      const first = outboundUrl(raw);
      const before = await judge([first.hostname]);
      if (before !== 'ok') return { redirect_status: before, url: first.href };
      // An address the rules refuse is refused before its shape is judged: the link can't be used at all.
      await checkOutbound(first, { allow, resolve });
      const firstReason = shapeOf(first);
      if (firstReason) return { redirect_status: 'suspicious', url: first.href, reason: firstReason };
      const hops: URL[] = [];
      let finalUrl = first.href;
      let download = false;
      try {
        const res = await safeFetch(first, {
          maxBytes: CHECK_MAX_BYTES,
          timeoutMs: CHECK_TIMEOUT_MS,
          allow,
          resolve,
          accept: 'text/html,*/*',
          onHop: (u) => hops.push(u),
        });
        finalUrl = res.url;
        download = isDownload(res.headers);
      } catch (error) {
        // A chain that leads to an address the rules refuse can't be used, whatever else it is.
        if (error instanceof ApiError && error.errorName === 'outbound_refused') throw error;
        finalUrl = hops.at(-1)?.href ?? first.href;
        // A chain that went somewhere listed or misleading is judged so, even if its last hop can't be read.
        const seen = await verdictOf(hops, finalUrl, false);
        if (seen.redirect_status !== 'ok') return seen;
        // A page too large to read still landed somewhere: judge where. Anything else is the caller's error.
        if (!(error instanceof ApiError && error.errorName === 'outbound_too_large')) throw error;
        return seen;
      }
      return verdictOf(hops, finalUrl, download);
    },
    setHost: (host: string, status: string) => store.set(host.toLowerCase(), status, deps.clock.now()),
    clearHost: (host: string) => store.clear(host.toLowerCase()),
  };
}

import type { Deps } from '../../deps.js';
import { ApiError } from '../../lib/errors.js';
import { outboundUrl, safeFetch, type Resolver } from '../../lib/safe-fetch.js';
import { hostAndParents, worstStatus, type RedirectStatus } from '../rules/offsite.js';
import { offsiteStore } from './store.js';

/** Enough to see where a link lands; the body is not used. */
const CHECK_MAX_BYTES = 256 * 1024;
const CHECK_TIMEOUT_MS = 5_000;

/**
 * GET /v3/offsite/ (advertiser.md sections 4 and 7): the link's redirect chain is followed with the
 * outbound rules, and every host on it (with its parent domains) is judged against the block list;
 * the worst status wins. A listed first host is judged without fetching it at all.
 */
export function offsiteService(deps: Deps, resolve?: Resolver) {
  const store = offsiteStore(deps.db);
  const judge = async (hosts: string[]): Promise<RedirectStatus> => worstStatus(await store.statusesOf([...new Set(hosts.flatMap(hostAndParents))]));

  return {
    async check(raw: string): Promise<{ redirect_status: RedirectStatus; url: string }> {
      const first = outboundUrl(raw);
      const before = await judge([first.hostname]);
      if (before !== 'ok') return { redirect_status: before, url: first.href };
      const hops: URL[] = [];
      let finalUrl = first.href;
      try {
        const res = await safeFetch(first, { maxBytes: CHECK_MAX_BYTES, timeoutMs: CHECK_TIMEOUT_MS, allow: deps.config.outboundAllow, resolve, accept: 'text/html,*/*', onHop: (u) => hops.push(u) });
        finalUrl = res.url;
      } catch (error) {
        // A page too large to read still landed somewhere: judge where. Anything else is the caller's error (plain navigation).
        if (!(error instanceof ApiError && error.errorName === 'outbound_too_large')) throw error;
        finalUrl = hops.at(-1)?.href ?? first.href;
      }
      return { redirect_status: await judge(hops.map((u) => u.hostname)), url: finalUrl };
    },
    setHost: (host: string, status: string) => store.set(host.toLowerCase(), status, deps.clock.now()),
    clearHost: (host: string) => store.clear(host.toLowerCase()),
  };
}

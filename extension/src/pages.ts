import type { MessageKey } from './i18n';

/**
 * Pages the picker cannot read: browsers keep extensions out of their own pages, their
 * extension stores and their PDF viewer. Told apart before trying, so the message says which; anything
 * else that refuses the script (a policy, a file:// page without file access) is 'blocked'.
 */
export type Unreadable = 'browser' | 'store' | 'pdf' | 'blocked';

const STORES = [
  /^https:\/\/chromewebstore\.google\.com\//,
  /^https:\/\/chrome\.google\.com\/webstore/,
  /^https:\/\/addons\.mozilla\.org\//,
  /^https:\/\/microsoftedge\.microsoft\.com\/addons/,
];

export function unreadable(url: string | undefined): Unreadable | null {
  if (!url) return 'browser';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'browser';
  }
  if (!['http:', 'https:', 'file:'].includes(parsed.protocol)) return 'browser';
  if (STORES.some((store) => store.test(url))) return 'store';
  if (/\.pdf$/i.test(parsed.pathname)) return 'pdf';
  return null;
}

/** What each reason says (locales/<lang>/extension.json, which the build writes as _locales): a title and what the user can do instead. */
export const MESSAGES: Record<Unreadable, { title: MessageKey; body: MessageKey }> = {
  browser: { title: 'cannotTitle', body: 'cannotBrowserBody' },
  store: { title: 'cannotStoreTitle', body: 'cannotStoreBody' },
  pdf: { title: 'cannotPdfTitle', body: 'cannotPdfBody' },
  blocked: { title: 'cannotBlockedTitle', body: 'cannotBlockedBody' },
};

import { exactOrigin } from '../../popup/src/query';

/** The product origin this copy was built for (PUBLIC_ORIGIN at build time, rollup.config.mjs). */
declare const __PRODUCT_ORIGIN__: string;
export const BUILT_FOR = __PRODUCT_ORIGIN__;

/** Every site's pages, asked for only when the user turns hover buttons on (optional_host_permissions). */
export const HOVER_ORIGINS = ['http://*/*', 'https://*/*'];
/** The id of the registered hover content script (hover.ts). */
export const HOVER_SCRIPT = 'hover';

/**
 * What the user set on the options page, in chrome.storage.local. Nothing secret: the popup's own
 * session cookies sign the user in; the extension holds no password or token.
 */
export interface Settings {
  /** The product origin the popup opens on. */
  origin: string;
  /** Hover Save buttons on every site (off by default). */
  hover: boolean;
  /** Hosts where the user asked never to see them. */
  never: string[];
}

export async function readSettings(): Promise<Settings> {
  const stored = await chrome.storage.local.get(['origin', 'hover', 'never']);
  return {
    origin: exactOrigin(typeof stored.origin === 'string' ? stored.origin : null) ?? BUILT_FOR,
    hover: stored.hover === true,
    never: Array.isArray(stored.never) ? stored.never.filter((h): h is string => typeof h === 'string') : [],
  };
}

/** A user's "product address": an exact http(s) origin, given with or without a trailing slash. */
export function parseOrigin(value: string): string | null {
  return exactOrigin(value.trim().replace(/\/+$/, ''));
}

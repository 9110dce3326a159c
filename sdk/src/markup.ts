/**
 * Reading the page as pinit.js reads it: the data-pin-* settings, what a Save link or image asks to
 * save, and the page's own URL and description. Pure functions over the DOM, so they are unit-tested.
 */
export interface PinRequest {
  url: string;
  media: string;
  description: string;
}

/** Board and pin description max 500. */
export const DESCRIPTION_MAX = 500;

/** Page-wide defaults from the script tag; every button may override the look ones. */
export interface Settings {
  hover: boolean;
  save: boolean;
  tall: boolean;
  round: boolean;
  custom: boolean;
  color: string;
  lang: string;
  /** Names of global functions: the failure callback, the build function to expose, the API object. */
  error: string;
  build: string;
  util: string;
}

/** The look of one button: the page-wide defaults, overridden by the element's own data-pin-*. */
export type Look = Pick<Settings, 'save' | 'tall' | 'round' | 'custom' | 'color' | 'lang'>;

export const attr = (el: Element | null | undefined, name: string) => el?.getAttribute('data-pin-' + name) ?? null;

const DEFAULTS: Settings = {
  hover: false,
  save: true,
  tall: false,
  round: false,
  custom: false,
  color: 'red',
  lang: '',
  error: '',
  build: '',
  util: 'PinUtils',
};

/**
 * Overrides from an element's data-pin-* attributes, as pinit.js reads them: a flag is on when present
 * ("" or "true") and off when "false"; an empty text keeps the default.
 */
export function readLook<T extends Partial<Settings>>(el: Element | null, defaults: T): T {
  const out: Record<string, unknown> = { ...defaults };
  for (const key in defaults) {
    const value = attr(el, key);
    if (value !== null) out[key] = typeof defaults[key] === 'boolean' ? value !== 'false' : value || defaults[key];
  }
  return out as T;
}

/** Page-wide settings from the script tag; the language defaults to the page's lang. */
export const readSettings = (script: Element | null, doc: Document): Settings => readLook(script, { ...DEFAULTS, lang: doc.documentElement.lang });

export type Kind = 'pin' | 'bookmark' | 'follow';
const KINDS: Record<string, Kind> = { buttonPin: 'pin', buttonBookmark: 'bookmark', buttonFollow: 'follow' };

/**
 * What a link becomes: data-pin-do names it; a bare /pin/create/button/ link is a Save button;
 * none/ignore/nothing and widgets we do not make (embedPin, embedBoard…) are left alone.
 */
export function kindOf(link: Element): Kind | null {
  const todo = attr(link, 'do');
  if (todo !== null) return Object.hasOwn(KINDS, todo) ? (KINDS[todo] ?? null) : null;
  return /\/pin\/create\/button\//.test(link.getAttribute('href') ?? '') ? 'pin' : null;
}

/** Query keys that look like secrets never leave the page inside a pin's link. */
const SECRET_KEY = /pass|pwd|secret|token|auth|session|sid$|api.?key|otp/i;

export function withoutSecrets(href: string): string {
  try {
    const url = new URL(href);
    for (const key of [...url.searchParams.keys()]) if (SECRET_KEY.test(key)) url.searchParams.delete(key);
    return url.href;
  } catch {
    return href;
  }
}

/** The page's URL: pin:url meta, else canonical, else og:url, else the document's, secrets removed. */
export function pageUrl(doc: Document): string {
  const meta = (selector: string, name: string) => doc.querySelector(selector)?.getAttribute(name);
  const given =
    meta('meta[name="pin:url"],meta[property="pin:url"]', 'content') ||
    meta('link[rel="canonical"]', 'href') ||
    meta('meta[property="og:url"],meta[name="og:url"]', 'content');
  let url = doc.URL;
  try {
    if (given) url = new URL(given, doc.baseURI).href;
  } catch {
    // A malformed meta falls back to the document's own URL.
  }
  return withoutSecrets(url);
}

/** The first non-blank description, in the order of the rules, cut to 500 characters. */
export function pickDescription(...choices: Array<string | null | undefined>): string {
  for (const choice of choices) {
    const text = choice?.trim();
    if (text) return text.slice(0, DESCRIPTION_MAX);
  }
  return '';
}

export const selectedText = () => String(getSelection?.() ?? '');

/** What a Save link asks to save: data-pin-* attributes, then its href's query, then the page. */
export function readPinLink(link: Element, doc: Document, selection = ''): PinRequest & { id: string } {
  let query = new URLSearchParams();
  try {
    query = new URL(link.getAttribute('href') ?? '', doc.baseURI).searchParams;
  } catch {
    // An unparsable href still leaves the data-pin-* attributes and the page itself.
  }
  const pick = (name: string) => attr(link, name) || query.get(name) || '';
  return {
    url: pick('url') || pageUrl(doc),
    media: pick('media'),
    description: pickDescription(selection, pick('description'), doc.title),
    id: pick('id'),
  };
}

/** What a hover button on an image saves (per-image data-pin-* first). */
export function readImage(img: HTMLImageElement, doc: Document, selection = ''): PinRequest & { id: string } {
  return {
    url: attr(img, 'url') || pageUrl(doc),
    media: attr(img, 'media') || img.currentSrc || img.src,
    description: pickDescription(selection, attr(img, 'description'), img.title, doc.title),
    id: attr(img, 'id') || '',
  };
}

/** Images the publisher asked us to leave alone, for hover and for the pick-any-image button. */
export const noPin = (img: Element) => img.hasAttribute('nopin') || img.hasAttribute('data-nopin') || img.hasAttribute('data-pin-nopin');
export const noHover = (img: Element) => noPin(img) || img.hasAttribute('nohover') || img.hasAttribute('data-pin-no-hover');
/** `<meta name="pinterest" content="nopin|nohover">`, read each time so a single-page app may change it. */
export const pageSays = (doc: Document, word: string) => (doc.querySelector('meta[name="pinterest"]')?.getAttribute('content') ?? '').includes(word);

/**
 * The popup URL for a request; the host's origin goes along so the popup can answer it exactly.
 * A repin (data-pin-id) saves the product's own pin page, which the popup turns into a repin.
 */
export function popupUrl(
  productOrigin: string,
  method: string,
  request: PinRequest & { id?: string; lang?: string },
  guid: string,
  hostOrigin: string,
): string {
  // The button's language goes along (`lang`): the popup opens in it unless the user chose another.
  const { id, lang, ...rest } = request;
  if (lang) (rest as Record<string, string>).lang = lang;
  if (id && /^\d{1,20}$/.test(id)) rest.url = `${productOrigin}/pin/${id}/`;
  const query = new URLSearchParams({ ...rest, guid, origin: hostOrigin });
  return `${productOrigin}/pin/create/${method}/?${query}`;
}

/**
 * buttonFollow: the profile or board the link names (`/{username}/` or `/{username}/{board}/`, on any
 * host, as pinit.js markup points at pinterest.com) opened on our origin with `?follow=1`.
 */
export function followUrl(productOrigin: string, href: string): string | null {
  try {
    const path = new URL(href, productOrigin).pathname;
    return /^\/[\w.-]+\/(?:[\w.-]+\/)?$/.test(path) ? `${productOrigin}${path}?follow=1` : null;
  } catch {
    return null;
  }
}

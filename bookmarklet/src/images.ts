/**
 * The image rules, one pure module shared by the bookmarklet, the SDK's "pick any image" button
 * and the server-side finder: what counts as pinnable, and in which order to offer it.
 */
export interface Candidate {
  url: string;
  width: number;
  height: number;
  /** Marked by the publisher (data-pin-media, pin:media, og:image…). */
  marked?: boolean;
}

/** saving.md section 5: tile images must exceed 119 by 119 pixels. */
export const MIN_SIDE = 119;
/** Wider than 3:1 is a banner, not a pin. */
export const MAX_ASPECT = 3;

export function isPinnableUrl(url: string): boolean {
  return /^https?:\/\//i.test(url) && !/\.svgz?(?:[?#]|$)/i.test(url);
}

export function isPinnable(c: Candidate): boolean {
  return isPinnableUrl(c.url) && c.width > MIN_SIDE && c.height > MIN_SIDE && c.width / c.height <= MAX_ASPECT;
}

/** Pinnable candidates, publisher-marked first, then larger first. */
export function rank<T extends Candidate>(candidates: T[]): T[] {
  return candidates
    .filter(isPinnable)
    .sort((a, b) => Number(!!b.marked) - Number(!!a.marked) || b.width * b.height - a.width * a.height);
}

/** Already in the form a browser serialises (lower-case host, printable ASCII, no fragment): nothing to normalise. */
const CANONICAL = /^https?:\/\/[a-z0-9.-]+(?::\d+)?\/[\x21-\x22\x24-\x5b\x5d-\x7e]*$/;

/** The absolute http(s) URL without its fragment, the key candidates are deduplicated by; null when not http(s). */
export function normaliseUrl(url: string, base: string): string | null {
  // The fast path matters: a page of 5,000 images gives 5,000 currentSrc values, and URL parsing is the slow part.
  if (CANONICAL.test(url)) return isPinnableUrl(url) ? url : null;
  try {
    const u = new URL(url.trim(), base);
    if (!isPinnableUrl(u.href)) return null;
    u.hash = '';
    return u.href;
  } catch {
    return null;
  }
}

/**
 * The largest entry of a srcset: by width descriptor, else by density. `width` only when the entry
 * says it (`800w`); a density tells nothing about pixels without the element.
 */
export function largestSrcset(srcset: string | null | undefined): { url: string; width: number } | null {
  let best: { url: string; width: number; score: number } | null = null;
  const text = srcset ?? '';
  // The HTML parsing rules, cut down: a URL runs to whitespace (commas inside it are kept; trailing
  // ones end the entry), then its descriptor runs to the next comma.
  for (let i = 0; i < text.length; ) {
    while (i < text.length && /[\s,]/.test(text[i] ?? '')) i++;
    let end = i;
    while (end < text.length && !/\s/.test(text[end] ?? '')) end++;
    let url = text.slice(i, end);
    let descriptor = '';
    if (/,$/.test(url)) {
      url = url.replace(/,+$/, '');
      i = end;
    } else {
      const comma = text.indexOf(',', end);
      i = comma < 0 ? text.length : comma + 1;
      descriptor = text.slice(end, i).replace(/,$/, '').trim();
    }
    if (!url) continue;
    const value = parseFloat(descriptor) || 1;
    const width = /w$/i.test(descriptor) ? value : 0;
    const score = width || value * 1e-3;
    if (!best || score > best.score) best = { url, width, score };
  }
  return best && { url: best.url, width: best.width };
}

/** `<meta name="pinterest" content="nopin">`: the whole page asks not to be saved from. */
export function isNopinMeta(name: string | null | undefined, content: string | null | undefined): boolean {
  return (name ?? '').toLowerCase() === 'pinterest' && (content ?? '').toLowerCase() === 'nopin';
}

/** Meta tags whose content names the page's image, the first three marked by the publisher for pinning. */
export const META_IMAGES = ['pin:media', 'og:image', 'og:image:secure_url', 'og:image:url', 'twitter:image', 'twitter:image:src'];
/** Marked means ranked first: the publisher said "pin this". */
export const MARKED_META = new Set(['pin:media', 'og:image', 'og:image:secure_url', 'og:image:url']);

/** Said when a nopin page gives no description of its own. */
export const NOPIN_REASON = 'The owner of this site has asked that nothing be saved from it.';

/** The product's own pin page, `/pin/{id}/` or `/amp/pin/{id}/`: its id, else null. */
export function ownPinId(path: string): string | null {
  return /^(?:\/amp)?\/pin\/(\d+)\/?$/.exec(path)?.[1] ?? null;
}

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

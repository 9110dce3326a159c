/**
 * A business's carousel pin (the pin builder's carousel control): pure, so the builder offers the same number
 * of slots the API takes (pins/routes.ts), and the pin page reads the same limits.
 */

/** Images in one carousel, the pin's own first: fewer than two is a plain pin; five keeps a swipe short. */
export const CAROUSEL_MIN_IMAGES = 2;
export const CAROUSEL_MAX_IMAGES = 5;
/** The uploads a save adds after the pin's own image. */
export const CAROUSEL_EXTRA_MAX = CAROUSEL_MAX_IMAGES - 1;

/** The index of every id that came earlier in the list, or is the pin's own upload (its duplicates), in order. */
export function duplicateSlots(ids: readonly string[], ownUploadId?: string): number[] {
  const seen = new Set<string>(ownUploadId ? [ownUploadId] : []);
  const duplicates: number[] = [];
  ids.forEach((id, index) => {
    if (seen.has(id)) duplicates.push(index);
    seen.add(id);
  });
  return duplicates;
}

/** A list moved one place: the item at `from` swaps with its neighbour in `direction` (unchanged at either end). */
export function moved<T>(items: readonly T[], from: number, direction: -1 | 1): T[] {
  const to = from + direction;
  if (from < 0 || from >= items.length || to < 0 || to >= items.length) return [...items];
  const next = [...items];
  [next[from], next[to]] = [next[to] as T, next[from] as T];
  return next;
}

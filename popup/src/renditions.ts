import type { PinData } from './types';

/** A srcset of a pin's renditions (236x, 474x, 736x and the original), each at its own width. */
export function renditionSet(images: NonNullable<PinData['images']>): string {
  return (['236x', '474x', '736x', 'originals'] as const)
    .map((name) => images[name])
    .filter((r) => r.width)
    .map((r) => `${r.url} ${r.width}w`)
    .join(', ');
}

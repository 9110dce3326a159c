import { describe, expect, it } from 'vitest';
import { CAROUSEL_EXTRA_MAX, CAROUSEL_MAX_IMAGES, duplicateSlots, moved } from './carousel.js';

describe('carousel rules', () => {
  it('counts the pin’s own image as the first of at most five', () => {
    expect(CAROUSEL_MAX_IMAGES).toBe(5);
    expect(CAROUSEL_EXTRA_MAX).toBe(4);
  });

  it('finds an upload named twice, or naming the pin’s own', () => {
    expect(duplicateSlots(['a', 'b', 'a', 'c'])).toEqual([2]);
    expect(duplicateSlots(['a', 'b'], 'b')).toEqual([1]);
    expect(duplicateSlots(['a', 'b'], 'z')).toEqual([]);
  });

  it('moves a slot one place, and leaves the ends as they are', () => {
    expect(moved(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moved(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moved(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moved(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

import { describe, expect, it } from 'vitest';
import { newId, slugify } from './ids.js';

describe('ids', () => {
  it('are 18 decimal digits and do not repeat', () => {
    const ids = new Set(Array.from({ length: 1000 }, newId));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^[1-9]\d{17}$/);
  });

  it('slugs drop accents and punctuation', () => {
    expect(slugify('Home décor!')).toBe('home-decor');
    expect(slugify('  ')).toBe('board');
  });
});

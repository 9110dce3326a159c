import { describe, expect, it } from 'vitest';
import { isPinnable, rank } from './images';

describe('image rules', () => {
  it('keeps http(s) images larger than 119 by 119 and no wider than 3:1', () => {
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 120, height: 120 })).toBe(true);
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 119, height: 500 })).toBe(false);
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 900, height: 300 })).toBe(true);
    expect(isPinnable({ url: 'https://a.example/a.jpg', width: 901, height: 300 })).toBe(false);
    expect(isPinnable({ url: 'https://a.example/logo.svg', width: 500, height: 500 })).toBe(false);
    expect(isPinnable({ url: 'https://a.example/logo.svg?v=2', width: 500, height: 500 })).toBe(false);
    expect(isPinnable({ url: 'data:image/png;base64,AAAA', width: 500, height: 500 })).toBe(false);
  });

  it('ranks publisher-marked images first, then larger first', () => {
    const ranked = rank([
      { url: 'https://a.example/small.jpg', width: 200, height: 200 },
      { url: 'https://a.example/big.jpg', width: 1000, height: 800 },
      { url: 'https://a.example/marked.jpg', width: 300, height: 300, marked: true },
      { url: 'https://a.example/tiny.jpg', width: 50, height: 50 },
    ]);
    expect(ranked.map((c) => c.url)).toEqual(['https://a.example/marked.jpg', 'https://a.example/big.jpg', 'https://a.example/small.jpg']);
  });
});

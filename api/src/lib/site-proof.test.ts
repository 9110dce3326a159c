import { describe, expect, it } from 'vitest';
import { sameSite, verificationTagFound } from './site-proof.js';

describe('the website proof’s rules', () => {
  it('keeps a verification on the claimed site: its www twin and an https upgrade, nothing else', () => {
    const at = (a: string, b: string) => sameSite(new URL(a), new URL(b));
    expect(at('http://shop.example/', 'https://www.shop.example/en/')).toBe(true);
    expect(at('https://www.shop.example/', 'https://shop.example/')).toBe(true);
    for (const elsewhere of ['https://shop.example.evil.example/', 'https://evilshop.example/', 'https://sub.shop.example/', 'https://shop.example:8443/'])
      expect(at('https://shop.example/', elsewhere)).toBe(false);
  });

  it('finds the tag as markup only, not as text that quotes it', () => {
    expect(verificationTagFound('<head><meta name="Corkboard-Site-Verification" content=" abc "></head>', 'abc')).toBe(true);
    expect(verificationTagFound('<p>&lt;meta name="corkboard-site-verification" content="abc"&gt;</p>', 'abc')).toBe(false);
    expect(verificationTagFound('<!-- <meta name="corkboard-site-verification" content="abc"> -->', 'abc')).toBe(false);
  });
});

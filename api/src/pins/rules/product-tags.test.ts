import { describe, expect, it } from 'vitest';
import { duplicateProducts, PRODUCT_TAG_MESSAGES, productKey, productUrlProblem } from './product-tags.js';

describe('product tag rules', () => {
  it('takes https links only, without a user name or password', () => {
    expect(productUrlProblem('https://shop.example/lamp?colour=brass')).toBeNull();
    expect(productUrlProblem('http://shop.example/lamp')).toBe(PRODUCT_TAG_MESSAGES.notHttps);
    expect(productUrlProblem('javascript:alert(1)')).toBe(PRODUCT_TAG_MESSAGES.notHttps);
    expect(productUrlProblem('//shop.example/lamp')).toBe(PRODUCT_TAG_MESSAGES.notHttps);
    expect(productUrlProblem('not a url')).toBe(PRODUCT_TAG_MESSAGES.notHttps);
    expect(productUrlProblem('https://shop.example@evil.example/')).toBe(PRODUCT_TAG_MESSAGES.credentials);
    expect(productUrlProblem('https://:secret@evil.example/')).toBe(PRODUCT_TAG_MESSAGES.credentials);
  });

  it('refuses what the link check calls misleading by its shape: a bare address, a port, look-alike letters', () => {
    for (const url of ['https://203.0.113.7/lamp', 'https://[2001:db8::1]/lamp', 'https://shop.example:8443/lamp', 'https://xn--pple-43d.com/']) {
      expect(
        productUrlProblem(url, (host) => (host === 'xn--pple-43d.com' ? 'аpple.com' : host)),
        url,
      ).toBe(PRODUCT_TAG_MESSAGES.misleading);
    }
    expect(productUrlProblem('https://shop.example:443/lamp')).toBeNull();
    expect(productUrlProblem('https://bücher.example/')).toBeNull();
  });

  it('tells the same product apart from another by where its link leads', () => {
    expect(productKey('https://SHOP.example:443/lamp#reviews')).toBe(productKey('https://shop.example/lamp'));
    expect(productKey('https://shop.example/l%61mp')).not.toBe(productKey('https://shop.example/lamp?size=2'));
    expect(
      duplicateProducts([{ url: 'https://a.example/1' }, { url: 'https://a.example/2' }, { url: 'https://A.example/1#x' }, { url: 'https://a.example/2' }]),
    ).toEqual([2, 3]);
    expect(duplicateProducts([])).toEqual([]);
  });
});

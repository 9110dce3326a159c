import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeBase64 } from './contract.js';

describe("decodeBase64 (a save's image_base64)", () => {
  it('decodes standard base64 of any bytes, padded or not, with or without an image data: prefix', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 300 }), fc.boolean(), fc.boolean(), (raw, prefixed, unpadded) => {
        const bytes = Buffer.from(raw);
        let text = bytes.toString('base64');
        if (unpadded) text = text.replace(/=+$/, '');
        if (prefixed) text = `data:image/png;base64,${text}`;
        expect(decodeBase64(text)).toEqual(bytes);
      }),
    );
  });

  it('refuses what is not standard base64: other characters, base64url, whitespace, padding inside, other data: types', () => {
    for (const text of [
      'aGVsbG8*',
      'aGV-bG8=',
      'aGV_bG8=',
      'aGVs bG8=',
      'aGVs\nbG8=',
      'aG=VsbG8',
      'data:text/html;base64,aGVsbG8=',
      'data:,aGVsbG8=',
      'ümlaut',
    ]) {
      expect(decodeBase64(text), text).toBeNull();
    }
  });
});

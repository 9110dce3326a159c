import { describe, expect, it } from 'vitest';
import { sniffImage } from './sniff.js';

describe('sniffImage', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'png'],
    [[...Buffer.from('GIF89a')], 'gif'],
    [[...Buffer.from('RIFF'), 0, 0, 0, 0, ...Buffer.from('WEBP')], 'webp'],
  ])('knows %j as %s', (bytes, format) => {
    expect(sniffImage(Uint8Array.from(bytes as number[]))).toBe(format);
  });

  it.each([Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('<html>'), Buffer.from('GIF87b'), Buffer.alloc(0)])('refuses %s', (bytes) => {
    expect(sniffImage(bytes)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { safeNext } from './next.js';

describe('safeNext', () => {
  it.each([
    ['/pin/create/button/?url=x', '/pin/create/button/?url=x'],
    ['/boards#top', '/boards#top'],
    ['/a/../b', '/b'],
  ])('keeps the same-origin path %s', (input, output) => {
    expect(safeNext(input)).toBe(output);
  });

  it.each([
    'https://evil.example/',
    '//evil.example/',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'evil.example',
    '/%2F%2Fevil.example',
    '/%252F%252Fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/\u0000//evil.example',
    '/\t/evil.example',
    '/%E0%A4%A',
    '',
  ])('refuses %j', (input) => {
    expect(safeNext(input, '/home')).toBe('/home');
  });
});

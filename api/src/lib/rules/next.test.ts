import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { safeNext } from './next.js';

/** What a browser does with a redirect target on our origin: where it ends up. */
const landsOn = (target: string) => new URL(target, 'http://ours.example').origin;

describe('safeNext', () => {
  it.each([
    ['/pin/create/button/?url=x', '/pin/create/button/?url=x'],
    ['/boards#top', '/boards#top'],
    ['/a/../b', '/b'],
    ['/a/./b', '/a/b'],
    ['/pin/create/button/?url=https%3A%2F%2Fexample.com%2F', '/pin/create/button/?url=https%3A%2F%2Fexample.com%2F'],
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
    // Dot segments that normalise to a protocol-relative target (the holes).
    '/.//evil.example',
    '/..//evil.example',
    '/%2e//evil.example',
    '/%2E//evil.example',
    '/%2e%2e//evil.example',
    '/.%2e//evil.example',
    '/a/..//evil.example',
    '/a/b/../..//evil.example',
    '/./\\evil.example',
    '/%2e/%5cevil.example',
    '/%252e//evil.example',
    '/%252e%252e//evil.example',
    '/./%2Fevil.example',
    '/a/.././/evil.example/path?x=1#y',
  ])('refuses %j', (input) => {
    expect(safeNext(input, '/home')).toBe('/home');
  });

  it('always answers a path on our origin that a browser cannot read as another host', () => {
    const pieces = fc.constantFrom('/', '//', '.', '..', '%2e', '%2E', '%2f', '%5c', '\\', 'evil.example', 'a', '?', '#', '%', '%25', '@', ':', 'http:');
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 10 }).map((parts) => parts.join('')),
        (input) => {
          const out = safeNext(input, '/fallback');
          expect(out.startsWith('/')).toBe(true);
          expect(out.startsWith('//') || out.startsWith('/\\')).toBe(false);
          expect(landsOn(out)).toBe('http://ours.example');
          // Asking again changes nothing: the browser's own normalising cannot make it a host.
          expect(safeNext(out, '/fallback')).toBe(out);
        },
      ),
      { numRuns: 2000 },
    );
  });
});

describe('safeNext with page URLs in the query', () => {
  it('keeps a next whose query carries a literal percent sign', () => {
    const next = `/pin/create/button/?url=${encodeURIComponent('https://shop.example/?sale=50%')}`;
    expect(safeNext(next)).toBe(next);
  });

  it('still refuses a hostile target behind a literal percent sign', () => {
    expect(safeNext('/%252e%252e//evil.example?x=%2525', '/home')).toBe('/home');
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type Split, PAGES_DIR, SPLIT_FILE, readExpectations, splitOf } from './corpus.js';

/**
 * Issue 30: the corpus and its split, checked without reading a page (1,200 existence checks, well under a
 * second): the split is the recorded rule's, made once and by site, and the test side keeps at least 40 %.
 */
describe('the real-page corpus', () => {
  const expectations = Object.values(readExpectations());
  const { sites } = JSON.parse(readFileSync(SPLIT_FILE, 'utf8')) as { sites: Record<string, Split> };

  it('has a committed copy, a source and an expected image for every labelled page', () => {
    expect(expectations.length).toBeGreaterThanOrEqual(1000);
    for (const e of expectations) {
      expect(existsSync(new URL(e.file, PAGES_DIR)), e.file).toBe(true);
      expect(e.repo).toMatch(/^[\w.-]+\/[\w.-]+$/);
      expect(e.expected.length, e.file).toBeGreaterThan(0);
    }
  });

  it('keeps no fixture of the projects held back for judging', () => {
    expect(expectations.filter((e) => /postlight|metascraper/i.test(e.repo))).toEqual([]);
  });

  it('splits by site with the recorded rule, and tests on at least 40 % of the pages', () => {
    for (const e of expectations) expect(sites[e.site], e.site).toBe(splitOf(e.site));
    const tested = expectations.filter((e) => sites[e.site] === 'test').length;
    expect(tested / expectations.length).toBeGreaterThanOrEqual(0.4);
  });
});

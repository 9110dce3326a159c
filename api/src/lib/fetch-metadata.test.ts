import { describe, expect, it } from 'vitest';
import { fetchMetadata, isOwnPageClick } from './fetch-metadata.js';

const of = (headers: Record<string, string>) => fetchMetadata((name) => headers[name]);
const click = { 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document', 'sec-fetch-user': '?1' };

describe('a person’s click on one of our pages (Fetch Metadata)', () => {
  it('is a same-origin top-level navigation to a document, with Sec-Fetch-User where the browser sends it', () => {
    expect(isOwnPageClick(of(click))).toBe(true);
    // Safari sends no Sec-Fetch-User at all.
    const { 'sec-fetch-user': _, ...safari } = click;
    expect(isOwnPageClick(of(safari))).toBe(true);
  });

  it('is not another site’s image, fetch, frame or link, a typed address, nor a request without the headers', () => {
    expect(isOwnPageClick(of({ 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors', 'sec-fetch-dest': 'image' }))).toBe(false);
    expect(isOwnPageClick(of({ 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'cors', 'sec-fetch-dest': 'empty' }))).toBe(false);
    expect(isOwnPageClick(of({ ...click, 'sec-fetch-dest': 'iframe' }))).toBe(false);
    expect(isOwnPageClick(of({ ...click, 'sec-fetch-site': 'cross-site' }))).toBe(false);
    expect(isOwnPageClick(of({ ...click, 'sec-fetch-site': 'same-site' }))).toBe(false);
    // An address typed, a bookmark, a link opened from a mail program.
    expect(isOwnPageClick(of({ ...click, 'sec-fetch-site': 'none' }))).toBe(false);
    expect(isOwnPageClick(of({ ...click, 'sec-fetch-user': '?0' }))).toBe(false);
    expect(isOwnPageClick(of({}))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { unreadable } from './pages';

describe('pages the picker cannot read', () => {
  it('tells browser pages, stores and PDFs apart', () => {
    expect(unreadable('chrome://settings/')).toBe('browser');
    expect(unreadable('about:newtab')).toBe('browser');
    expect(unreadable('chrome-extension://abc/options.html')).toBe('browser');
    expect(unreadable('view-source:https://example.com/')).toBe('browser');
    expect(unreadable(undefined)).toBe('browser');
    expect(unreadable('https://chromewebstore.google.com/detail/x')).toBe('store');
    expect(unreadable('https://addons.mozilla.org/en-US/firefox/')).toBe('store');
    expect(unreadable('https://example.com/files/report.PDF')).toBe('pdf');
  });
  it('lets web pages and files through', () => {
    expect(unreadable('https://example.com/recipes/tart')).toBeNull();
    expect(unreadable('http://127.0.0.1:8788/')).toBeNull();
    expect(unreadable('file:///home/me/page.html')).toBeNull();
    expect(unreadable('https://example.com/pdf-guide')).toBeNull();
  });
});

/**
 * Pages the picker cannot read (issue 31): browsers keep extensions out of their own pages, their
 * extension stores and their PDF viewer. Told apart before trying, so the message says which; anything
 * else that refuses the script (a policy, a file:// page without file access) is 'blocked'.
 */
export type Unreadable = 'browser' | 'store' | 'pdf' | 'blocked';

const STORES = [/^https:\/\/chromewebstore\.google\.com\//, /^https:\/\/chrome\.google\.com\/webstore/, /^https:\/\/addons\.mozilla\.org\//, /^https:\/\/microsoftedge\.microsoft\.com\/addons/];

export function unreadable(url: string | undefined): Unreadable | null {
  if (!url) return 'browser';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'browser';
  }
  if (!['http:', 'https:', 'file:'].includes(parsed.protocol)) return 'browser';
  if (STORES.some((store) => store.test(url))) return 'store';
  if (/\.pdf$/i.test(parsed.pathname)) return 'pdf';
  return null;
}

export const MESSAGES: Record<Unreadable, { title: string; body: string }> = {
  browser: {
    title: 'This page can’t be saved from',
    body: 'Browser pages (settings, new tabs, extensions) don’t let extensions read them. Open the page you want to save from and click Save again.',
  },
  store: {
    title: 'The extension store can’t be saved from',
    body: 'Browsers keep extensions out of their extension store. Open the page you want to save from and click Save again.',
  },
  pdf: {
    title: 'A PDF can’t be read for images',
    body: 'The browser’s PDF viewer doesn’t let extensions read it. You can still save the PDF’s link.',
  },
  blocked: {
    title: 'This page doesn’t let the extension in',
    body: 'The browser refused to let the extension read this page (a file on your computer, or a page your administrator protects). You can still save the page’s link.',
  },
};

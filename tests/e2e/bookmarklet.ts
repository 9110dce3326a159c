import type { BrowserContext, Page } from '@playwright/test';
import { PRODUCT } from './origins';

let loader: string | undefined;

/** The loader exactly as the install page's link holds it, minus the javascript: scheme. */
export async function loaderFromInstallPage(page: Page): Promise<string> {
  if (loader) return loader;
  // Read over HTTP, not in a second tab: a new page in the context would pass for the popup.
  const html = await (await page.request.get(`${PRODUCT}/bookmarklet`)).text();
  const attribute = /id="bookmarklet" href="([^"]*)"/.exec(html)?.[1] ?? '';
  const href = attribute.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  if (!href.startsWith('javascript:')) throw new Error(`Not a bookmarklet: ${href}`);
  loader = decodeURIComponent(href.slice('javascript:'.length));
  return loader;
}

/**
 * "Clicks the bookmark": runs the loader in the page's main world with a user gesture, as a browser
 * runs a bookmarklet (neither is subject to the page's CSP; what it injects is).
 */
export async function clickBookmarklet(page: Page): Promise<void> {
  const code = await loaderFromInstallPage(page);
  await page.evaluate(code);
}

export async function popupFrom(context: BrowserContext, action: () => Promise<unknown>): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), action()]);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

export const picker = (page: Page) => page.locator('corkboard-picker');

/**
 * What each tile of the open picker shows: its accessible name and image. Tiles below the first
 * screenful hold their image in data-src until they scroll near (the picker loads them lazily).
 */
export async function tiles(page: Page): Promise<Array<{ name: string; src: string }>> {
  await picker(page).getByRole('dialog').waitFor();
  return picker(page)
    .getByRole('listitem')
    .evaluateAll((els) =>
      els.map((el) => {
        const img = el.querySelector('img');
        return { name: el.getAttribute('aria-label') ?? '', src: img?.getAttribute('src') ?? img?.getAttribute('data-src') ?? '' };
      }),
    );
}

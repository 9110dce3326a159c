import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/**
 * One design system on every page: from the home page, the header's links and the business area, every
 * page reached by a link (bounded, so the run stays short) has the site header, no browser-default control
 * (fields, selects and buttons take the tokens' font and radius), no sideways scrolling at 360 and 1280 px,
 * is no raw JSON and no "couldn't find" page sent as 200, and axe finds nothing. Each page is photographed
 * at both widths, light and dark, into test-results/screens/ for a person to look at.
 */
test.setTimeout(180_000);

const SCREENS = 'test-results/screens';
const WIDTHS = [360, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
/** Not pages: the dev outbox, media, scripts, downloads, the API, and sign-in hand-offs to other sites. */
const SKIP = /^\/(dev|media|js|css|img|v3|resource|oauth|offsite)\/|\.(zip|json|csv)$|\/export\//;

const post = (page: Page, name: string, action: string, options: object) =>
  page.request.post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } }).then(async (r) => (await r.json()).resource_response);

/** What one page breaks of the design system, read from the page as the browser drew it. */
async function looks(page: Page, width: number): Promise<string[]> {
  return page.evaluate((width) => {
    const found: string[] = [];
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > innerWidth) found.push(`${width} px: ${root.scrollWidth} px wide`);
    if (!document.querySelector('header.site-header')) found.push('no site header');
    const font = getComputedStyle(document.body).fontFamily;
    for (const el of document.querySelectorAll<HTMLElement>('input, select, textarea, button')) {
      if (el.closest('[hidden], .visually-hidden') || !el.getClientRects().length) continue;
      const type = (el as HTMLInputElement).type;
      if (['hidden', 'checkbox', 'radio', 'file', 'range', 'color'].includes(type) && el.tagName === 'INPUT') continue;
      const s = getComputedStyle(el);
      const name = `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${el.className ? `.${String(el.className).split(' ')[0]}` : ''} "${(el.textContent ?? '').trim().slice(0, 20)}"`;
      // The browser's own: 13.33 px Arial (buttons, selects), outset borders, square fields.
      if (s.fontFamily !== font) found.push(`${name}: font ${s.fontFamily}`);
      if (el.tagName === 'BUTTON' ? s.borderStyle.includes('outset') : s.borderTopLeftRadius === '0px') found.push(`${name}: browser-default look`);
    }
    return found;
  }, width);
}

async function crawl(page: Page, who: string, starts: string[], limit: number, photograph: boolean) {
  mkdirSync(SCREENS, { recursive: true });
  const seen = new Set<string>();
  const queue = [...starts];
  const problems: string[] = [];
  let visited = 0;
  while (queue.length && visited < limit) {
    const url = new URL(queue.shift()!, PRODUCT);
    url.hash = '';
    if (seen.has(url.href)) continue;
    seen.add(url.href);
    visited++;
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.emulateMedia({ colorScheme: 'light' });
    const response = await page.goto(url.href);
    await page.waitForLoadState('networkidle');
    const path = url.pathname + url.search;
    const type = response?.headers()['content-type'] ?? '';
    if (type.includes('application/json')) problems.push(`${path}: raw JSON`);
    if (!type.includes('text/html')) continue;
    const text = (await page.locator('body').textContent()) ?? '';
    if (response?.status() === 200 && /couldn.t find/i.test(text)) problems.push(`${path}: "couldn't find" sent as 200`);
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations) problems.push(`${path}: axe ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      for (const p of await looks(page, width)) problems.push(`${path}: ${p}`);
      if (!photograph) continue;
      for (const colorScheme of SCHEMES) {
        await page.emulateMedia({ colorScheme });
        const name = `${who}${path.replace(/[^a-z0-9]+/gi, '_')}-${width}-${colorScheme}.png`;
        await page.screenshot({ path: `${SCREENS}/${name}`, fullPage: true });
      }
      await page.emulateMedia({ colorScheme: 'light' });
    }
    for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
      const next = new URL(href);
      if (next.origin !== PRODUCT || SKIP.test(next.pathname)) continue;
      next.hash = '';
      if (!seen.has(next.href)) queue.push(next.href);
    }
  }
  return { problems: [...new Set(problems)], visited };
}

for (const locale of ['en-US', 'de-DE']) {
  const english = locale === 'en-US';
  // English is crawled deeper and photographed; German checks the same rules on the first pages of each.
  const limit = english ? 1 : 0.4;
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('logged out, every page reached from home is designed', async ({ page }) => {
      const { problems, visited } = await crawl(page, `out-${locale}`, ['/', '/login', '/signup', '/bookmarklet', '/business/create/', '/password/reset/'], Math.ceil(6 * limit), english);
      expect(problems).toEqual([]);
      expect(visited).toBeGreaterThan(1);
    });

    test('a pinner: every page reached from home and the header menu is designed', async ({ page }) => {
      const me = freshAccount('look', 'Lena');
      await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
      await post(page, 'BoardResource', 'create', { name: `Looks ${Date.now()}` });
      const { problems, visited } = await crawl(page, `pinner-${locale}`, ['/', `/${me.username}/`, `/${me.username}/_archived/`, '/notifications/', '/settings/account/', '/settings/tokens/', '/settings/invitations/', '/search/?q=lake', '/pin-builder/'], Math.ceil(9 * limit), english);
      expect(problems).toEqual([]);
      expect(visited).toBeGreaterThan(1);
    });

    test('a business owner: every page of the business area is designed', async ({ page }) => {
      const me = freshAccount('lookbiz', 'Bea');
      await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
      const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: 'Looks Lamps', country: 'US' })).data.advertiser_id as string;
      const { problems, visited } = await crawl(page, `business-${locale}`, [`/advertiser/${advertiserId}/`, `/advertiser/${advertiserId}/members/`, '/quick-promote/', '/ads/create/'], Math.ceil(6 * limit), english);
      expect(problems).toEqual([]);
      expect(visited).toBeGreaterThan(1);
    });
  });
}

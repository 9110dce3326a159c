import { mkdirSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/**
 * One design system on every page: from the home page, the header's links and the business area, every
 * page reached by a link (bounded, so the run stays short) has the site header, no browser-default control
 * (fields, selects and buttons take the tokens' font and radius), no sideways scrolling at 360 and 1280 px,
 * is no raw JSON and no "couldn't find" page sent as 200, in English and in German; in English axe finds nothing
 * too, and each page is photographed at both widths, light and dark, into test-results/screens/ for a person to look at.
 */
test.setTimeout(180_000);

const SCREENS = 'test-results/screens';
const WIDTHS = [360, 1280] as const;
const SCHEMES = ['light', 'dark'] as const;
/** Not pages: the dev outbox, media, scripts, downloads, the API, and sign-in hand-offs to other sites. */
const SKIP = /^\/(dev|media|js|css|img|v3|resource|oauth|offsite)\/|\.(zip|json|csv)$|\/export\//;

const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);

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

/** A page's kind: its path with ids folded, so a hundred pins are one page to look at, not a hundred. */
const shape = (url: URL) => url.pathname.replace(/\d{3,}/g, 'N') + (url.search ? '?' : '');

/**
 * What one page breaks, checked as the browser drew it at both widths; `fully`: axe's rules too, and photographed.
 * The second language is walked for what its longer words break (widths, wrapping); its pages are built by the
 * same components as the first's, so axe (half of a walk's time) and the photographs are taken once.
 */
async function inspect(page: Page, name: string, fully: boolean): Promise<string[]> {
  const problems: string[] = [];
  if (fully) {
    const { violations } = await new AxeBuilder({ page }).analyze();
    for (const v of violations) problems.push(`axe ${v.id} at ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  }
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    problems.push(...(await looks(page, width)));
    if (!fully) continue;
    for (const colorScheme of SCHEMES) {
      await page.emulateMedia({ colorScheme });
      await page.screenshot({ path: `${SCREENS}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
    await page.emulateMedia({ colorScheme: 'light' });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  return problems;
}

/**
 * Every page of one kind reached by links from the starts (breadth first, one of each shape), up to a
 * bound that only keeps a runaway from lasting forever: the test fails if the bound is reached with pages
 * still waiting, so "every page" stays true as the product grows.
 */
async function crawl(page: Page, who: string, starts: string[], limit: number, fully: boolean) {
  mkdirSync(SCREENS, { recursive: true });
  const seen = new Set<string>();
  const queue = [...starts];
  const problems: string[] = [];
  const pages: string[] = [];
  let visited = 0;
  while (queue.length && visited < limit) {
    const url = new URL(queue.shift()!, PRODUCT);
    url.hash = '';
    if (seen.has(shape(url))) continue;
    seen.add(shape(url));
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
    pages.push(path);
    const name = `${who}${path.replace(/[^a-z0-9]+/gi, '_')}`;
    for (const p of await inspect(page, name, fully)) problems.push(`${path}: ${p}`);
    for (const href of await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href))) {
      const next = new URL(href);
      if (next.origin !== PRODUCT || SKIP.test(next.pathname)) continue;
      next.hash = '';
      if (!seen.has(shape(next))) queue.push(next.href);
    }
  }
  const waiting = [...new Set(queue.map((q) => shape(new URL(q))).filter((k) => !seen.has(k)))];
  test.info().annotations.push({ type: 'pages', description: pages.join(' ') });
  return { problems: [...new Set(problems)], visited, pages, waiting };
}

for (const locale of ['en-US', 'de-DE']) {
  const english = locale === 'en-US';
  // Both languages walk every page; English is also checked by axe and photographed (inspect).
  const LIMIT = 60;
  test.describe(`in ${locale}`, () => {
    test.use({ locale });

    test('logged out, every page reached from home is designed', async ({ page }) => {
      const { problems, pages, waiting } = await crawl(
        page,
        `out-${locale}`,
        ['/', '/login', '/signup', '/bookmarklet', '/business/create/', '/password/reset/'],
        LIMIT,
        english,
      );
      expect(problems).toEqual([]);
      expect(waiting).toEqual([]);
      expect(pages).toEqual(expect.arrayContaining(['/', '/bookmarklet', '/search/pins/']));
    });

    test('a pinner: every page reached from home and the header menu is designed, board settings with an invite waiting too', async ({ page }) => {
      const me = freshAccount('look', 'Lena');
      await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
      const board = (await post(page, 'BoardResource', 'create', { name: `Looks ${Date.now()}` })).data as { id: string; url: string };
      await post(page, 'PinResource', 'create', {
        board_id: board.id,
        link: `${EXAMPLES}/lake.html`,
        image_url: `${EXAMPLES}/img/mountain-lake.png`,
        color: '#88aacc',
        method: 'button',
        description: 'Lake at dawn',
      });
      const pal = `pal-${Date.now()}@example.com`;
      await post(page, 'BoardInviteResource', 'create', { board_id: board.id, emails: [pal] });
      const { problems, pages, waiting } = await crawl(page, `pinner-${locale}`, ['/'], LIMIT, english);
      expect(problems).toEqual([]);
      expect(waiting).toEqual([]);
      expect(pages).toEqual(
        expect.arrayContaining([
          `/${me.username}/`,
          `/${me.username}/_archived/`,
          '/notifications/',
          '/settings/account/',
          '/pin-builder/',
          new URL(board.url, PRODUCT).pathname,
        ]),
      );
      expect(pages.some((p) => /^\/pin\/\d+\/$/.test(p))).toBe(true);

      // The board's settings open in place: with the invite waiting, they are part of the look too.
      await page.goto(`${PRODUCT}${board.url}`);
      await page.getByRole('button', { name: english ? 'Edit board' : 'Pinnwand bearbeiten' }).click();
      await expect(page.getByText(pal)).toBeVisible();
      expect(await inspect(page, `pinner-${locale}-board-settings`, english)).toEqual([]);

      // On a phone the header's links fold behind Menu, which opens them.
      await page.goto(`${PRODUCT}/`);
      await page.setViewportSize({ width: 360, height: 800 });
      const header = page.locator('header.site-header');
      await expect(header.getByRole('link', { name: english ? 'Settings' : 'Einstellungen' })).toBeHidden();
      await header.getByRole('button', { name: english ? 'Menu' : 'Menü' }).click();
      await expect(header.getByRole('link', { name: english ? 'Settings' : 'Einstellungen' })).toBeVisible();
      if (english) await page.screenshot({ path: `${SCREENS}/pinner-${locale}-menu-open-360-light.png` });
    });

    test('a business owner: every page of the business area is designed, reached from the header', async ({ page }) => {
      const me = freshAccount('lookbiz', 'Bea');
      await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
      const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: 'Looks Lamps', country: 'US' })).data
        .advertiser_id as string;
      const { problems, pages, waiting } = await crawl(page, `business-${locale}`, ['/'], LIMIT, english);
      expect(problems).toEqual([]);
      expect(waiting).toEqual([]);
      expect(pages).toEqual(expect.arrayContaining([`/advertiser/${advertiserId}/`, `/advertiser/${advertiserId}/members/`, '/pin-builder/scheduled/']));
    });
  });
}

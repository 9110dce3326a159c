import { expect, test, type Page } from '@playwright/test';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/**
 * No dead ends: from the main pages, signed out and signed in, every same-origin link is
 * followed breadth-first (bounded) and each page it reaches is ours: never raw JSON, never a 404 from our
 * own link, never "couldn't find that board" for a path that is not a board.
 */
test.setTimeout(300_000);

const LIMIT = 80;
/** Not pages: the dev outbox, media and scripts, downloads. */
// /openapi.json is the machine-readable API reference, linked from the developer page on purpose.
const SKIP = /^\/(dev|media|js|css|img)\/|\.zip$|^\/openapi\.json$/;

const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);

async function crawl(page: Page, starts: string[]) {
  const seen = new Set<string>();
  const queue = starts.map((path) => ({ url: new URL(path, PRODUCT).href, from: '(start)' }));
  const problems: string[] = [];
  let visited = 0;
  while (queue.length && visited < LIMIT) {
    const { url, from } = queue.shift()!;
    const key = url.replace(/#.*$/, '');
    if (seen.has(key)) continue;
    seen.add(key);
    visited++;
    const response = await page.goto(key);
    await page.waitForLoadState('networkidle');
    const status = response?.status() ?? 0;
    const type = response?.headers()['content-type'] ?? '';
    const path = new URL(page.url()).pathname;
    if (status === 404) problems.push(`404 at ${key} (linked from ${from})`);
    if (type.includes('application/json')) problems.push(`raw JSON at ${key} (linked from ${from})`);
    if (!type.includes('text/html')) continue;
    const text = (await page.locator('body').textContent()) ?? '';
    if (/couldn.t find that board/i.test(text)) problems.push(`"couldn't find that board" at ${path} (linked from ${from})`);
    const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const next = new URL(href);
      if (next.origin !== PRODUCT || SKIP.test(next.pathname)) continue;
      next.hash = '';
      if (!seen.has(next.href)) queue.push({ url: next.href, from: key });
    }
  }
  return { problems, visited };
}

test('signed out: every link of the main pages leads to one of our pages', async ({ page }) => {
  const { problems, visited } = await crawl(page, [
    '/',
    '/login',
    '/signup',
    '/business/create/',
    '/password/reset/',
    '/bookmarklet',
    '/contact/',
    '/reporting/campaigns/',
    '/settings/account-management/',
  ]);
  expect(problems).toEqual([]);
  expect(visited).toBeGreaterThan(5);
});

test('signed in: home, profile, board, pin, settings and the advertiser area lead to our pages', async ({ page }) => {
  const me = freshAccount('crawl', 'Cora');
  await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
  const board = (await post(page, 'BoardResource', 'create', { name: `Crawl ${Date.now()}` })).data;
  const pin = (
    await post(page, 'PinResource', 'create', { board_id: board.id, link: `${EXAMPLES}/lake.html`, color: '#88aacc', method: 'button', description: 'Lake' })
  ).data.id as string;
  const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: 'Crawl Lamps', country: 'US' })).data.advertiser_id as string;
  const { problems, visited } = await crawl(page, [
    '/',
    `/${me.username}/`,
    new URL(board.url, PRODUCT).pathname,
    `/pin/${pin}/`,
    '/settings/account/',
    '/settings/profile/',
    '/settings/claim/',
    `/advertiser/${advertiserId}/`,
    `/advertiser/${advertiserId}/members/`,
    '/quick-promote/',
    '/ads/create/',
    '/report-center/',
  ]);
  expect(problems).toEqual([]);
  expect(visited).toBeGreaterThan(10);
});

test('an unknown path in every area is the app’s not-found page, with a way home and 404', async ({ page }) => {
  for (const path of ['/no/such/page/at/all/', '/settings/nowhere/', '/pin/create/teleport/', '/_/_/policy/nothing/', '/business/nowhere/']) {
    const response = await page.goto(`${PRODUCT}${path}`);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: 'Not found' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveText("Sorry, we couldn't find that page.");
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  }
  // The API keeps its envelope.
  const api = await page.request.get(`${PRODUCT}/v3/nothing/`, { headers: { accept: 'text/html' } });
  expect(api.status()).toBe(404);
  expect((await api.json()).resource_response.error.http_status).toBe(404);
});

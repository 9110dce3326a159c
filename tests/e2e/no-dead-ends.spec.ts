import { expect, type Page, test } from '@playwright/test';
import { withFlag } from './auth-helpers';
import { readRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/**
 * The places a person got stuck or surprised (issue 40), each driven through the real pages: every page has
 * the way home, the save popup refuses before its picker when creation is off, and the rest below.
 */
const post = (page: Page, name: string, action: string, options: object) =>
  page.request.post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } }).then(async (r) => (await r.json()).resource_response);

async function signedIn(page: Page, prefix: string) {
  const me = freshAccount(prefix);
  await post(page, 'UserSessionResource', 'create', { username_or_email: me.email, password: me.password });
  return me;
}

test('log-in, sign-up, business sign-up and the bookmarklet page show the site header with the way home', async ({ page }) => {
  for (const path of ['/login', '/signup', '/business/create/', '/bookmarklet']) {
    await page.goto(`${PRODUCT}${path}`);
    const header = page.locator('header.site-header');
    await expect(header.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    await expect(header.getByRole('link', { name: 'Search' })).toBeVisible();
  }
});

test('with every new pin turned off, the popup says so before any board is picked', async ({ page, context }) => {
  const me = await signedIn(page, 'off');
  await withFlag(context, 'pin_creation_disable_all');
  const media = `${EXAMPLES}/img/lemon-tart.png`;
  await page.goto(`${PRODUCT}/pin/create/button/?url=${encodeURIComponent(`${EXAMPLES}/`)}&media=${encodeURIComponent(media)}&description=Tart`);
  await expect(page.getByRole('alert')).toHaveText('Creating Pins is turned off for your account right now.');
  await expect(page.getByRole('heading', { name: 'Choose board' })).toHaveCount(0);
  await expect(page.getByRole('list', { name: 'All boards' })).toHaveCount(0);
  const pins = readRows<{ n: number }>('SELECT COUNT(*) AS n FROM pins p JOIN users u ON u.id = p.pinner_id WHERE u.email = ?', me.email);
  expect(Number(pins[0]?.n)).toBe(0);
});

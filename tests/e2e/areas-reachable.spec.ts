import { expect, test, type Page } from '@playwright/test';
import { PRODUCT } from './origins';
import { expectNoAxeViolations } from './auth-helpers';
import { writeRows } from './db';
import { freshAccount } from './safety-helpers';

/** Every area from a link: the header's menu, the business area and back, the API reference; misses are 404 pages. */
test.setTimeout(120_000);

const post = (page: Page, name: string, action: string, options: object) =>
  page.request
    .post(`${PRODUCT}/resource/${name}/${action}/`, { data: { options }, headers: { Origin: PRODUCT } })
    .then(async (r) => (await r.json()).resource_response);
const logIn = (page: Page, account: { email: string; password: string }) =>
  post(page, 'UserSessionResource', 'create', { username_or_email: account.email, password: account.password });
const menu = (page: Page) => page.getByRole('navigation', { name: 'Site' });

test('a business owner reaches every area from the header, the business area has the header, and Home leads back', async ({ page }) => {
  const owner = freshAccount('areas', 'Ada');
  await logIn(page, owner);
  const advertiserId = (await post(page, 'BusinessConvertResource', 'create', { business_name: `Lamps ${Date.now()}`, country: 'US' })).data
    .advertiser_id as string;
  await page.goto(`${PRODUCT}/`);
  const areas: Array<[string | RegExp, RegExp]> = [
    ['Search', /\/search\/pins\/$/],
    ['Save from any site', /\/bookmarklet$/],
    ['Create Pin', /\/pin-builder\/$/],
    ['Profile', new RegExp(`/${owner.username}/$`)],
    // Read with its unread count when there is one ("Notifications, 1 unread").
    [/^Notifications/, /\/notifications\/$/],
    ['Settings', /\/settings\/account\/$/],
  ];
  for (const [name, url] of areas) {
    await page.goto(`${PRODUCT}/`);
    await menu(page)
      .getByRole('link', typeof name === 'string' ? { name, exact: true } : { name })
      .click();
    await expect(page).toHaveURL(url);
  }
  // The business area: from the header, with the header, and back home through it.
  await page.goto(`${PRODUCT}/`);
  await menu(page).getByRole('link', { name: 'Business' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/advertiser/${advertiserId}/`);
  await expect(menu(page).getByRole('link', { name: 'Home' })).toBeVisible();
  await expectNoAxeViolations(page);
  await menu(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/`);
  // The API reference from the footer.
  await page.getByRole('contentinfo').getByRole('link', { name: 'API reference' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/developers/api/`);
});

test('a pinner with no business sees no business link', async ({ page }) => {
  const pinner = freshAccount('pinner', 'Bo');
  await logIn(page, pinner);
  await page.goto(`${PRODUCT}/`);
  await expect(menu(page).getByRole('link', { name: 'Settings' })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: /^Notifications/ })).toBeVisible();
  await expect(menu(page).getByRole('link', { name: 'Business' })).toHaveCount(0);
});

for (const path of [
  '/conversions/',
  '/audiences/',
  '/bulk_editor/',
  '/experiments/',
  '/history/',
  '/recommendations/',
  '/media_planner/',
  '/accounts_manager/',
  '/no_such_person_here/',
]) {
  test(`${path} is the not-found page with status 404`, async ({ page }) => {
    const res = await page.goto(`${PRODUCT}${path}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(menu(page).getByRole('link', { name: 'Home' })).toBeVisible();
  });
}

for (const path of ['/v3/pins/999999999/', '/resource/NoSuchResource/get/', '/media/nothing-here.jpg']) {
  test(`${path} opened in a tab is the not-found page; a program still gets the envelope`, async ({ page }) => {
    const res = await page.goto(`${PRODUCT}${path}`);
    expect(res?.status()).toBe(404);
    expect(res?.headers()['content-type']).toMatch(/^text\/html/);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
    await expect(page.locator('body')).not.toContainText('resource_response');
    const api = await page.request.get(`${PRODUCT}${path}`);
    expect(api.status()).toBe(404);
    expect((await api.json()).resource_response.error.http_status).toBe(404);
  });
}

test('the security page honours the two-factor gate’s next, through the safe-redirect rule', async ({ page }) => {
  const member = freshAccount('gate', 'Cy');
  await logIn(page, member);
  // Two-factor on for the account (its set-up is tested in security-settings.spec.ts).
  writeRows(`update users set mfa_method = 'totp', totp_secret = 'JBSWY3DPEHPK3PXP', mfa_enabled_at = ? where email = ?`, Date.now(), member.email);
  await page.goto(`${PRODUCT}/settings/security/?next=${encodeURIComponent('/advertiser/42/reporting/campaigns/?status=ACTIVE')}`);
  await expect(page.getByRole('link', { name: 'Continue' })).toHaveAttribute('href', '/advertiser/42/reporting/campaigns/?status=ACTIVE');
  // Another site is never a next.
  for (const hostile of ['//evil.example/', 'https://evil.example/', '/\\evil.example']) {
    await page.goto(`${PRODUCT}/settings/security/?next=${encodeURIComponent(hostile)}`);
    await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Continue' })).toHaveCount(0);
  }
});

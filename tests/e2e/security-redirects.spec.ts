import { expect, test, type Page } from '@playwright/test';
import { DEMO } from './auth-helpers';
import { PRODUCT } from './origins';

/**
 * A `next` that normalises to a protocol-relative URL (`/.//evil.example` is `//evil.example` once the
 * dot segment goes) must never take the browser to another host: not after log-in, not from the
 * logged-in bounce of /login, not after the board create page.
 */
const HOSTILE = ['/.//evil.example/', '/%2e%2e//evil.example/', '/a/..//evil.example/'];

/** Any visit to the hostile host is recorded (and answered, so a wrong landing is seen, not a DNS error). */
async function watchEvil(page: Page): Promise<string[]> {
  const visits: string[] = [];
  await page.context().route(
    (url) => url.hostname === 'evil.example',
    (route) => {
      visits.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<h1>evil</h1>' });
    },
  );
  return visits;
}

async function logIn(page: Page) {
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByLabel('Password').press('Enter');
}

for (const next of HOSTILE) {
  test(`log-in with next=${next} ends on our origin`, async ({ page }) => {
    const visits = await watchEvil(page);
    await page.goto(`${PRODUCT}/login?next=${encodeURIComponent(next)}`);
    await logIn(page);
    await page.waitForURL(`${PRODUCT}/`);
    await expect(page.getByText('Logged in as Demo Pinner.')).toBeVisible();

    // Logged in already: the bounce of /login follows the same rule.
    await page.goto(`${PRODUCT}/login?next=${encodeURIComponent(next)}`);
    await page.waitForURL(`${PRODUCT}/`);
    expect(visits).toEqual([]);
  });
}

test('the board create page returns to a hostile next on our origin only', async ({ page }) => {
  const visits = await watchEvil(page);
  await page.goto(`${PRODUCT}/login`);
  await logIn(page);
  await page.waitForURL(`${PRODUCT}/`);

  await page.goto(`${PRODUCT}/board/create/?next=${encodeURIComponent('/.//evil.example/')}`);
  await page.getByLabel('Name').fill(`Redirect check ${Date.now()}`);
  await page.getByRole('button', { name: 'Create', exact: true }).click();
  await page.waitForURL(`${PRODUCT}/`);

  await page.goto(`${PRODUCT}/board/create/?next=${encodeURIComponent('/%2e%2e//evil.example/')}`);
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.waitForURL(`${PRODUCT}/`);
  expect(visits).toEqual([]);
});

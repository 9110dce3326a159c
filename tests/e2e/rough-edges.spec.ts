import { expect, test, type BrowserContext } from '@playwright/test';
import { openSavePopup, STRONG } from './auth-helpers';
import { PRODUCT } from './origins';
import { unique } from './popup';

/** A brand-new account, signed up through the API as the popup's form would; the context holds its session. */
async function newAccount(context: BrowserContext): Promise<void> {
  const email = `${unique('new').replace(' ', '.')}@fastmail.com`;
  const birthday = Math.floor(Date.now() / 1000) - 30 * 365 * 24 * 3600;
  const response = await context.request.post(`${PRODUCT}/resource/UserRegisterResource/create/`, {
    data: { options: { type: 'email', email, password: STRONG, birthday, country: 'US', first_name: 'New', last_name: '', recaptchaV3Token: 'default' } },
    headers: { Origin: PRODUCT },
  });
  if (!response.ok()) throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** Issue 20, the rough edges a new user met in the popup. */

test("the footer's Terms and Privacy links and 'Are you a business?' open real pages", async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await expect(popup.getByText('By continuing, you agree to Corkboard')).toBeVisible();

  await popup.getByRole('link', { name: 'Terms of Service' }).click();
  await expect(popup.getByRole('heading', { level: 1, name: 'Terms of Service' })).toBeVisible();
  await expect(popup).toHaveTitle('Terms of Service | Corkboard');
  await popup.goBack();
  await popup.getByRole('link', { name: 'Notice at collection' }).click();
  await expect(popup.getByRole('heading', { name: 'Notice at collection' })).toBeVisible();
  await popup.goBack();

  const [business] = await Promise.all([context.waitForEvent('page'), popup.getByRole('link', { name: 'Are you a business? Get started here!' }).click()]);
  await expect(business.getByRole('heading', { name: 'Create a business account' })).toBeVisible();
  expect(new URL(business.url()).pathname).toBe('/business/create/');
  expect(new URL(business.url()).origin).toBe(PRODUCT);
});

test("a new account's picker offers 'Create your first board', and the pin is saved to it", async ({ page, context }) => {
  await newAccount(context);
  const popup = await openSavePopup(page, context);
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
  await expect(popup.getByText(/No boards match/)).toHaveCount(0);
  await expect(popup.getByRole('searchbox')).toHaveCount(0);
  await popup.getByRole('button', { name: 'Create your first board' }).click();
  await expect(popup.getByRole('heading', { name: 'Create board' })).toBeVisible();
  await popup.getByLabel('Name', { exact: true }).fill('First things');
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByText('You saved your first Pin to First things!')).toBeVisible();
});

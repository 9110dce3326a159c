import { expect, test, type BrowserContext } from '@playwright/test';
import { openSavePopup, STRONG } from './auth-helpers';
import { writeRows } from './db';
import { EXAMPLES, PRODUCT } from './origins';
import { pickBoard, unique } from './popup';
import { DEMO, logIn, openPopup, recordSaves, saves } from './sdk';

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

test('a lost session shows the log-in form in place and resumes the save; the host hears one success', async ({ page, context }) => {
  await recordSaves(page);
  await page.goto(`${EXAMPLES}/buttons.html`);
  await logIn(context);
  const url = `https://elsewhere.example/lost-${Math.random().toString(36).slice(2, 8)}`;
  const { popup, query } = await openPopup(context, () =>
    page.evaluate(([media, link]) => window.PinUtils.pinOne({ media, url: link, description: 'Kept' }), [`${EXAMPLES}/img/lemon-tart.png`, url]),
  );
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();

  // The session ends while the popup is open (expired, or logged out in another tab).
  writeRows(`delete from sessions where user_id = (select id from users where email = ?)`, DEMO.email);
  await pickBoard(popup, 'Travel');
  await expect(popup.getByRole('heading', { name: 'Log in to save' })).toBeVisible();
  await popup.getByLabel('Email').fill(DEMO.email);
  await popup.getByLabel('Password').fill(DEMO.password);
  await popup.getByRole('button', { name: 'Log in' }).click();

  // No second pick: the save that was cut short goes through.
  await expect(popup.getByRole('heading', { name: 'Saved to Travel' })).toBeVisible();
  await expect
    .poll(() => saves(page))
    .toEqual([
      { target: '', detail: { guid: query.get('guid'), status: 'success', pin: expect.any(Object), board: { id: expect.any(String), name: 'Travel' } } },
    ]);
  expect(await page.evaluate(() => window.pinErrors)).toEqual([]);
});

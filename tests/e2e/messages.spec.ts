import { expect, test, type Page } from '@playwright/test';
import { STRONG, yearsAgo } from './auth-helpers';
import { PRODUCT } from './origins';
import { freshAccount } from './safety-helpers';

/** Every message out through one gate: what the dev outbox of the real server shows a person after a script's loop. */

let n = 0;
const freshEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}@example.com`;
const post = (page: Page, resource: string, options: Record<string, unknown>) =>
  page.request.post(`${PRODUCT}/resource/${resource}/`, { data: { options }, headers: { Origin: PRODUCT } });

/** Deactivates the account and logs in again (which reactivates it), `times` rounds, as a script would. */
async function deactivateAndLogInAgain(page: Page, email: string, times: number) {
  for (let i = 0; i < times; i++) {
    expect((await post(page, 'AccountDeactivationResource/create', { password: STRONG })).status()).toBe(200);
    expect((await post(page, 'UserSessionResource/create', { username_or_email: email, password: STRONG })).status()).toBe(200);
  }
}

/** The subjects of every message the dev outbox holds for an address, newest first. */
async function subjectsTo(page: Page, address: string) {
  await page.goto(`${PRODUCT}/dev/outbox`);
  await expect(page.getByRole('heading', { name: 'Dev outbox' })).toBeVisible();
  return page.locator(`article[data-to="${address}"] h2`).allTextContents();
}

test('a stranger whose address someone signed up with gets the confirmation link and nothing else, however often the account is deactivated', async ({
  page,
}) => {
  const email = freshEmail('stranger');
  const signup = await post(page, 'UserRegisterResource/create', {
    type: 'email',
    email,
    password: STRONG,
    birthday: Math.floor(Date.parse(`${yearsAgo(30)}T00:00:00Z`) / 1000),
  });
  expect(signup.status()).toBe(200);
  await deactivateAndLogInAgain(page, email, 6);
  expect(await subjectsTo(page, email)).toEqual([`Email to ${email}: Confirm your email for Corkboard`]);
});

test('a verified owner gets one notice for a burst of the same change', async ({ page }) => {
  const user = freshAccount('burst');
  expect((await post(page, 'UserSessionResource/create', { username_or_email: user.email, password: STRONG })).status()).toBe(200);
  await deactivateAndLogInAgain(page, user.email, 6);
  expect(await subjectsTo(page, user.email)).toEqual([`Email to ${user.email}: Your Corkboard account is deactivated`]);
});

test('sign-up refuses an address that is several mailboxes, with the form’s message', async ({ page }) => {
  const res = await post(page, 'UserRegisterResource/create', {
    type: 'email',
    email: `friend,${freshEmail('victim')}`,
    password: STRONG,
    birthday: Math.floor(Date.parse(`${yearsAgo(30)}T00:00:00Z`) / 1000),
  });
  expect(res.status()).toBe(400);
  expect((await res.json()).resource_response.error).toMatchObject({ api_error_code: 80, message: 'Your email is invalid.' });
});

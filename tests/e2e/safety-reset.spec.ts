import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './auth-helpers';
import { PRODUCT } from './origins';
import { freshAccount, logInWith, outboxText } from './safety-helpers';

test('forgot password: the email, the link, a new password, and the link works once', async ({ page }) => {
  const user = freshAccount('reset');
  await page.goto(`${PRODUCT}/login`);
  await page.getByLabel('Email').fill(user.email);
  await page.getByRole('link', { name: 'Forgot your password' }).click();
  await page.waitForURL(/\/password\/reset\/\?ue=/);
  await expect(page.getByLabel('Email or username')).toHaveValue(user.email);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Send reset email' }).click();

  await expect(page.getByRole('alertdialog', { name: 'Password reset email sent' })).toBeVisible();
  await expect(page.getByText(`We sent instructions to pick a new password to ${user.email}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email sent!' })).toBeVisible();

  const link = /http:\/\/\S+\/password\/reset\/\?token=[\w-]+/.exec(await outboxText(page, user.email))?.[0] ?? '';
  expect(link.startsWith(`${PRODUCT}/password/reset/?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Pick a new password' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New password', { exact: true }).fill('password1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Please make a stronger password.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Quince-Harbour-77');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password has been changed' })).toBeVisible();

  await page.getByRole('region', { name: 'Your password has been changed' }).getByRole('link', { name: 'Log in' }).click();
  await logInWith(page, user.email, 'Quince-Harbour-77');
  await page.waitForURL(`${PRODUCT}/`);
  await expect(page.getByText('Logged in as Nell.')).toBeVisible();

  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another-Tulip-55');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('This link has expired or was already used. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Send a new link' })).toBeVisible();
});

test('Back on the reset page: a native app’s web view is dismissed, a fresh tab goes to log-in, otherwise one step back', async ({ page, context }) => {
  await page.goto(`${PRODUCT}/password/reset/?token=not-a-real-one&native_dismiss=1`);
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(`${PRODUCT}/login/?dismissWebview=true`);

  // A link opened in a new tab: nothing to go back to.
  const [fresh] = await Promise.all([context.waitForEvent('page'), page.evaluate(() => void window.open('/password/reset/'))]);
  await fresh.getByRole('button', { name: 'Back' }).click();
  await expect(fresh).toHaveURL(`${PRODUCT}/login`);

  await fresh.goto(`${PRODUCT}/`);
  await fresh.goto(`${PRODUCT}/password/reset/`);
  await fresh.getByRole('button', { name: 'Back' }).click();
  await expect(fresh).toHaveURL(`${PRODUCT}/`);
});

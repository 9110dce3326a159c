import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './auth-helpers';
import { PRODUCT } from './origins';
import { failLogins, freshAccount, logInWith } from './safety-helpers';

test('three failures bring the login-assistance dialog, the sixth a challenge, and the solved challenge logs in', async ({ page }) => {
  const user = freshAccount('assist');
  await page.goto(`${PRODUCT}/login`);
  for (let i = 0; i < 2; i++) {
    await logInWith(page, user.email, 'not the password');
    await expect(page.getByText('The password you entered is incorrect. Try again or reset your password')).toBeVisible();
  }
  await logInWith(page, user.email, 'not the password');
  await expect(page.getByRole('alertdialog', { name: "Looks like you're having trouble logging in" })).toBeVisible();
  await expect(page.getByText(`We sent an email to ${user.email} to help you get back in.`)).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Email sent!' })).toBeVisible();
  await page.getByRole('button', { name: 'Close' }).click();

  for (let i = 0; i < 2; i++) {
    await logInWith(page, user.email, 'not the password');
    await expect(page.getByText('The password you entered is incorrect. Try again or reset your password')).toBeVisible();
  }
  // Five failures: the next attempt must carry a solved challenge.
  await logInWith(page, user.email, user.password);
  await expect(page.getByText('Oops! You logged in too quickly. Please try again with the reCAPTCHA.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.waitForURL(`${PRODUCT}/`);
  await expect(page.getByText('Logged in as Nell.')).toBeVisible();
});

test('a locked account gets the rate-limited dialog, even with the right password', async ({ page, request }) => {
  const user = freshAccount('locked');
  await failLogins(request, user.email, 10);
  await page.goto(`${PRODUCT}/login`);
  await logInWith(page, user.email, user.password);
  const dialog = page.getByRole('alertdialog', { name: 'Oops! Too many login attempts' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('You have reached the maximum number of login attempts. Try again in 30 minutes.')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Okay' }).click();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

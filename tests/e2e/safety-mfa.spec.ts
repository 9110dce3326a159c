import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openSavePopup } from './auth-helpers';
import { admin, freshAccount, outboxText } from './safety-helpers';

test('two-factor log-in from the popup: the code is read from the dev outbox', async ({ page, context }) => {
  const user = freshAccount('mfa');
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  admin('mfa-sms', user.email, phone);

  const popup = await openSavePopup(page, context);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await popup.getByLabel('Email').fill(user.email);
  await popup.getByLabel('Password').fill(user.password);
  await popup.getByRole('button', { name: 'Log in' }).click();

  await expect(popup.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await expect(popup.getByText(`your phone number ending in ${phone.slice(-2)}.`)).toBeVisible();
  await expectNoAxeViolations(popup);

  await popup.getByRole('button', { name: 'Verify' }).click();
  await expect(popup.getByText("You missed a spot! Don't forget to add your verification code.")).toBeVisible();
  await popup.getByLabel('Verification code', { exact: true }).fill('12ab');
  await popup.getByRole('button', { name: 'Verify' }).click();
  await expect(popup.getByText("Hmm...that doesn't look like a verification code.")).toBeVisible();

  const first = /\b(\d{6})\b/.exec(await outboxText(page, phone))?.[1] ?? '';
  await popup.getByRole('button', { name: 'Resend code' }).click();
  await expect(popup.getByRole('status').filter({ hasText: 'We sent you a new code!' })).toBeVisible();

  // The resent code is the newest in the outbox; the first one no longer works.
  let code = first;
  await expect.poll(async () => (code = /\b(\d{6})\b/.exec(await outboxText(page, phone))?.[1] ?? '')).not.toBe('');
  await expect.poll(async () => await page.locator('article').filter({ hasText: phone }).count()).toBe(2);
  code = /\b(\d{6})\b/.exec(await outboxText(page, phone))?.[1] ?? '';
  if (code !== first) {
    await popup.getByLabel('Verification code', { exact: true }).fill(first);
    await popup.getByRole('button', { name: 'Verify' }).click();
    await expect(popup.getByText("That code didn't work. Check it or ask for a new one.")).toBeVisible();
  }
  await popup.getByLabel('Verification code', { exact: true }).fill(code);
  await popup.getByRole('button', { name: 'Verify' }).click();
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
});

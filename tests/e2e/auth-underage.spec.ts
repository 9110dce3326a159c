import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, fillSignup, openSavePopup, yearsAgo } from './auth-helpers';
import { readRows } from './db';
import { PRODUCT } from './origins';

test('an underage visitor is refused, confirms, and stays refused in this browser', async ({ page, context }) => {
  await context.clock.install();
  const popup = await openSavePopup(page, context);
  await fillSignup(popup, 'young.pinner@fastmail.com', yearsAgo(12));
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(popup.getByRole('heading', { name: 'Confirm your birthday' })).toBeVisible();
  await expect(popup.getByText('Sorry, you’re not eligible to sign up for Corkboard right now.')).toBeVisible();
  await expectNoAxeViolations(popup);
  expect(await popup.evaluate(() => localStorage.getItem('cb_underage'))).toBe('1');

  // Edit: back to sign-up, where the birthday is disabled and the ineligible message shows.
  await popup.getByRole('button', { name: 'Edit' }).click();
  await expect(popup.getByLabel('Email')).toHaveValue('young.pinner@fastmail.com');
  await expect(popup.getByLabel('Birthday')).toBeDisabled();
  await expect(popup.getByText('Sorry, you’re not eligible to sign up for Corkboard right now.')).toBeVisible();
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(popup.getByRole('heading', { name: 'Sign up to save' })).toBeVisible();

  // Confirm from the view: a toast for 3.5 seconds, then home after 4.
  await popup.evaluate(() => localStorage.removeItem('cb_underage'));
  await popup.reload();
  await fillSignup(popup, 'young.pinner@fastmail.com', yearsAgo(12));
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();
  await popup.getByRole('button', { name: 'Confirm' }).click();
  await expect(popup.getByRole('status')).toHaveText('Thanks for confirming your birthday.');
  await popup.clock.runFor(3_600);
  await expect(popup.getByRole('status')).toHaveCount(0);
  await popup.clock.runFor(500);
  await popup.waitForURL(`${PRODUCT}/`);

  expect(readRows(`select id from users where email = ?`, 'young.pinner@fastmail.com')).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { fillSignup, openSavePopup, yearsAgo } from './auth-helpers';
import { PRODUCT } from './origins';

test('a browser that signed up is welcomed back by name at its first log-out', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await fillSignup(popup, `remy.${Date.now()}@fastmail.com`, yearsAgo(30));
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible({ timeout: 30_000 });

  await page.goto(`${PRODUCT}/`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${PRODUCT}/login`);
  await expect(page.getByRole('heading', { name: /^Welcome back, / })).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
});

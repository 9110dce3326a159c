import { expect, test } from '@playwright/test';
import { openSavePopup } from './auth-helpers';
import { PRODUCT } from './origins';

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

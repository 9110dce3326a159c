import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, fillSignup, openSavePopup, withFlag, yearsAgo } from './auth-helpers';
import { readRows } from './db';

test('with kr_privacy_consent on, sign-up passes through the Consents step', async ({ page, context }) => {
  await withFlag(context, 'kr_privacy_consent');
  const popup = await openSavePopup(page, context);
  await fillSignup(popup, 'consenting.pinner@fastmail.com', yearsAgo(40));
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();

  await expect(popup.getByRole('heading', { name: 'Consents' })).toBeVisible();
  await expect(popup.getByText("Before you can create an account, you'll need to agree to the required terms below.")).toBeVisible();
  await expectNoAxeViolations(popup);
  const next = popup.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();

  // Back keeps the email.
  await popup.getByRole('button', { name: 'Back' }).click();
  await expect(popup.getByLabel('Email')).toHaveValue('consenting.pinner@fastmail.com');
  await popup.getByRole('button', { name: 'Continue', exact: true }).click();

  // 'Agree to all' ticks everything; unticking one clears it; the four required ones enable Next.
  await popup.getByLabel('Agree to all').check();
  await expect(next).toBeEnabled();
  await popup.getByLabel('I agree to receive marketing messages (optional)').uncheck();
  await expect(popup.getByLabel('Agree to all')).not.toBeChecked();
  await expect(next).toBeEnabled();
  await popup.getByLabel('I agree to the Terms of Service (required)').uncheck();
  await expect(next).toBeDisabled();
  await popup.getByLabel('I agree to the Terms of Service (required)').check();
  await next.click();

  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();
  expect(readRows(`select kr_privacy_consent_opt_in, marketing_notifs_opt_out from users where email = ?`, 'consenting.pinner@fastmail.com')).toEqual([
    { kr_privacy_consent_opt_in: 1, marketing_notifs_opt_out: 1 },
  ]);
});

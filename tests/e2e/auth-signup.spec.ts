import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openSavePopup, STRONG, yearsAgo } from './auth-helpers';
import { readRows } from './db';

test('a new visitor signs up inside the popup, with the keyboard alone, and saves a pin in the same window', async ({ page, context }) => {
  await context.clock.install();
  const popup = await openSavePopup(page, context);

  // The save container: its title, the pin thumbnail, the footer toggle, and 'Continue with email' first.
  await expect(popup.getByRole('heading', { name: 'Sign up to save' })).toBeVisible();
  await expect(popup.locator('.auth-pin')).toHaveAttribute('src', /lemon-tart\.png$/);
  await expect(popup.getByText('Already a member?')).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Are you a business? Get started here!' })).toHaveAttribute('target', '_blank');
  await expectNoAxeViolations(popup);

  // Keyboard only from here: focus the first control, then Tab and type.
  await popup.getByRole('button', { name: 'Continue with email' }).focus();
  await popup.keyboard.press('Enter');
  await expect(popup.getByLabel('Email')).toBeFocused();
  await expectNoAxeViolations(popup);

  // A typo on the way: the hint, and a click-free fix through the keyboard.
  await popup.keyboard.type('new.pinner@gmial.com');
  await popup.keyboard.press('Tab');
  const hint = popup.getByRole('button', { name: 'Did you mean new.pinner@gmail.com?' });
  await expect(hint).toBeVisible();
  await hint.focus();
  await popup.keyboard.press('Enter');
  await expect(popup.getByLabel('Email')).toHaveValue('new.pinner@gmail.com');

  await popup.getByLabel('Password').focus();
  await popup.keyboard.type('short');
  await popup.keyboard.press('Enter');
  await expect(popup.getByText('Your password is too short! You need 6+ characters.')).toBeVisible();
  await expect(popup.getByText('You missed a spot', { exact: false })).toHaveCount(0);

  await popup.getByLabel('Password').fill('');
  await popup.getByLabel('Password').focus();
  await popup.keyboard.type('password1');
  await popup.keyboard.press('Enter');
  await expect(popup.getByText('Please make a stronger password.')).toBeVisible();

  await popup.getByLabel('Password').fill('');
  await popup.getByLabel('Password').focus();
  await popup.keyboard.type(STRONG);
  await popup.keyboard.press('Enter');
  await expect(popup.getByText("You missed a spot. Don't forget to add your birthday.")).toBeVisible();

  await popup.getByLabel('Birthday').fill(yearsAgo(30));
  await popup.getByLabel('Birthday').press('Enter');

  // Registered and logged in: the popup goes on to the board picker in the same window.
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();
  const [user] = readRows<{ id: string; email: string; first_name: string; birthday: number; kr_privacy_consent_opt_in: number }>(
    `select id, email, first_name, birthday, kr_privacy_consent_opt_in from users where email = ?`,
    'new.pinner@gmail.com',
  );
  expect(user).toMatchObject({ email: 'new.pinner@gmail.com', first_name: 'New', kr_privacy_consent_opt_in: 0 });
  expect(user?.birthday).toBe(Date.parse(`${yearsAgo(30)}T00:00:00Z`));

  // A new account has no boards: create one in the picker, which saves the pin to it.
  await popup.getByRole('button', { name: 'Create your first board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill('Desserts');
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByText('Board created')).toBeVisible();
  const pins = readRows<{ pinner_id: string; image_url: string }>(`select pinner_id, image_url from pins where pinner_id = ?`, user!.id);
  expect(pins).toEqual([{ pinner_id: user!.id, image_url: expect.stringMatching(/lemon-tart\.png$/) }]);
});

import { expect, test } from '@playwright/test';
import { DEMO, expectNoAxeViolations, openSavePopup } from './auth-helpers';
import { PRODUCT } from './origins';

test('an existing user logs in from the popup and sees the board picker', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByRole('heading', { name: 'Log in to save' })).toBeVisible();
  await expect(popup.getByText('Not on Corkboard yet?')).toBeVisible();
  await expectNoAxeViolations(popup);

  // The local password check, then a wrong password from the server: the field is cleared.
  await popup.getByLabel('Email').fill(DEMO.email);
  await popup.getByLabel('Password').fill('abc');
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByText('The password you entered is incorrect.', { exact: true })).toBeVisible();
  await popup.getByLabel('Password').fill('not the password');
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByText('The password you entered is incorrect. Try again or reset your password')).toBeVisible();
  await expect(popup.getByLabel('Password')).toHaveValue('');
  await expect(popup.getByRole('link', { name: 'Forgot your password' })).toHaveAttribute('href', `/password/reset/?ue=${encodeURIComponent(DEMO.email)}`);
  await expectNoAxeViolations(popup);

  await popup.getByLabel('Password').fill(DEMO.password);
  await popup.getByLabel('Password').press('Enter');
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
});

test('the sign-up form logs an existing email in with the given password, and blur switches to log-in', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await popup.getByRole('button', { name: 'Continue with email' }).click();
  await popup.getByLabel('Email').fill(DEMO.email);
  await popup.getByLabel('Password').focus();
  // The existence check on blur: the email has an account, so the form is now the log-in form.
  await expect(popup.getByRole('heading', { name: 'Log in to save' })).toBeVisible();
  await expect(popup.getByLabel('Email')).toHaveValue(DEMO.email);
  await popup.getByLabel('Password').fill(DEMO.password);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
});

test('keys typed across the sign-up form turning into log-in all land in the password field', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await popup.getByRole('button', { name: 'Continue with email' }).click();
  // Hold the email's existence check, so the switch happens while the person is typing.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await popup.route('**/v3/register/exists/**', async (route) => {
    await held;
    await route.continue();
  });
  // Where every key goes: a key whose target is not a password field (the page, the email field) is lost to it.
  await popup.evaluate(() => {
    const w = window as unknown as { keyTargets: string[] };
    w.keyTargets = [];
    document.addEventListener('keydown', (e) => w.keyTargets.push((e.target as HTMLElement).id || (e.target as HTMLElement).tagName), true);
  });
  await popup.getByLabel('Email').fill(DEMO.email);
  await popup.getByLabel('Password').focus();
  const half = Math.ceil(DEMO.password.length / 2);
  await popup.keyboard.type(DEMO.password.slice(0, half));
  await expect(popup.getByRole('heading', { name: 'Log in to save' })).toHaveCount(0);
  // Let the answer in and type on at once, no pause: these keys reach the page as the form becomes log-in.
  release();
  for (const key of DEMO.password.slice(half)) await popup.keyboard.press(key);
  await expect(popup.getByRole('heading', { name: 'Log in to save' })).toBeVisible();
  // And the first key after the switch: typed the moment the log-in form is there.
  await popup.keyboard.type('!');
  const password = popup.getByLabel('Password');
  await expect(password).toHaveValue(`${DEMO.password}!`);
  await expect(password).toBeFocused();
  const targets = await popup.evaluate(() => (window as unknown as { keyTargets: string[] }).keyTargets);
  expect(targets.filter((id) => id !== 'signup-password' && id !== 'login-password')).toEqual([]);
  expect(targets).toContain('login-password');
  await popup.keyboard.press('Backspace');
  await popup.keyboard.press('Enter');
  await expect(popup.getByRole('heading', { name: 'Choose board' })).toBeVisible();
});

test('the full /login page logs in, goes to a same-origin next, and refuses another origin', async ({ page }) => {
  await page.goto(`${PRODUCT}/login?next=${encodeURIComponent('//evil.example/')}`);
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Email').fill(DEMO.email);
  await page.getByLabel('Password').fill(DEMO.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL(`${PRODUCT}/`);
  await expect(page.getByText('Logged in as Demo Pinner.')).toBeVisible();

  // Logged in already: /login sends the viewer on at once.
  await page.goto(`${PRODUCT}/login?next=/pin/create/button/`);
  await page.waitForURL(`${PRODUCT}/pin/create/button/`);
});

test('the full /signup page shows the form at once', async ({ page }) => {
  await page.goto(`${PRODUCT}/signup`);
  await expect(page.getByRole('heading', { name: 'Welcome to Corkboard' })).toBeVisible();
  await expect(page.getByLabel('Birthday')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Notice at collection' })).toBeVisible();
  await expectNoAxeViolations(page);
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './auth-helpers';
import { PRODUCT } from './origins';
import { admin, freshAccount, logInWith } from './safety-helpers';

const dialogs = [
  { state: ['suspended'], title: 'Your account has been suspended', button: 'Got it' },
  {
    state: ['deactivated', 'community_guidelines'],
    title: 'Your account has been deactivated',
    button: 'Got it',
    text: 'Your account went against our community guidelines.',
  },
  { state: ['soft_banned'], title: 'We protected your account', button: 'Okay' },
  {
    state: ['prevent_google_register'],
    title: 'Oops! Something went wrong',
    button: 'Okay',
    text: "We couldn't match your Google account to any account. Try resetting your password instead.",
  },
];

for (const d of dialogs) {
  test(`the ${d.state[0]} dialog appears after the right password only`, async ({ page }) => {
    const user = freshAccount(d.state[0]!.replace(/_/g, ''));
    admin('state', user.email, ...d.state);
    await page.goto(`${PRODUCT}/login`);
    await logInWith(page, user.email, 'not the password');
    await expect(page.getByText('The password you entered is incorrect. Try again or reset your password')).toBeVisible();
    await logInWith(page, user.email, user.password);
    const dialog = page.getByRole('alertdialog', { name: d.title });
    await expect(dialog).toBeVisible();
    if (d.text) await expect(dialog.getByText(d.text)).toBeVisible();
    if (d.state[0] === 'deactivated' || d.state[0] === 'suspended') await expect(dialog.getByRole('link', { name: 'Contact us' })).toBeVisible();
    await expectNoAxeViolations(page);
    await dialog.getByRole('button', { name: d.button }).click();
    await expect(dialog).toBeHidden();
    if (d.state[0] === 'prevent_google_register') await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
  });
}

test('aec with the soft-ban code opens the soft-banned dialog and leaves the URL', async ({ page }) => {
  await page.goto(`${PRODUCT}/login?aec=118`);
  await expect(page.getByRole('alertdialog', { name: 'We protected your account' })).toBeVisible();
  expect(page.url()).toBe(`${PRODUCT}/login`);
});

test('switching accounts: /add-account logs in another account and lands on /{username}', async ({ page }) => {
  const first = freshAccount('first', 'Ada');
  const second = freshAccount('second', 'Bea');
  await page.goto(`${PRODUCT}/login`);
  await logInWith(page, first.email, first.password);
  await page.waitForURL(`${PRODUCT}/`);
  await page.getByRole('link', { name: 'Add account' }).click();
  await page.waitForURL(`${PRODUCT}/add-account`);
  await expect(page.getByText('Logged in as Ada.', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await logInWith(page, second.email, second.password);
  await page.waitForURL(`${PRODUCT}/${second.username}`);
  // /{username} is the profile of the account now logged in: its name, and the header's Profile is its own.
  await expect(page.getByRole('heading', { name: 'Bea', level: 1 })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Site' }).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', `/${second.username}/`);
  const stored = await page.evaluate(() => ({
    accounts: JSON.parse(localStorage.getItem('cb_accounts') ?? '{}'),
    group: localStorage.getItem('cb_account_group'),
  }));
  expect(
    Object.values(stored.accounts)
      .map((a: any) => a.email)
      .sort(),
  ).toEqual([first.email, second.email].sort());
  expect(stored.group).toMatch(/^[0-9a-f-]{36}$/);
  // A logged-in viewer who is not switching is sent away from /login.
  await page.goto(`${PRODUCT}/login`);
  await page.waitForURL(`${PRODUCT}/`);
});

test('a recognised browser gets the welcome-back log-in with name and picture; "Not you?" forgets it', async ({ page }) => {
  const user = freshAccount('welcome', 'Wren');
  admin('picture', user.email, `${PRODUCT}/img/bookmarklet-sample.png`);
  await page.goto(`${PRODUCT}/login`);
  await logInWith(page, user.email, user.password);
  await page.waitForURL(`${PRODUCT}/`);
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${PRODUCT}/login`);

  await expect(page.getByRole('heading', { name: 'Welcome back, Wren' })).toBeVisible();
  await expect(page.locator('img.avatar-large')).toHaveAttribute('src', `${PRODUCT}/img/bookmarklet-sample.png`);
  await expect(page.getByText(user.email)).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await page.waitForURL(`${PRODUCT}/`);
  await expect(page.getByText('Logged in as Wren.')).toBeVisible();

  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL(`${PRODUCT}/login`);
  await page.getByRole('button', { name: 'Log in with a different account' }).click();
  await expect(page.getByLabel('Email')).toHaveValue('');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Log in' })).toBeVisible();
});

test('the business log-in page', async ({ page }) => {
  await page.goto(`${PRODUCT}/business/login/`);
  await expect(page.getByRole('heading', { name: 'Log in to your business account' })).toBeVisible();
  await expect(page.getByText("Don't have a business account?")).toBeVisible();
  await expect(page.getByRole('link', { name: 'Create one for free' })).toHaveAttribute('href', '/signup');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Log in to a personal account' }).click();
  await page.waitForURL(`${PRODUCT}/login`);
});

import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectNoAxeViolations, openSavePopup, withFlag } from './auth-helpers';
import { readRows } from './db';
import { PRODUCT } from './origins';

/**
 * The protocol's checks seen from the browser, Google one-tap, and connected accounts in settings:
 * real Chromium against the dev server's real OpenID provider (auth/providers/devProvider.ts).
 */

/** The message of code 162: what a refused flow says in the popup. */
const REFUSED = "We couldn't finish logging you in. Close this window and try again.";

/**
 * An attacker's edit of the authorisation request: our start page answers the redirect to the issuer,
 * and this browser goes there with one parameter changed (the state or the nonce the issuer echoes).
 */
async function tamperAuthorisation(context: BrowserContext, param: 'state' | 'nonce') {
  await context.route(/\/oauth\/google\/start\//, async (route) => {
    const response = await route.fetch({ maxRedirects: 0 });
    const location = new URL(response.headers().location!);
    location.searchParams.set(param, `forged-${param}`);
    await route.fulfill({ response, headers: { ...response.headers(), location: location.href } });
  });
}

/** Presses a button that opens the provider, picks an identity, and waits for the window to close. */
async function signInWith(page: Page, context: BrowserContext, button: string, identity: string) {
  const [providerWindow] = await Promise.all([context.waitForEvent('page'), page.getByRole('button', { name: button }).click()]);
  await expect(providerWindow.getByRole('heading', { name: 'Dev identity provider' })).toBeVisible();
  const closed = providerWindow.waitForEvent('close');
  await providerWindow.getByRole('button', { name: identity }).click({ noWaitAfter: true });
  await closed;
}

for (const param of ['state', 'nonce'] as const) {
  test(`a tampered ${param} is refused, and nobody is signed up`, async ({ page, context }) => {
    await tamperAuthorisation(context, param);
    const popup = await openSavePopup(page, context);
    await signInWith(popup, context, 'Continue with Google', 'Nora Newcomer');
    await expect(popup.getByText(REFUSED)).toBeVisible();
    await expect(popup.getByRole('heading', { name: 'Sign up to save' })).toBeVisible();
    expect(readRows(`select count(*) as n from identities where subject = 'nora'`)).toEqual([{ n: 0 }]);
  });
}

test('one tap signs up with Google, then settings refuse to disconnect the only way in until a password is set', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await expect(popup.getByRole('complementary', { name: 'Google one tap' })).toBeVisible();
  await signInWith(popup, context, 'Sign in with one tap', 'Nora Newcomer');
  // The provider gave an email and a birthday: the account is made at once, the picker follows.
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();
  const [nora] = readRows<{ id: string; password_hash: string | null }>(`select id, password_hash from users where email = 'nora.newcomer@example.org'`);
  expect(nora).toMatchObject({ password_hash: null });
  await expect.poll(() => readRows(`select provider, subject from identities where user_id = ?`, nora!.id)).toEqual([{ provider: 'google', subject: 'nora' }]);

  await page.goto(`${PRODUCT}/settings/account/`);
  await expect(page.getByRole('heading', { name: 'Connected accounts' })).toBeVisible();
  await expect(page.getByText('Connected as nora.newcomer@example.org')).toBeVisible();
  await page.getByRole('button', { name: 'Disconnect Google' }).click();
  await expect(page.getByRole('alert')).toHaveText('This is your only way to log in. Set a password before you disconnect it.');
  await expect.poll(() => readRows(`select count(*) as n from identities where user_id = ?`, nora!.id)).toEqual([{ n: 1 }]);

  await page.getByLabel('New password').fill('Plum-Orchard-42');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('heading', { name: 'Set a password' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Disconnect Google' }).click();
  await expect(page.getByRole('button', { name: 'Connect Google' })).toBeVisible();
  await expect.poll(() => readRows(`select count(*) as n from identities where user_id = ?`, nora!.id)).toEqual([{ n: 0 }]);

  // Connect it again from settings: a 'link' popup while logged in.
  await signInWith(page, context, 'Connect Google', 'Nora Newcomer');
  await expect(page.getByText('Connected as nora.newcomer@example.org')).toBeVisible();
  await expect.poll(() => readRows(`select provider, subject from identities where user_id = ?`, nora!.id)).toEqual([{ provider: 'google', subject: 'nora' }]);
});

test('dismissing one tap is remembered by this browser', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await popup.getByRole('complementary', { name: 'Google one tap' }).getByRole('button', { name: 'Dismiss' }).click();
  await expect(popup.getByRole('complementary', { name: 'Google one tap' })).toHaveCount(0);
  await popup.reload();
  await expect(popup.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(popup.getByRole('complementary', { name: 'Google one tap' })).toHaveCount(0);
});

/** The provider's 'Someone else' form: an identity no demo row has, with an email and a birthday. */
async function asSomeoneElse(popup: Page, ctx: BrowserContext, button: string, who: { subject: string; email: string; givenName: string }) {
  const [providerWindow] = await Promise.all([ctx.waitForEvent('page'), popup.getByRole('button', { name: button }).click()]);
  await providerWindow.getByLabel('Subject').fill(who.subject);
  await providerWindow.getByLabel('Email', { exact: true }).fill(who.email);
  await providerWindow.getByLabel('Given name').fill(who.givenName);
  await providerWindow.getByLabel('Birthdate').fill('1992-04-05');
  const closed = providerWindow.waitForEvent('close');
  await providerWindow.getByRole('button', { name: 'Sign in as this person' }).click({ noWaitAfter: true });
  await closed;
}

test("behind the Facebook recovery flag a Facebook-only account sees the banner and 'Recover your account'", async ({ page, context, browser }) => {
  const asFiona = (popup: Page, ctx: BrowserContext) =>
    asSomeoneElse(popup, ctx, 'Continue with Facebook', { subject: 'fiona', email: 'fiona.facebook@example.org', givenName: 'Fiona' });
  const popup = await openSavePopup(page, context);
  await asFiona(popup, context);
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();

  const other = await browser.newContext();
  await withFlag(other, 'dweb_unauth_fb_login_account_recovery_flow');
  const otherPopup = await openSavePopup(await other.newPage(), other);
  await otherPopup.getByRole('button', { name: 'Log in', exact: true }).click();
  await asFiona(otherPopup, other);
  await expect(otherPopup.getByText('Facebook login is no longer available. Recover your account to set a password and keep your Pins.')).toBeVisible();
  await expect(otherPopup.getByLabel('Email')).toHaveValue('fiona.facebook@example.org');
  // Facebook did not log anyone in.
  await expect(otherPopup.getByRole('button', { name: 'Create your first board' })).toHaveCount(0);
  await otherPopup.getByRole('button', { name: 'Recover your account' }).click();
  await expect(otherPopup.getByRole('heading', { name: 'Password reset email sent' })).toBeVisible();
  await expect(otherPopup.getByText('We sent instructions to pick a new password to fiona.facebook@example.org.')).toBeVisible();
  await other.close();
});

test('an account made with Google has no password: an email log-in says so instead of a wrong password', async ({ page, context, browser }) => {
  const gwen = { subject: 'gwen', email: 'gwen.google@example.org', givenName: 'Gwen' };
  const popup = await openSavePopup(page, context);
  await asSomeoneElse(popup, context, 'Continue with Google', gwen);
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();

  const other = await browser.newContext();
  const otherPopup = await openSavePopup(await other.newPage(), other);
  await otherPopup.getByRole('button', { name: 'Log in' }).click();
  await otherPopup.getByLabel('Email').fill(gwen.email);
  await otherPopup.getByLabel('Password').fill('a guess at a password');
  await otherPopup.getByRole('button', { name: 'Log in' }).click();
  await expect(
    otherPopup.getByRole('alert').filter({ hasText: 'Your account is already linked to Google. To log in with email, set a password.' }),
  ).toBeVisible();
  await expect(otherPopup.getByLabel('Password')).toHaveValue('');
  await expect(otherPopup.getByRole('button', { name: 'Create your first board' })).toHaveCount(0);
  await other.close();
});

test('a Google-only account logs out and back in from the welcome back: Google offered, no password to type', async ({ page, context }) => {
  const gail = { subject: `gail-${Date.now()}`, email: `gail.${Date.now()}@example.org`, givenName: 'Gail' };
  const popup = await openSavePopup(page, context);
  await asSomeoneElse(popup, context, 'Continue with Google', gail);
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();

  // The steps: log out, log in with Google (a log-in remembers the browser), log out again.
  await popup.goto(`${PRODUCT}/`);
  await popup.getByRole('button', { name: 'Log out' }).click();
  await popup.waitForURL(`${PRODUCT}/login`);
  await asSomeoneElse(popup, context, 'Continue with Google', gail);
  await popup.getByRole('button', { name: 'Log out' }).click();
  await popup.waitForURL(`${PRODUCT}/login`);
  await expect(popup.getByRole('heading', { name: 'Welcome back, Gail' })).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  await expect(popup.getByLabel('Password')).toHaveCount(0);
  await expectNoAxeViolations(popup);
  await asSomeoneElse(popup, context, 'Continue with Google', gail);
  await expect(popup.getByRole('button', { name: 'Log out' })).toBeVisible();
  expect(readRows(`select count(*) as n from users where email = ?`, gail.email)).toEqual([{ n: 1 }]);
});

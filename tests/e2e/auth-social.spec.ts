import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { DEMO, openSavePopup, withFlag, yearsAgo } from './auth-helpers';
import { readRows } from './db';
import { PRODUCT } from './origins';

/**
 * Sign-in through providers in real Chromium against the real local OpenID provider that the
 * development server starts (auth/providers/devProvider.ts): a second window on the provider's own
 * origin, its login page, the callback that posts to the save popup and closes.
 */

/** Presses a provider button in the save popup and returns the provider's window. */
async function openProvider(popup: Page, context: BrowserContext, label: string): Promise<Page> {
  const [providerWindow] = await Promise.all([context.waitForEvent('page'), popup.getByRole('button', { name: label }).click()]);
  await providerWindow.waitForLoadState();
  await expect(providerWindow.getByRole('heading', { name: 'Dev identity provider' })).toBeVisible();
  expect(new URL(providerWindow.url()).origin).not.toBe(PRODUCT);
  return providerWindow;
}

/** Picks a demo identity; the provider sends the window back to our callback, which closes it. */
async function pickIdentity(providerWindow: Page, name: string) {
  const closed = providerWindow.waitForEvent('close');
  await providerWindow.getByRole('button', { name }).click({ noWaitAfter: true });
  await closed;
}

async function saveToNewBoard(popup: Page, board: string) {
  // A new account: the empty picker's one button.
  await popup.getByRole('button', { name: 'Create your first board' }).click();
  await popup.getByLabel('Name', { exact: true }).fill(board);
  await popup.getByRole('button', { name: 'Create', exact: true }).click();
  await expect(popup.getByText('Board created')).toBeVisible();
}

test('Google sign-up with no birthday: the age step, then the account, then the saved pin', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  await expect(popup.getByRole('button', { name: 'Continue with Google' })).toHaveAttribute('title', 'Use your Google account');
  // Line shows for country JP only; this browser is en-US.
  await expect(popup.getByRole('button', { name: 'Continue with LINE' })).toHaveCount(0);

  const provider = await openProvider(popup, context, 'Continue with Google');
  await pickIdentity(provider, 'Bea Nobirthday');

  await expect(popup.getByRole('heading', { name: 'Welcome, Bea!' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByText("You missed a spot. Don't forget to add your birthday.")).toBeVisible();
  await popup.getByLabel('Birthday').fill(yearsAgo(28));
  await popup.getByRole('button', { name: 'Continue' }).click();

  await saveToNewBoard(popup, 'Found through Google');
  const [user] = readRows<{ id: string; first_name: string; last_name: string; password_hash: string | null; image_medium_url: string }>(
    `select id, first_name, last_name, password_hash, image_medium_url from users where email = ?`,
    'bea.nobirthday@example.org',
  );
  expect(user).toMatchObject({
    first_name: 'Bea',
    last_name: 'Nobirthday',
    password_hash: null,
    image_medium_url: expect.stringMatching(/\/avatars\/bea\.svg$/),
  });
  expect(readRows(`select provider, subject from identities where user_id = ?`, user!.id)).toEqual([{ provider: 'google', subject: 'bea' }]);
  expect(readRows(`select count(*) as n from pins where pinner_id = ?`, user!.id)).toEqual([{ n: 1 }]);
});

test("no email from the provider: EmailCollection, 'Not now', and an email with an account goes to EmailAlreadyExist, then log-in", async ({
  page,
  context,
}) => {
  const popup = await openSavePopup(page, context);
  await pickIdentity(await openProvider(popup, context, 'Continue with Google'), 'Ned Noemail');

  await expect(popup.getByRole('heading', { name: 'Add your email' })).toBeVisible();
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByText('Email is required')).toBeVisible();
  await popup.getByRole('textbox', { name: 'Email' }).fill('not-an-email');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByText("Hmm... that doesn't look like an email address.")).toBeVisible();
  await popup.getByRole('button', { name: 'Not now' }).click();
  await expect(popup.getByRole('heading', { name: 'Sign up to save' })).toBeVisible();

  await pickIdentity(await openProvider(popup, context, 'Continue with Google'), 'Ned Noemail');
  await popup.getByRole('textbox', { name: 'Email' }).fill(DEMO.email);
  await popup.getByRole('button', { name: 'Continue' }).click();
  await expect(popup.getByRole('heading', { name: 'You already have an account' })).toBeVisible();
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByLabel('Email')).toHaveValue(DEMO.email);
  await popup.getByLabel('Password').fill(DEMO.password);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByRole('button', { name: 'Create board' })).toBeVisible();
  // A collected email proves nothing about the provider's identity: nothing was linked.
  expect(readRows(`select subject from identities where subject = 'ned'`)).toEqual([]);
});

test('a verified email of a password account: the password once, then Google is linked and logs in alone', async ({ page, context, browser }) => {
  const popup = await openSavePopup(page, context);
  await pickIdentity(await openProvider(popup, context, 'Continue with Google'), 'Dora Demo');
  await expect(popup.getByText('Log in with your password to connect your Google account.')).toBeVisible();
  await expect(popup.getByLabel('Email')).toHaveValue(DEMO.email);
  await popup.getByLabel('Password').fill(DEMO.password);
  await popup.getByRole('button', { name: 'Log in' }).click();
  await expect(popup.getByRole('button', { name: 'Create board' })).toBeVisible();
  const [demo] = readRows<{ id: string }>(`select id from users where email = ?`, DEMO.email);
  expect(readRows(`select user_id from identities where subject = 'dora'`)).toEqual([{ user_id: demo!.id }]);

  // Another browser: Google alone logs in to the same account.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const otherPopup = await openSavePopup(otherPage, other);
  await otherPopup
    .getByRole('button', { name: 'Already a member? Log in' })
    .or(otherPopup.getByRole('button', { name: 'Log in' }))
    .first()
    .click();
  await pickIdentity(await openProvider(otherPopup, other, 'Continue with Google'), 'Dora Demo');
  await expect(otherPopup.getByRole('button', { name: 'Create board' }).or(otherPopup.getByRole('button', { name: /^Save/ }).first())).toBeVisible();
  await other.close();
});

test("a disabled provider opens 'Oops! Google isn't available'", async ({ page, context }) => {
  await withFlag(context, 'web_google_disabled');
  const popup = await openSavePopup(page, context);
  await popup.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(popup.getByRole('heading', { name: "Oops! Google isn't available" })).toBeVisible();
  await expect(
    popup.getByText("Looks like Google isn't available right now. Give another option a try or refresh the page and try again later."),
  ).toBeVisible();
  await popup.getByRole('button', { name: 'OK' }).click();
  await expect(popup.getByRole('heading', { name: 'Sign up to save' })).toBeVisible();
});

test('a message forged by another origin is ignored; closing the provider window is an error', async ({ page, context }) => {
  const popup = await openSavePopup(page, context);
  const provider = await openProvider(popup, context, 'Continue with Google');
  // The provider's window is on another origin: whatever it posts to our popup is not our callback.
  await provider.evaluate(() =>
    window.opener.postMessage(
      {
        corkboard: 1,
        type: 'social-connect-complete',
        payload: {
          outcome: 'signup',
          profile: {
            provider: 'google',
            first_name: 'Mallory',
            last_name: '',
            image_url: null,
            email: 'm@evil.example',
            needs_email: false,
            needs_birthday: true,
          },
        },
      },
      '*',
    ),
  );
  await provider.close();
  // The forged message came first; the popup ignored it and reports only the closed window.
  await expect(popup.getByText("Couldn't connect. You must authorize Corkboard.")).toBeVisible();
  await expect(popup.getByRole('heading', { name: 'Welcome, Mallory!' })).toHaveCount(0);
  await expect(popup.getByRole('heading', { name: 'Sign up to save' })).toBeVisible();
});

test("company SSO from the save popup: 'Continue with SSO', sign-up, a saved pin; then log-in for the SSO user", async ({ page, context, browser }) => {
  const popup = await openSavePopup(page, context);
  await popup.getByRole('button', { name: 'Log in', exact: true }).click();
  await popup.getByLabel('Email').fill('sam@acme.example');
  const submit = popup.getByRole('button', { name: 'Continue with SSO' });
  await expect(submit).toBeVisible();
  const [sso] = await Promise.all([context.waitForEvent('page'), submit.click()]);
  await expect(sso.getByRole('heading', { name: 'Dev identity provider' })).toBeVisible();
  await pickIdentity(sso, 'Sam Company');
  await saveToNewBoard(popup, 'Team picks');
  const [user] = readRows<{ id: string }>(`select id from users where email = 'sam@acme.example'`);
  expect(readRows(`select provider, subject from identities where user_id = ?`, user!.id)).toEqual([{ provider: 'sso', subject: 'sam' }]);
  expect(readRows(`select count(*) as n from pins where pinner_id = ?`, user!.id)).toEqual([{ n: 1 }]);

  // Another browser: the existing SSO user logs in through the same popup, no password.
  const other = await browser.newContext();
  const otherPopup = await openSavePopup(await other.newPage(), other);
  await otherPopup.getByRole('button', { name: 'Log in', exact: true }).click();
  await otherPopup.getByLabel('Email').fill('sam@acme.example');
  const [again] = await Promise.all([other.waitForEvent('page'), otherPopup.getByRole('button', { name: 'Continue with SSO' }).click()]);
  await pickIdentity(again, 'Sam Company');
  await expect(otherPopup.getByRole('button', { name: 'Team picks' }).or(otherPopup.getByText('Team picks')).first()).toBeVisible();
  await other.close();
});

test("behind dweb_unauth_fb_login_account_recovery_flow, sign-up says Facebook isn't available for new users", async ({ page, context }) => {
  await withFlag(context, 'dweb_unauth_fb_login_account_recovery_flow');
  const popup = await openSavePopup(page, context);
  await expect(popup.getByText("Facebook login isn't available for new users. Continue with email or Google:")).toBeVisible();
  await expect(popup.getByRole('button', { name: 'Continue with Facebook' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
  // Existing accounts still log in with Facebook.
  await popup.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(popup.getByRole('button', { name: 'Continue with Facebook' })).toBeVisible();
});

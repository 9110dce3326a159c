import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { expectNoAxeViolations } from './auth-helpers';
import { PRODUCT } from './origins';
import { solidPng } from '../../bench/click-to-grid';
import { readRows } from './db';
import { admin, freshAccount, logInWith, outboxText } from './safety-helpers';

/**
 * Issue 27: security settings people run themselves, in real Chromium on the real server. The TOTP
 * secret is read from the page (the QR code's otpauth URI) and the code computed with otpauth, as an
 * authenticator app would.
 */

const logInByApi = (page: Page, email: string, password: string) =>
  page.request.post(`${PRODUCT}/resource/UserSessionResource/create/`, {
    data: { options: { username_or_email: email, password } },
    headers: { Origin: PRODUCT },
  });

/** The code an app shows for the page's QR code, `ahead` time steps on (a step already used is refused). */
async function appCode(page: Page, ahead = 0) {
  const uri = (await page.getByRole('img', { name: 'QR code for your authenticator app' }).getAttribute('data-otpauth')) ?? '';
  const totp = OTPAuth.URI.parse(uri) as OTPAuth.TOTP;
  expect(await page.getByTestId('totp-secret').textContent()).toBe(totp.secret.base32);
  return { secret: totp.secret.base32, code: totp.generate({ timestamp: Date.now() + ahead * 30_000 }) };
}
const codeFor = (secret: string, ahead: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, timestamp: Date.now() + ahead * 30_000 });

/** The two-factor part of /settings/security/. */
const twoFactor = (page: Page) => page.getByRole('region', { name: 'Two-factor authentication' });

/** Turns on two-factor by app from /settings/security/, proving it with the password; answers the secret. */
async function turnOnApp(page: Page, password: string) {
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  const { secret, code } = await appCode(page);
  await page.getByLabel('Verification code').fill(code);
  await twoFactor(page).getByLabel('Current password').fill(password);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Your backup codes' })).toBeVisible();
  await expect(page.getByTestId('backup-codes').getByRole('listitem')).toHaveCount(10);
  return secret;
}

/**
 * Logs out, and back in from /login to the security settings (this browser is remembered: 'Welcome
 * back'): the password, then the code `code` answers once the code step shows (an SMS is sent only then).
 */
async function logOutAndBackInWithCode(page: Page, user: { firstName: string; password: string }, code: () => string | Promise<string>) {
  await page.request.post(`${PRODUCT}/resource/UserSessionResource/delete/`, { data: { options: {} }, headers: { Origin: PRODUCT } });
  await page.goto(`${PRODUCT}/login?next=${encodeURIComponent('/settings/security/')}`);
  await expect(page.getByRole('heading', { name: `Welcome back, ${user.firstName}` })).toBeVisible();
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter your verification code' })).toBeVisible();
  await page.getByLabel('Verification code', { exact: true }).fill(await code());
  await page.getByRole('button', { name: 'Verify' }).click();
}

test('a user turns on two-factor from the page, then logs out and back in with a code', async ({ page }) => {
  const user = freshAccount('twofa');
  await page.goto(`${PRODUCT}/login?next=${encodeURIComponent('/settings/security/')}`);
  await logInWith(page, user.email, user.password);
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();
  await expectNoAxeViolations(page);

  // A wrong code keeps it off.
  await page.getByRole('button', { name: 'Use an authenticator app' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expectNoAxeViolations(page);
  const { code } = await appCode(page);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await twoFactor(page).getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toHaveText('That code didn’t work. Check it and try again.');
  // The new app's code never proves it is the owner: the password does, and a wrong one keeps it off.
  await page.getByLabel('Verification code').fill(code);
  await twoFactor(page).getByLabel('Current password').fill('not the password');
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('alert')).toHaveText('That password is incorrect.');
  await page.getByRole('button', { name: 'Cancel' }).click();

  const secret = await turnOnApp(page, user.password);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(page.getByText('Two-factor authentication is on. Codes come from your authenticator app.')).toBeVisible();
  await expect(page.getByText('Backup codes left: 10')).toBeVisible();

  // Log out, and back in (this browser is remembered: 'Welcome back'): the password, then a code from the app.
  await logOutAndBackInWithCode(page, user, () => codeFor(secret, 1));
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await expect(page.getByText('This session passed two-factor authentication.')).toBeVisible();
});

test('a session is logged out from another', async ({ page, browser }) => {
  const user = freshAccount('sessions');
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await logInByApi(otherPage, user.email, user.password);
  await otherPage.goto(`${PRODUCT}/settings/security/`);
  await expect(otherPage.getByRole('heading', { name: 'Where you are logged in' })).toBeVisible();

  await logInByApi(page, user.email, user.password);
  await page.goto(`${PRODUCT}/settings/security/`);
  const rows = page.getByRole('listitem').filter({ hasText: 'Last used' });
  await expect(rows).toHaveCount(2);
  await expect(rows.filter({ hasText: 'This session' })).toContainText('Chrome on Linux');
  await expect(rows.filter({ hasText: 'This session' })).toContainText('This computer');
  await expectNoAxeViolations(page);
  await rows
    .filter({ hasNotText: 'This session' })
    .getByRole('button', { name: /^Log out/ })
    .click();
  await expect(rows).toHaveCount(1);

  await otherPage.reload();
  await expect(otherPage.getByText('Log in to see your security settings.')).toBeVisible();
  await other.close();
});

test('a business ADMIN member turns on two-factor and then acts for the business; an older session is logged out', async ({ page, browser }) => {
  const owner = freshAccount('owner');
  const advertiserId = /advertiser (\d+)/.exec(admin('advertiser-create', owner.email, 'Lantern Co'))![1]!;
  const member = freshAccount('admin');
  admin('advertiser-member', advertiserId, member.email, 'ADMIN');
  const campaigns = `${PRODUCT}/advertiser/${advertiserId}/reporting/campaigns/`;

  // An older session of the member, started before two-factor is on.
  const older = await browser.newContext();
  const olderPage = await older.newPage();
  await logInByApi(olderPage, member.email, member.password);

  await logInByApi(page, member.email, member.password);
  await page.goto(campaigns);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication needed' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('link', { name: 'Security settings' }).click();
  await turnOnApp(page, member.password);
  await page.getByRole('button', { name: 'I saved my codes' }).click();

  await page.goto(campaigns);
  await expect(page.getByRole('heading', { name: 'Campaigns' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Two-factor authentication needed' })).toHaveCount(0);

  // Turning two-factor on is a credential change: every other session ended with it.
  await olderPage.goto(`${PRODUCT}/settings/security/`);
  await expect(olderPage.getByText('Log in to see your security settings.')).toBeVisible();
  await older.close();
});

test('in French: the security page, a wrong password, deactivation and coming back by logging in', async ({ page, context }) => {
  const user = freshAccount('secufr');
  await context.addCookies([{ name: 'cb_lang', value: 'fr', url: PRODUCT }]);
  await logInByApi(page, user.email, user.password);
  await page.goto(`${PRODUCT}/settings/security/`);
  await expect(page.getByRole('heading', { name: 'Sécurité', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Authentification à deux facteurs' })).toBeVisible();
  await expectNoAxeViolations(page);

  const password = page.getByRole('region', { name: 'Mot de passe' });
  await password.getByLabel('Mot de passe actuel').fill('pas le bon');
  await password.getByLabel('Nouveau mot de passe').fill('Plum-Orchard-43');
  await password.getByRole('button', { name: 'Changer le mot de passe' }).click();
  await expect(password.getByRole('alert')).toHaveText('Ce mot de passe est incorrect.');

  const close = page.getByRole('region', { name: 'Désactiver ou supprimer votre compte' });
  await close.getByLabel('Mot de passe actuel').fill(user.password);
  await close.getByRole('button', { name: 'Désactiver le compte' }).click();
  await expect(page.getByRole('heading', { name: 'Votre compte a été désactivé' })).toBeVisible();
  await expectNoAxeViolations(page);

  // Logging in again brings the account back.
  await page.goto(`${PRODUCT}/login?next=${encodeURIComponent('/settings/security/')}`);
  await page
    .getByLabel(/e-mail/i)
    .first()
    .fill(user.email);
  await page.getByLabel('Mot de passe').fill(user.password);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('heading', { name: 'Sécurité', exact: true })).toBeVisible();
});

/** The newest code texted to a phone, read from the dev outbox in a page of its own (the settings page stays). */
async function textedCode(outbox: Page, phone: string, notThis = '') {
  let code = '';
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec(await outboxText(outbox, phone))?.[1] ?? '';
      return code !== '' && code !== notThis;
    })
    .toBe(true);
  return code;
}

test('a user turns on two-factor by SMS from the page, the code read from the outbox, then logs in with a texted code', async ({ page, context }) => {
  const user = freshAccount('smsfa');
  const phone = `+1555${String(Date.now()).slice(-7)}`;
  const outbox = await context.newPage();
  await logInByApi(page, user.email, user.password);
  await page.goto(`${PRODUCT}/settings/security/`);
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible();

  await page.getByLabel('Phone number, with its country code').fill(phone);
  await page.getByRole('button', { name: 'Use text messages (SMS)' }).click();
  await expect(page.getByText(`We texted a code to your number ending in ${phone.slice(-2)}.`)).toBeVisible();
  await expectNoAxeViolations(page);
  const setupCode = await textedCode(outbox, phone);
  await page.getByLabel('Verification code').fill(setupCode);
  await twoFactor(page).getByLabel('Current password').fill(user.password);
  await page.getByRole('button', { name: 'Turn on' }).click();
  await expect(page.getByRole('heading', { name: 'Your backup codes' })).toBeVisible();
  await page.getByRole('button', { name: 'I saved my codes' }).click();
  await expect(page.getByText(`Two-factor authentication is on. Codes are texted to your number ending in ${phone.slice(-2)}.`)).toBeVisible();

  // Log out, and back in: the password, then the code texted for this log-in.
  await logOutAndBackInWithCode(page, user, () => textedCode(outbox, phone, setupCode));
  await expect(page.getByRole('heading', { name: 'Security', exact: true })).toBeVisible();
  await expect(page.getByText('This session passed two-factor authentication.')).toBeVisible();
});

for (const { lang, words } of [
  {
    lang: 'en',
    words: {
      region: 'Deactivate or delete your account',
      password: 'Current password',
      delete: 'Delete account',
      deleted: 'Your account is deleted',
      wrong: 'That password is incorrect.',
      notFound: 'Not found',
    },
  },
  {
    lang: 'fr',
    words: {
      region: 'Désactiver ou supprimer votre compte',
      password: 'Mot de passe actuel',
      delete: 'Supprimer le compte',
      deleted: 'Votre compte est supprimé',
      wrong: 'Ce mot de passe est incorrect.',
      notFound: 'Introuvable',
    },
  },
]) {
  test(`[${lang}] a user deletes their account from the page with a fresh password, and it is gone with its avatar`, async ({ page, context }) => {
    const user = freshAccount(`delete${lang}`);
    await context.addCookies([{ name: 'cb_lang', value: lang, url: PRODUCT }]);
    await logInByApi(page, user.email, user.password);
    const avatar = (
      await (
        await page.request.post(`${PRODUCT}/resource/UserAvatarResource/create/`, {
          data: { options: { image_base64: solidPng(300, 300).toString('base64') } },
          headers: { Origin: PRODUCT },
        })
      ).json()
    ).resource_response.data.image_medium_url as string;
    expect((await page.request.get(avatar)).status()).toBe(200);

    await page.goto(`${PRODUCT}/settings/security/`);
    const close = page.getByRole('region', { name: words.region });
    // Deletion is asked again in a dialog that says what goes; the server still wants the fresh password.
    const ask = page.getByRole('dialog', { name: words.delete });
    await close.getByLabel(words.password).fill('not the password');
    await close.getByRole('button', { name: words.delete }).click();
    await ask.getByRole('button', { name: words.delete }).click();
    await expect(close.getByRole('alert')).toHaveText(words.wrong);
    await close.getByLabel(words.password).fill(user.password);
    // Cancel keeps the account.
    await close.getByRole('button', { name: words.delete }).click();
    await expect(ask).toBeVisible();
    await expectNoAxeViolations(page);
    await ask.getByRole('button', { name: lang === 'fr' ? 'Annuler' : 'Cancel' }).click();
    await expect(ask).toHaveCount(0);
    expect(readRows(`select id from users where email = ?`, user.email)).toHaveLength(1);
    await close.getByRole('button', { name: words.delete }).click();
    await ask.getByRole('button', { name: words.delete }).click();
    await expect(page.getByRole('heading', { name: words.deleted })).toBeVisible();
    // A signed-out page: the header offers log in, never the deleted account's profile or settings.
    await expect(page.getByRole('navigation').getByRole('link', { name: lang === 'fr' ? 'Paramètres' : 'Settings' })).toHaveCount(0);
    await expect(page.getByRole('navigation').getByRole('link', { name: lang === 'fr' ? 'Profil' : 'Profile' })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // Gone: its row, its profile, its log-in, and (by the release job) its avatar's bytes.
    expect(readRows(`select id from users where email = ?`, user.email)).toEqual([]);
    await page.goto(`${PRODUCT}/${user.username}/`);
    await expect(page.getByRole('heading', { name: words.notFound })).toBeVisible();
    expect((await (await logInByApi(page, user.email, user.password)).json()).resource_response.error.api_error_code).toBe(78);
    await expect.poll(async () => (await page.request.get(avatar)).status(), { timeout: 15_000 }).toBe(404);
  });
}

test('an email change asks for the password, and the old address undoes it with its link, logging everyone out', async ({ page, context }) => {
  const user = freshAccount('mailundo');
  const newAddress = `moved-${user.email}`;
  await logInByApi(page, user.email, user.password);
  await page.goto(`${PRODUCT}/settings/security/`);
  const region = page.getByRole('region', { name: 'Email address' });
  await region.getByLabel('New email address').fill(newAddress);
  await region.getByLabel('Current password').fill('not the password');
  await region.getByRole('button', { name: 'Change email' }).click();
  await expect(region.getByRole('alert')).toHaveText('That password is incorrect.');
  await region.getByLabel('Current password').fill(user.password);
  await region.getByRole('button', { name: 'Change email' }).click();
  await expect(region.getByText(`We sent a link to ${newAddress}. Your email changes when you follow it.`)).toBeVisible();

  const mail = await context.newPage();
  const confirm = /https?:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(await outboxText(mail, newAddress))![0];
  await mail.goto(confirm);
  await mail.getByRole('button', { name: 'Confirm email' }).click();
  await expect(mail.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();

  // The old address's notice carries the undo link; the page spends it with its button, never on opening.
  let undo = '';
  await expect.poll(async () => (undo = /https?:\/\/\S+\/email\/verify\/\?undo=[\w-]+/.exec(await outboxText(mail, user.email))?.[0] ?? '')).not.toBe('');
  await mail.goto(undo);
  await expect(mail.getByRole('heading', { name: 'Undo the email change' })).toBeVisible();
  await expectNoAxeViolations(mail);
  await mail.getByRole('button', { name: 'Undo the change' }).click();
  await expect(mail.getByText(`${user.email} is your account’s email again, and every session is logged out. Reset your password to log in.`)).toBeVisible();
  expect(readRows(`select email from users where email = ?`, user.email)).toHaveLength(1);

  await page.reload();
  await expect(page.getByText('Log in to see your security settings.')).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, fillSignup, openSavePopup, STRONG, yearsAgo } from './auth-helpers';
import { PRODUCT } from './origins';
import { outboxText } from './safety-helpers';

/** Issue 25: a verified email is a state, reached by following the link mailed at sign-up. */
const verifyLink = (text: string) => /http:\/\/\S+\/email\/verify\/\?token=[\w-]+/.exec(text)?.[0] ?? '';
let n = 0;
const freshEmail = (prefix: string) => `${prefix}${Date.now().toString(36)}${++n}@example.com`;

test('sign up in the popup, see the address unverified in settings, resend, follow the mailed link: verified', async ({ page, context }) => {
  const email = freshEmail('verify');
  const popup = await openSavePopup(page, context);
  await fillSignup(popup, email, yearsAgo(30));
  await popup.getByLabel('Birthday').press('Enter');
  await expect(popup.getByRole('button', { name: 'Create your first board' })).toBeVisible();

  // Where a logged-in user looks: account settings say the address waits, and offer to send the link again.
  await page.goto(`${PRODUCT}/settings/account/`);
  await expect(page.getByText(`${email} is not verified yet. Follow the link we emailed you.`)).toBeVisible();
  await page.getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Email sent to ${email}!` })).toBeVisible();
  await expectNoAxeViolations(page);

  const link = verifyLink(await outboxText(page, email));
  expect(link.startsWith(`${PRODUCT}/email/verify/?token=`)).toBe(true);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: 'Confirm your email address' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByRole('heading', { name: 'Your email is verified' })).toBeVisible();
  await expect(page.getByText(`${email} is confirmed. Invites sent to it are yours to accept.`)).toBeVisible();

  await page.getByRole('link', { name: 'Go to account settings' }).click();
  await expect(page.getByText(`${email} is verified.`)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Resend email' })).toHaveCount(0);

  // The link works once.
  await page.goto(link);
  await page.getByRole('button', { name: 'Confirm email' }).click();
  await expect(page.getByRole('alert')).toHaveText('This link has expired or was already used. Ask for a new one in your account settings.');
});

test('the same page in French', async ({ page, context, request }) => {
  const email = freshEmail('verifie');
  const signup = await request.post(`${PRODUCT}/resource/UserRegisterResource/create/`, {
    headers: { origin: PRODUCT, 'content-type': 'application/json' },
    data: { options: { type: 'email', email, password: STRONG, birthday: Math.floor(Date.parse(`${yearsAgo(30)}T00:00:00Z`) / 1000) } },
  });
  expect(signup.status()).toBe(200);
  const link = verifyLink(await outboxText(page, email));
  await context.addCookies([{ name: 'cb_lang', value: 'fr', url: PRODUCT }]);
  await page.goto(link);
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('heading', { name: 'Confirmez votre adresse e-mail' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmer l’adresse e-mail' }).click();
  await expect(page.getByRole('heading', { name: 'Votre adresse e-mail est confirmée' })).toBeVisible();
  await expect(page.getByText(`${email} est confirmée. Vous pouvez accepter les invitations qui lui sont envoyées.`)).toBeVisible();
});

import * as OTPAuth from 'otpauth';
import { expect, test, type Page } from '@playwright/test';
import { PRODUCT } from './origins';
import { expectNoAxeViolations } from './auth-helpers';
import { readRows, writeRows } from './db';
import { admin, freshAccount } from './safety-helpers';

/**
 * The operator console in real Chromium on the real server: an operator (two-factor passed) finds a person,
 * suspends them with a reason and a fresh proof, sees it in the audit log, and blocks a host; a member who
 * is not an operator gets the not-found page. Every console page is axe clean.
 */
const SECRET = 'JBSWY3DPEHPK3PXP';
const post = (page: Page, name: string, action: string, options: Record<string, unknown>) =>
  page.request.post(`${PRODUCT}/resource/${name}/${action}/`, { headers: { origin: PRODUCT, 'content-type': 'application/json' }, data: { options } });
const logIn = (page: Page, account: { email: string; password: string }) =>
  post(page, 'UserSessionResource', 'create', { username_or_email: account.email, password: account.password });

/** An operator whose session passed two-factor (the log-in's two-factor step is tested in the auth specs). */
async function operator(page: Page) {
  const op = freshAccount('op', 'Opal');
  admin('operator', op.email);
  await logIn(page, op);
  const now = Date.now();
  writeRows(`update users set mfa_method = 'totp', totp_secret = ?, mfa_enabled_at = ? where email = ?`, SECRET, now, op.email);
  writeRows(`update sessions set mfa_at = ? where user_id = (select id from users where email = ?) and revoked_at is null`, now, op.email);
  return op;
}

test('an operator suspends a person with a reason and a fresh proof, and finds it in the audit log', async ({ page }) => {
  const op = await operator(page);
  const target = freshAccount('target', 'Tess');
  await page.goto(`${PRODUCT}/admin/people/`);
  await expect(page.getByRole('heading', { level: 1, name: 'People' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('Search by email, username or name').fill(target.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: new RegExp(target.username) }).click();
  await expect(page.getByText('State: active')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Why (kept in the audit log)').fill('spam wave');
  await dialog.getByLabel('Your password').fill(op.password);
  // A wrong code: refused in the form, the account unchanged.
  await dialog.getByLabel('Your two-factor code').fill('000000');
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(dialog.getByRole('alert')).toBeVisible();
  expect(readRows<{ state: string }>('select state from users where email = ?', target.email)[0]!.state).toBe('active');
  await dialog.getByLabel('Your two-factor code').fill(OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(SECRET), digits: 6, period: 30 }));
  await dialog.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText('State: suspended')).toBeVisible();
  expect(readRows<{ state: string }>('select state from users where email = ?', target.email)[0]!.state).toBe('suspended');

  await page.getByRole('link', { name: 'This account in the audit log' }).click();
  await expect(page.getByRole('cell', { name: 'account.suspend' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'spam wave' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('an operator blocks a host from Links & notices; the other sections open and are axe clean', async ({ page }) => {
  await operator(page);
  const host = `bad${Date.now().toString(36)}.example`;
  await page.goto(`${PRODUCT}/admin/links/`);
  await page.getByLabel('Host (like example.com)').fill(host);
  await page.getByLabel('Why (kept in the audit log)').first().fill('phishing');
  await page.getByRole('button', { name: 'Add to the list' }).click();
  await expect(page.getByRole('cell', { name: host })).toBeVisible();
  expect(readRows<{ status: string }>('select status from offsite_hosts where host = ?', host)[0]!.status).toBe('blocked');
  await expectNoAxeViolations(page);
  for (const [path, heading] of [
    ['/admin/businesses/', 'Businesses'],
    ['/admin/invitations/', 'Invitations'],
  ] as const) {
    await page.goto(`${PRODUCT}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  }
});

test('a member who is not an operator gets the not-found page at every console section', async ({ page }) => {
  await logIn(page, freshAccount('member', 'Mo'));
  for (const path of ['/admin/people/', '/admin/audit/', '/admin/links/', '/admin/businesses/', '/admin/invitations/']) {
    await page.goto(`${PRODUCT}${path}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  }
});

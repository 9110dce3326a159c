import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { outboxMessages } from './safety-helpers.js';
import { linkedLoginError } from './rules/recovery.js';

/**
 * An email log-in to an account with no password whose way in is Google or
 * Facebook says so, instead of 'The password you entered is incorrect.' (docs/decisions.md, SSO).
 */
const FLAG_COOKIE = 'cb_flags=dweb_unauth_fb_login_account_recovery_flow';
const error = (res: { body: any }) => res.body.resource_response.error;

/** An account made by a provider sign-up: no password, one identity per provider. */
async function linkedAccount(t: TestApp, name: string, providers: string[]) {
  const user = await t.makeUser(name);
  await t.db.updateTable('users').set({ password_hash: null }).where('id', '=', user.id).execute();
  for (const provider of providers) {
    await t.db
      .insertInto('identities')
      .values({ provider, subject: `${provider}-${name}`, user_id: user.id, email: user.email, created_at: 0 })
      .execute();
  }
  return user;
}

describe('email log-in to a provider-linked account without a password', () => {
  it('a Google-linked account is told to set a password, and no session starts', async () => {
    const t = await testApp();
    const user = await linkedAccount(t, 'gina', ['google']);
    const browser = t.client();
    const res = await browser.logIn(user.email, 'any password at all');
    expect(res.status).toBe(401);
    expect(error(res)).toMatchObject({ api_error_code: 174, message: 'Your account is already linked to Google. To log in with email, set a password.' });
    expect(await t.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('a Facebook-linked account is told to set a password when the recovery flag is off', async () => {
    const t = await testApp();
    const user = await linkedAccount(t, 'fred', ['facebook']);
    const res = await t.client().logIn(user.email, 'any password at all');
    expect(res.status).toBe(401);
    expect(error(res)).toMatchObject({ api_error_code: 175, message: 'Your account is already linked to Facebook. To log in with email, set a password.' });
  });

  it('behind dweb_unauth_fb_login_account_recovery_flow, a Facebook-only account hears that Facebook login is no longer available', async () => {
    const t = await testApp();
    const user = await linkedAccount(t, 'fiona', ['facebook']);
    const res = await t.client({ cookie: FLAG_COOKIE }).logIn(user.email, 'any password at all');
    expect(res.status).toBe(403);
    expect(error(res)).toMatchObject({ api_error_code: 176, message: 'Your account is connected to Facebook, but Facebook login is no longer available.' });
    // With Google linked too, the flag changes nothing: Google still works.
    const both = await linkedAccount(t, 'bo', ['facebook', 'google']);
    expect(error(await t.client({ cookie: FLAG_COOKIE }).logIn(both.email, 'x'))).toMatchObject({ api_error_code: 174 });
  });

  it('an account with a password, an unknown email and an account linked only to another provider keep the wrong-password answer', async () => {
    const t = await testApp();
    const withPassword = await t.makeUser('pat');
    await t.db
      .insertInto('identities')
      .values({ provider: 'google', subject: 'google-pat', user_id: withPassword.id, email: withPassword.email, created_at: 0 })
      .execute();
    const wrong = { api_error_code: 78, message: 'The password you entered is incorrect. Try again or reset your password' };
    expect(error(await t.client().logIn(withPassword.email, 'wrong password'))).toMatchObject(wrong);
    expect(error(await t.client({ cookie: FLAG_COOKIE }).logIn(withPassword.email, 'wrong password'))).toMatchObject(wrong);
    expect((await t.client().logIn(withPassword.email, withPassword.password)).status).toBe(200);
    expect(error(await t.client().logIn('nobody@example.com', 'wrong password'))).toMatchObject(wrong);
    const sso = await linkedAccount(t, 'sam', ['sso']);
    expect(error(await t.client().logIn(sso.email, 'wrong password'))).toMatchObject(wrong);
  });

  it('counts as a failed attempt: the third is login assistance, whose mail lets the account set a password', async () => {
    const t = await testApp();
    const user = await linkedAccount(t, 'gail', ['google']);
    expect(error(await t.client().logIn(user.email, 'one'))).toMatchObject({ api_error_code: 174 });
    expect(error(await t.client().logIn(user.email, 'two'))).toMatchObject({ api_error_code: 174 });
    expect(error(await t.client().logIn(user.email, 'three'))).toMatchObject({ api_error_code: 110 });
    const mail = await outboxMessages(t, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.body).toMatch(/\/password\/reset\/\?token=/);
  });

  it('chooses Google over Facebook, and the retired message only behind the flag', () => {
    expect(linkedLoginError(['facebook', 'google'], false)).toBe('google_linked_no_password');
    expect(linkedLoginError(['facebook'], false)).toBe('facebook_linked_no_password');
    expect(linkedLoginError(['facebook'], true)).toBe('facebook_login_retired');
    expect(linkedLoginError(['line', 'sso'], true)).toBeNull();
  });
});

import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { newId } from '../lib/ids.js';
import { LIMITS } from '../lib/limits.js';
import { testApp, type TestApp } from '../testing.js';
import { lastSmsCode, lastVerifyToken, outboxMessages } from './safety-helpers.js';

/** Issue 27: the security settings, driven through their resources as the settings page drives them. */

const MINUTE = 60 * 1000;
/** testing.ts makeUser's password. */
const PASSWORD = 'correct horse battery';
const err = (res: { body: any }) => res.body.resource_response.error?.api_error_code ?? 0;
const data = (res: { body: any }) => res.body.resource_response.data;
type Browser = ReturnType<TestApp['client']>;

/** The code an authenticator app shows now for this secret. */
const appCode = (t: TestApp, secret: string, offsetSteps = 0) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, timestamp: t.clock.now() + offsetSteps * 30_000 });

async function loggedIn(t: TestApp, name?: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  expect((await browser.logIn(user.email, user.password)).status).toBe(200);
  return { user, browser };
}

/** Turns on two-factor by authenticator app from the settings; answers the secret and the backup codes. */
async function withApp(t: TestApp, browser: Browser, password = PASSWORD) {
  const started = data(await browser.post('TwoFactorResource', 'create', { method: 'totp' }));
  const confirmed = await browser.post('TwoFactorResource', 'update', { code: appCode(t, started.secret), password });
  expect(confirmed.status).toBe(200);
  return { secret: started.secret as string, backupCodes: data(confirmed).backup_codes as string[] };
}

describe('two-factor by authenticator app, from the settings', () => {
  it('starts with a secret, its otpauth URI and a QR code; a wrong code keeps it off; the right one turns it on with ten backup codes', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const before = browser.cookie;
    const started = await browser.post('TwoFactorResource', 'create', { method: 'totp' });
    expect(started.status).toBe(200);
    const { secret, otpauth_uri, qr_code } = data(started);
    expect(otpauth_uri).toContain(`secret=${secret}`);
    expect(OTPAuth.URI.parse(otpauth_uri)).toBeInstanceOf(OTPAuth.TOTP);
    expect(qr_code).toMatch(/^data:image\/png;base64,/);
    expect(data(await browser.get('SecuritySettingsResource')).mfa).toMatchObject({ method: null, pending: 'totp' });

    const wrong = await browser.post('TwoFactorResource', 'update', { code: appCode(t, secret) === '000000' ? '111111' : '000000', password: user.password });
    expect([wrong.status, err(wrong)]).toEqual([401, 114]);
    expect((await t.db.selectFrom('users').select('mfa_method').where('id', '=', user.id).executeTakeFirstOrThrow()).mfa_method).toBeNull();

    const confirmed = await browser.post('TwoFactorResource', 'update', { code: appCode(t, secret), password: user.password });
    expect(confirmed.status).toBe(200);
    const codes = data(confirmed).backup_codes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    // Stored as hashes only, and the session that proved the code rotated.
    expect(JSON.stringify(await t.db.selectFrom('auth_tokens').selectAll().execute())).not.toContain(codes[0]);
    expect(browser.cookie).not.toBe(before);
    expect(data(await browser.get('SecuritySettingsResource')).mfa).toMatchObject({
      method: 'totp',
      backup_codes_left: 10,
      session_passed: true,
      pending: null,
    });
    // Shown once: nothing answers them again.
    expect(JSON.stringify(data(await browser.get('SecuritySettingsResource')))).not.toContain(codes[0]);
    const notice = (await outboxMessages(t, user.email)).at(-1);
    expect(notice?.subject).toBe('Two-factor authentication is on for your Corkboard account');

    // Starting again while it is on is refused.
    expect(err(await browser.post('TwoFactorResource', 'create', { method: 'totp' }))).toBe(311);
  });

  it('confirming with nothing started is refused; bad input is a 400', async () => {
    const t = await testApp();
    const { browser } = await loggedIn(t);
    expect(err(await browser.post('TwoFactorResource', 'update', { code: '123456' }))).toBe(312);
    expect((await browser.post('TwoFactorResource', 'update', { code: '' })).status).toBe(400);
    expect((await browser.post('TwoFactorResource', 'create', { method: 'email' })).status).toBe(400);
    expect((await t.client().post('TwoFactorResource', 'create', { method: 'totp' })).status).toBe(401);
  });

  it('then asks for a code at log-in; a backup code logs in once, and is refused when reused', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const { secret, backupCodes } = await withApp(t, browser);
    const other = t.client();
    const first = await other.logIn(user.email, user.password);
    expect([first.status, err(first)]).toEqual([401, 113]);
    t.clock.advance(MINUTE);
    const withCode = await other.post('UserSessionResource', 'create', {
      username_or_email: user.email,
      password: user.password,
      mfa_token: appCode(t, secret),
    });
    expect(withCode.status).toBe(200);

    const third = t.client();
    const backup = await third.post('UserSessionResource', 'create', {
      username_or_email: user.email,
      password: user.password,
      mfa_token: backupCodes[0]!.toUpperCase(),
    });
    expect(backup.status).toBe(200);
    const again = await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, mfa_token: backupCodes[0] });
    expect(err(again)).toBe(114);
    expect(data(await third.get('SecuritySettingsResource')).mfa.backup_codes_left).toBe(9);
  });

  it('turns off only with a fresh code: a wrong one and a reused backup code are refused', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const { secret, backupCodes } = await withApp(t, browser);
    // The code that turned it on is spent: the same time step is not accepted twice.
    expect(err(await browser.post('TwoFactorResource', 'delete', { code: appCode(t, secret), password: user.password }))).toBe(114);
    await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, mfa_token: backupCodes[1] });
    expect(err(await browser.post('TwoFactorResource', 'delete', { code: backupCodes[1], password: user.password }))).toBe(114);
    // A code alone never stands in for the password.
    expect(err(await browser.post('TwoFactorResource', 'delete', { code: backupCodes[2] }))).toBe(317);
    const off = await browser.post('TwoFactorResource', 'delete', { code: backupCodes[2], password: user.password });
    expect(off.status).toBe(200);
    expect(data(off).mfa.method).toBeNull();
    expect(await t.db.selectFrom('users').select(['mfa_method', 'totp_secret', 'mfa_enabled_at']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      mfa_method: null,
      totp_secret: null,
      mfa_enabled_at: null,
    });
    // The other backup codes went with it, and it is off already.
    expect(err(await browser.post('TwoFactorResource', 'delete', { code: backupCodes[3], password: user.password }))).toBe(313);
    expect((await t.client().logIn(user.email, user.password)).status).toBe(200);
  });

  it('bounds guessing: of 10,000 wrong codes only 10 are judged, the rest refused, and then even the right code waits', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const { secret } = data(await browser.post('TwoFactorResource', 'create', { method: 'totp' }));
    const right = appCode(t, secret);
    let judged = 0;
    let limited = 0;
    for (let guess = 0; guess < 10_000; guess++) {
      const code = String(guess).padStart(6, '0');
      if (code === right) continue;
      const res = await browser.post('TwoFactorResource', 'update', { code, password: user.password });
      if (err(res) === 114) judged++;
      else if (res.status === 429) limited++;
    }
    expect(judged).toBe(LIMITS.securityAccount.points);
    expect(judged + limited).toBeGreaterThanOrEqual(9_999);
    // The limit is the account's: another session of it meets it too, with the right code.
    const second = t.client();
    await second.logIn(user.email, user.password);
    const refused = await second.post('TwoFactorResource', 'update', { code: right, password: user.password });
    expect([refused.status, err(refused)]).toEqual([429, 310]);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  }, 120_000);
});

describe('two-factor by SMS, through the outbox', () => {
  it('texts a code to the phone being added, turns on with it, and then asks for a texted code at log-in', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    expect(err(await browser.post('TwoFactorResource', 'create', { method: 'sms', phone_number: 'call me' }))).toBe(314);
    expect(err(await browser.post('TwoFactorResource', 'create', { method: 'sms', phone_number: '+1 555' }))).toBe(314);
    const started = await browser.post('TwoFactorResource', 'create', { method: 'sms', phone_number: '+1 (555) 000-1277' });
    expect(data(started)).toEqual({ method: 'sms', phone_number_end: '77' });
    const sent = await lastSmsCode(t, '+15550001277');
    expect(err(await browser.post('TwoFactorResource', 'update', { code: sent === '000000' ? '111111' : '000000', password: user.password }))).toBe(114);
    const on = await browser.post('TwoFactorResource', 'update', { code: sent, password: user.password });
    expect(on.status).toBe(200);
    expect(data(await browser.get('SecuritySettingsResource')).mfa).toMatchObject({ method: 'sms', phone_number_end: '77' });
    // The set-up code is spent.
    const login = t.client();
    expect(err(await login.logIn(user.email, user.password))).toBe(113);
    const loginCode = await lastSmsCode(t, '+15550001277');
    expect((await login.post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, mfa_token: loginCode })).status).toBe(
      200,
    );

    // Turning it off: a new code on request.
    expect(data(await browser.post('TwoFactorCodeResource', 'create', {}))).toEqual({ sent: true, phone_number_end: '77' });
    expect((await browser.post('TwoFactorResource', 'delete', { code: await lastSmsCode(t, '+15550001277'), password: user.password })).status).toBe(200);
  });
});

describe('a business member and the OWNER-or-MFA rule, read from the session', () => {
  async function business(t: TestApp) {
    const owner = await t.makeUser();
    const { user: member, browser } = await loggedIn(t);
    const advertiser = newId();
    await t.db.insertInto('advertisers').values({ id: advertiser, owner_user_id: owner.id, name: 'Brand', created_at: 1 }).execute();
    await t.db.insertInto('advertiser_members').values({ advertiser_id: advertiser, user_id: member.id, permissions: '["ADMIN"]' }).execute();
    return { member, browser, advertiser };
  }
  const act = (browser: Browser, advertiser: string) => browser.get('AdvertiserCampaignsResource', { advertiser_id: advertiser });

  it('a member who turns two-factor on from the settings acts for the business in that session', async () => {
    const t = await testApp();
    const { browser, advertiser } = await business(t);
    expect(err(await act(browser, advertiser))).toBe(181);
    await withApp(t, browser);
    expect((await act(browser, advertiser)).status).toBe(200);
  });

  it('a session that began before two-factor was on ends when it is turned on; one that never passed it must pass it (the step-up) before acting', async () => {
    const t = await testApp();
    const { member, browser, advertiser } = await business(t);
    const ended = t.client();
    await ended.logIn(member.email, member.password);
    const { secret } = await withApp(t, browser);
    expect((await ended.get('SecuritySettingsResource')).status).toBe(401);
    // A session that has not passed it (as one an operator's change left would be).
    const older = t.client();
    t.clock.advance(MINUTE);
    await older.post('UserSessionResource', 'create', { username_or_email: member.email, password: member.password, mfa_token: appCode(t, secret) });
    await t.db.updateTable('sessions').set({ mfa_at: null }).where('user_id', '=', member.id).where('revoked_at', 'is', null).where('mfa_at', '>', 0).execute();
    expect(err(await act(older, advertiser))).toBe(181);
    expect(data(await older.get('SecuritySettingsResource')).mfa.session_passed).toBe(false);
    expect(err(await older.post('SessionTwoFactorResource', 'create', { code: '000000' }))).toBe(114);
    t.clock.advance(MINUTE);
    expect((await older.post('SessionTwoFactorResource', 'create', { code: appCode(t, secret) })).status).toBe(200);
    expect((await act(older, advertiser)).status).toBe(200);
    // Turned off, and on again: the sessions that passed the old one end.
    t.clock.advance(MINUTE);
    expect((await browser.post('TwoFactorResource', 'delete', { code: appCode(t, secret), password: member.password })).status).toBe(200);
    t.clock.advance(MINUTE);
    await withApp(t, browser);
    expect((await act(older, advertiser)).status).toBe(401);
    expect((await act(browser, advertiser)).status).toBe(200);
  });

  it('the step-up is refused without two-factor on', async () => {
    const t = await testApp();
    const { browser } = await loggedIn(t);
    expect(err(await browser.post('SessionTwoFactorResource', 'create', { code: '123456' }))).toBe(313);
  });
});

describe('password and email change', () => {
  it('password change needs the current password, logs out the other sessions and keeps this one two-factor', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const { backupCodes } = await withApp(t, browser);
    const other = t.client();
    await other.logIn(user.email, user.password).catch(() => undefined);
    const second = t.client();
    await t.db.updateTable('users').set({ mfa_method: null }).where('id', '=', user.id).execute();
    await second.logIn(user.email, user.password);
    await t.db.updateTable('users').set({ mfa_method: 'totp' }).where('id', '=', user.id).execute();
    expect(
      err(await browser.post('UserPasswordResource', 'update', { old_password: 'wrong one', new_password: 'Plum-Orchard-42', code: backupCodes[0] })),
    ).toBe(78);
    // With two-factor on, the password alone is not enough.
    expect(err(await browser.post('UserPasswordResource', 'update', { old_password: user.password, new_password: 'Plum-Orchard-42' }))).toBe(317);
    expect(
      (await browser.post('UserPasswordResource', 'update', { old_password: user.password, new_password: 'Plum-Orchard-42', code: backupCodes[0] })).status,
    ).toBe(200);
    expect((await second.get('SecuritySettingsResource')).status).toBe(401);
    expect(data(await browser.get('SecuritySettingsResource')).mfa.session_passed).toBe(true);
  });

  it('email change mails a link to the new address and a notice to the old; the address changes only when the link is followed', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const change = (options: Record<string, unknown>) => browser.post('EmailChangeResource', 'create', options);
    expect(err(await change({ email: 'not an email', password: user.password }))).toBe(80);
    expect(err(await change({ email: user.email, password: user.password }))).toBe(316);
    expect(err(await change({ email: 'new@example.com', password: 'wrong password' }))).toBe(78);
    expect(err(await change({ email: 'new@example.com' }))).toBe(317);
    const taken = await t.makeUser('taken');
    expect(err(await change({ email: taken.email, password: user.password }))).toBe(83);

    const asked = await change({ email: 'New@Example.com', password: user.password });
    expect(data(asked)).toEqual({ pending_email: 'new@example.com' });
    expect((await t.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(user.email);
    const notice = (await outboxMessages(t, user.email)).at(-1)!;
    expect(notice.subject).toBe('Your Corkboard email address is changing');
    expect(notice.body).toContain('new@example.com');
    expect(notice.body).not.toContain('/email/verify/');
    const token = await lastVerifyToken(t, 'new@example.com');

    const followed = await t.client().post('EmailVerificationResource', 'update', { token });
    expect(data(followed)).toEqual({ email: 'new@example.com', status: 'verified' });
    expect(await t.db.selectFrom('users').select(['email', 'pending_email']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      email: 'new@example.com',
      pending_email: null,
    });
    expect((await t.client().logIn('new@example.com', user.password)).status).toBe(200);
    expect(err(await t.client().post('EmailVerificationResource', 'update', { token }))).toBe(261);
  });

  it('an expired link changes nothing', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    await browser.post('EmailChangeResource', 'create', { email: 'later@example.com', password: user.password });
    const token = await lastVerifyToken(t, 'later@example.com');
    t.clock.advance(3 * 24 * 60 * MINUTE + 1);
    expect(err(await t.client().post('EmailVerificationResource', 'update', { token }))).toBe(261);
    expect((await t.db.selectFrom('users').select('email').where('id', '=', user.id).executeTakeFirstOrThrow()).email).toBe(user.email);
  });
});

describe('active sessions', () => {
  const CHROME_MAC = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
  const FIREFOX_ANDROID = 'Mozilla/5.0 (Android 14; Mobile; rv:132.0) Gecko/132.0 Firefox/132.0';

  it('lists device, coarse place and last use; logs out one session, or all the others', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const laptop = t.client({ address: '81.2.69.142' });
    const phone = t.client({ address: '89.160.20.112' });
    const tablet = t.client();
    for (const browser of [laptop, phone, tablet]) await browser.logIn(user.email, user.password);
    await laptop.send('/resource/ViewerResource/get/?data=%7B%7D', { headers: { 'user-agent': CHROME_MAC } });
    t.clock.advance(10 * MINUTE);
    await phone.send('/resource/ViewerResource/get/?data=%7B%7D', { headers: { 'user-agent': FIREFOX_ANDROID } });

    const list = data(await laptop.get('ActiveSessionsResource')) as any[];
    expect(list).toHaveLength(3);
    const phoneRow = list.find((s) => s.device.browser === 'Firefox');
    expect(phoneRow).toMatchObject({
      current: false,
      device: { browser: 'Firefox', system: 'Android' },
      place: { kind: 'network', network: '89.160.x.x' },
      last_used_at: t.clock.now(),
    });
    const mine = list.find((s) => s.current);
    expect(mine).toMatchObject({ device: { browser: 'Chrome', system: 'macOS' }, place: { kind: 'network', network: '81.2.x.x' } });
    // No address, no user agent: unknown, never a guess.
    expect(list.find((s) => !s.current && s.device.browser === null)).toMatchObject({ place: { kind: 'unknown' } });
    // Never the stored key or the full address.
    expect(JSON.stringify(list)).not.toContain('81.2.69.142');
    const keys = (await t.db.selectFrom('sessions').select('id').execute()).map((r) => r.id);
    for (const key of keys) expect(JSON.stringify(list)).not.toContain(key);

    const phoneSession = phoneRow.id;
    expect((await laptop.post('ActiveSessionsResource', 'delete', { id: phoneSession })).status).toBe(200);
    expect((await phone.get('SecuritySettingsResource')).status).toBe(401);
    expect(err(await laptop.post('ActiveSessionsResource', 'delete', { id: phoneSession }))).toBe(315);
    expect((await laptop.post('ActiveSessionsResource', 'delete', { id: 'nope' })).status).toBe(400);

    // Someone else cannot end this account's sessions, even knowing a handle.
    const { browser: stranger } = await loggedIn(t);
    const tabletSession = (data(await laptop.get('ActiveSessionsResource')) as any[]).find((s) => !s.current).id;
    expect(err(await stranger.post('ActiveSessionsResource', 'delete', { id: tabletSession }))).toBe(315);

    expect(data(await laptop.post('OtherSessionsResource', 'delete', {}))).toEqual({ ended: 1 });
    expect((await tablet.get('SecuritySettingsResource')).status).toBe(401);
    expect((await laptop.get('SecuritySettingsResource')).status).toBe(200);
  });
});

describe('deactivation and deletion', () => {
  it('deactivation asks for the password, ends every session, and logging in again reactivates', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const other = t.client();
    await other.logIn(user.email, user.password);
    expect(err(await browser.post('AccountDeactivationResource', 'create', {}))).toBe(317);
    expect(err(await browser.post('AccountDeactivationResource', 'create', { password: 'wrong password' }))).toBe(78);
    expect(data(await browser.post('AccountDeactivationResource', 'create', { password: user.password }))).toEqual({ state: 'deactivated' });
    expect((await other.get('SecuritySettingsResource')).status).toBe(401);
    expect((await browser.get('SecuritySettingsResource')).status).toBe(401);
    expect(await t.db.selectFrom('users').select(['state', 'state_reason']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      state: 'deactivated',
      state_reason: 'user_requested',
    });
    // A wrong password still gets the usual answer, revealing nothing.
    expect(err(await t.client().logIn(user.email, 'wrong password'))).toBe(78);
    const back = await t.client().logIn(user.email, user.password);
    expect(back.status).toBe(200);
    expect(data(back).reactivated).toBe(true);
    expect((await t.db.selectFrom('users').select('state').where('id', '=', user.id).executeTakeFirstOrThrow()).state).toBe('active');
  });

  it('an account deactivated for another reason is not reactivated by logging in', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    await t.db.updateTable('users').set({ state: 'deactivated', state_reason: 'unusual_activity' }).where('id', '=', user.id).execute();
    expect(err(await t.client().logIn(user.email, user.password))).toBe(117);
  });

  it('deletion with the password and a two-factor code removes the account and its data and mails a notice', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const board = await t.makeBoard(user.id, 'Kitchen');
    const { backupCodes } = await withApp(t, browser);
    expect(err(await browser.post('AccountDeletionResource', 'create', { code: '000000', password: user.password }))).toBe(114);
    expect(err(await browser.post('AccountDeletionResource', 'create', { code: backupCodes[0] }))).toBe(317);
    expect(data(await browser.post('AccountDeletionResource', 'create', { code: backupCodes[0], password: user.password }))).toEqual({ state: 'deleted' });
    // Closed at once for everyone (its rows go by a job in batches: auth/deletion.ts) ...
    expect((await browser.get('SecuritySettingsResource')).status).toBe(401);
    expect(err(await t.client().logIn(user.email, user.password))).toBe(78);
    expect((await t.client().get('UserResource', { username: user.username })).status).toBe(404);
    await t.runJobs();
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('boards').select('id').where('id', '=', board).executeTakeFirst()).toBeUndefined();
    expect(await t.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await outboxMessages(t, user.email)).at(-1)?.subject).toBe('Your Corkboard account is deleted');
    expect((await browser.get('SecuritySettingsResource')).status).toBe(401);
    expect(err(await t.client().logIn(user.email, user.password))).toBe(78);
  });
});

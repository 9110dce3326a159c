import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { runAdmin } from '../operators/commands/accounts.js';
import { lastSmsCode, outboxMessages } from './safety-helpers.js';

const MINUTE = 60 * 1000;
const PHONE = '+15550001242';
const code = (res: { body: any }) => res.body.resource_response.error?.api_error_code ?? 0;

async function smsUser(t: TestApp, name = 'ada', phone = PHONE) {
  const user = await t.makeUser(name);
  await runAdmin(t.deps, ['mfa-sms', user.email, phone]);
  return user;
}

const withCode = (t: TestApp, user: { email: string; password: string }, mfa_token: string, browser = t.client()) =>
  browser.post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, mfa_token });

describe('two-factor log-in by SMS', () => {
  it('answers a correct password with MFA-required and the phone end, and texts a code that logs in once', async () => {
    const t = await testApp();
    const user = await smsUser(t);
    const first = await t.client().logIn(user.email, user.password);
    expect(first.status).toBe(401);
    expect(first.body.resource_response.error).toMatchObject({ api_error_code: 113, data: { phone_number_end: '42' } });
    expect(first.headers.get('set-cookie')).toBeNull();
    const sms = await outboxMessages(t, PHONE);
    expect(sms).toHaveLength(1);
    expect(sms[0]?.channel).toBe('sms');
    const sent = await lastSmsCode(t, PHONE);
    // Only a hash is stored.
    expect(JSON.stringify(await t.db.selectFrom('auth_tokens').selectAll().execute())).not.toContain(sent);

    const wrong = await withCode(t, user, sent === '000000' ? '111111' : '000000');
    expect(wrong.status).toBe(401);
    expect(code(wrong)).toBe(114);
    const ok = await withCode(t, user, sent);
    expect(ok.status).toBe(200);
    expect(ok.body.resource_response.data.user.id).toBe(user.id);
    // Spent: the same code does not log in again.
    expect(code(await withCode(t, user, sent))).toBe(114);
  });

  it('never asks for a code before the password is right', async () => {
    const t = await testApp();
    const user = await smsUser(t);
    expect(code(await t.client().logIn(user.email, 'wrong password'))).toBe(78);
    expect(await outboxMessages(t)).toEqual([]);
  });

  it('lets a code expire after 10 minutes', async () => {
    const t = await testApp();
    const user = await smsUser(t);
    await t.client().logIn(user.email, user.password);
    const sent = await lastSmsCode(t, PHONE);
    t.clock.advance(10 * MINUTE);
    expect(code(await withCode(t, user, sent))).toBe(114);
  });

  it('resends a new code on mfa_resend and retires the old one', async () => {
    const t = await testApp();
    const user = await smsUser(t);
    await t.client().logIn(user.email, user.password);
    const old = await lastSmsCode(t, PHONE);
    const resend = await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, mfa_resend: true });
    expect(code(resend)).toBe(113);
    const fresh = await lastSmsCode(t, PHONE);
    if (fresh !== old) expect(code(await withCode(t, user, old))).toBe(114);
    expect((await withCode(t, user, fresh)).status).toBe(200);
  });

  it('sends at most five codes an hour per account and per phone number', async () => {
    const t = await testApp();
    const ada = await smsUser(t, 'ada');
    for (let i = 0; i < 5; i++) expect(code(await t.client().logIn(ada.email, ada.password))).toBe(113);
    const sixth = await t.client().logIn(ada.email, ada.password);
    expect(sixth.status).toBe(429);
    expect(code(sixth)).toBe(115);
    // Another account on the same phone is limited too.
    const bob = await smsUser(t, 'bob');
    expect(code(await t.client().logIn(bob.email, bob.password))).toBe(115);
    expect(await outboxMessages(t, PHONE)).toHaveLength(5);
    t.clock.advance(60 * MINUTE);
    expect(code(await t.client().logIn(ada.email, ada.password))).toBe(113);
  });

  it('counts wrong codes as failed log-ins, so guessing ends in the lock', async () => {
    const t = await testApp({ config: { challengeMaxNumber: 1000 } });
    const user = await smsUser(t);
    await t.client().logIn(user.email, user.password);
    for (let i = 0; i < 4; i++) await withCode(t, user, String(100000 + i));
    expect((await t.db.selectFrom('login_attempts').select('failures').executeTakeFirstOrThrow()).failures).toBe(4);
  });

  it('rotates the session after the code: the cookie from before is dead', async () => {
    const t = await testApp();
    const other = await t.makeUser('other');
    const user = await smsUser(t);
    const browser = t.client();
    await browser.logIn(other.email, other.password);
    const before = browser.cookie;
    await browser.logIn(user.email, user.password);
    expect(browser.cookie).toBe(before); // the MFA-required answer changes nothing yet
    expect((await withCode(t, user, await lastSmsCode(t, PHONE), browser)).status).toBe(200);
    expect(browser.cookie).not.toBe(before);
    expect((await t.client({ cookie: before }).get('ViewerResource')).body.resource_response.data).toEqual({ type: 'UNAUTH' });
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({ type: 'AUTH', user: { id: user.id } });
  });
});

describe('two-factor log-in with an authenticator app (TOTP)', () => {
  it('accepts the current code once, and refuses an old one', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const printed = await runAdmin(t.deps, ['mfa-totp', user.email]);
    const secret = /secret (\w+)/.exec(printed)?.[1] ?? '';
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 });
    const first = await t.client().logIn(user.email, user.password);
    expect(first.body.resource_response.error).toMatchObject({ api_error_code: 113, data: { mfa_method: 'totp' } });
    expect(await outboxMessages(t)).toEqual([]);

    const now = totp.generate({ timestamp: t.clock.now() });
    expect((await withCode(t, user, now)).status).toBe(200);
    expect(code(await withCode(t, user, now))).toBe(114);
    expect(code(await withCode(t, user, totp.generate({ timestamp: t.clock.now() - 5 * MINUTE })))).toBe(114);
    t.clock.advance(30_000);
    expect((await withCode(t, user, totp.generate({ timestamp: t.clock.now() }))).status).toBe(200);
  });
});

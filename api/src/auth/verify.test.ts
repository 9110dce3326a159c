import { describe, expect, it } from 'vitest';
import { testApp, type Answer } from '../testing.js';
import { outboxMessages, lastVerifyToken, signUpWithEmail, v3Post, lastResetToken } from './safety-helpers.js';
import { VERIFY, verificationService } from './verify.js';
import { VERIFY_ERROR_CODES } from './rules.js';
import { catalogue } from '../lib/errors.js';

/** Issue 25, design item 3: a verified email is a state, reached through a link mailed at sign-up. */
const data = (res: Answer) => res.body.resource_response.data;
const code = (res: Answer) => res.body.resource_response.error?.api_error_code ?? 0;

describe('email verification', () => {
  it('an email sign-up mails a link, stored only as its hash; following it verifies the email, once', async () => {
    const t = await testApp();
    const browser = t.client();
    const res = await signUpWithEmail(t, 'vera@example.org', browser);
    expect(data(res).user).toMatchObject({ email: 'vera@example.org', email_verified: false });
    expect(data(await browser.get('EmailVerificationResource'))).toEqual({ email: 'vera@example.org', verified: false, pending_email: null });

    const [mail] = await outboxMessages(t, 'vera@example.org');
    expect(mail).toMatchObject({ channel: 'email', subject: 'Confirm your email for Corkboard' });
    const token = await lastVerifyToken(t, 'vera@example.org');
    expect(mail!.body).toContain(`http://localhost:8787/email/verify/?token=${token}`);
    expect(JSON.stringify(await t.db.selectFrom('auth_tokens').selectAll().execute())).not.toContain(token);

    // Anyone holding the link may follow it (another browser, not logged in): it went to the mailbox it proves.
    const elsewhere = t.client();
    expect(data(await elsewhere.post('EmailVerificationResource', 'update', { token }))).toEqual({ email: 'vera@example.org', status: 'verified' });
    expect(data(await browser.get('EmailVerificationResource'))).toEqual({ email: 'vera@example.org', verified: true, pending_email: null });
    const user = await t.db.selectFrom('users').select('email_verified_at').where('email', '=', 'vera@example.org').executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBe(t.clock.now());
    // Single use.
    expect(code(await elsewhere.post('EmailVerificationResource', 'update', { token }))).toBe(261);
    // Verified: a resend sends nothing.
    expect(data(await browser.post('EmailVerificationResource', 'create', {}))).toEqual({ email: 'vera@example.org', verified: true, pending_email: null });
    expect(await outboxMessages(t, 'vera@example.org')).toHaveLength(1);
  });

  it('a link expires after three days (the injected clock); a resend mails a new one and retires the old', async () => {
    const t = await testApp();
    const browser = t.client();
    await signUpWithEmail(t, 'late@example.org', browser);
    const first = await lastVerifyToken(t, 'late@example.org');
    t.clock.advance(VERIFY.ttlMs);
    expect(code(await t.client().post('EmailVerificationResource', 'update', { token: first }))).toBe(261);
    expect(data(await browser.get('EmailVerificationResource')).verified).toBe(false);

    const resent = await browser.post('EmailVerificationResource', 'create', {});
    expect(data(resent)).toMatchObject({ verified: false, sent_to: 'late@example.org' });
    const second = await lastVerifyToken(t, 'late@example.org');
    expect(second).not.toBe(first);
    await browser.post('EmailVerificationResource', 'create', {});
    const third = await lastVerifyToken(t, 'late@example.org');
    // The newest mail is the one that works.
    expect(code(await t.client().post('EmailVerificationResource', 'update', { token: second }))).toBe(261);
    t.clock.advance(VERIFY.ttlMs - 1);
    expect(code(await t.client().post('EmailVerificationResource', 'update', { token: third }))).toBe(0);
  });

  it('resending is limited per account (5 links an hour) and per address over every account (10 a day)', async () => {
    const t = await testApp();
    const browser = t.client();
    await signUpWithEmail(t, 'many@example.org', browser);
    for (let i = 0; i < VERIFY.sendsPerHour - 1; i++) expect(code(await browser.post('EmailVerificationResource', 'create', {}))).toBe(0);
    const refused = await browser.post('EmailVerificationResource', 'create', {});
    expect(refused.status).toBe(429);
    expect(code(refused)).toBe(262);
    expect(await outboxMessages(t, 'many@example.org')).toHaveLength(VERIFY.sendsPerHour);
    t.clock.advance(60 * 60 * 1000 + 1);
    expect(code(await browser.post('EmailVerificationResource', 'create', {}))).toBe(0);

    // One address, many accounts claiming it: at most 10 mails a day reach it.
    const links = verificationService(t.deps, { send: async () => 'sent' as const });
    const sent = [];
    for (let i = 0; i < VERIFY.sendsPerAddressPerDay + 2; i++) {
      const user = await t.makeUser(`claimer${i}`);
      sent.push(await links.sendVerificationLink({ id: user.id, username: user.username, first_name: 'C' }, 'target@example.org'));
    }
    expect(sent.filter(Boolean)).toHaveLength(VERIFY.sendsPerAddressPerDay);
  });

  it('a password reset proves the email too: the link reached it', async () => {
    const t = await testApp();
    await signUpWithEmail(t, 'forgetful@example.org');
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: 'forgetful@example.org' });
    expect(
      code(await v3Post(t, '/v3/users/password/reset/', { token: await lastResetToken(t, 'forgetful@example.org'), new_password: 'Quince-Harbour-77' })),
    ).toBe(0);
    const user = await t.db.selectFrom('users').select('email_verified_at').where('email', '=', 'forgetful@example.org').executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBe(t.clock.now());
  });

  it('bad input is a 4xx in the envelope; the status and resend need a session; the page keeps its token out of Referers', async () => {
    const t = await testApp();
    const visitor = t.client();
    expect((await visitor.post('EmailVerificationResource', 'update', {})).status).toBe(400);
    expect(code(await visitor.post('EmailVerificationResource', 'update', { token: 'x'.repeat(300) }))).toBe(1);
    expect(code(await visitor.post('EmailVerificationResource', 'update', { token: 'not-a-token' }))).toBe(261);
    expect(code(await visitor.get('EmailVerificationResource'))).toBe(7);
    expect(code(await visitor.post('EmailVerificationResource', 'create', {}))).toBe(7);
    const page = await t.app.request('/email/verify/?token=abc');
    expect(page.status).toBe(200);
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
  });

  it('the web app’s copy of the codes is the catalogue’s', () => {
    for (const [name, value] of Object.entries(VERIFY_ERROR_CODES)) expect(catalogue[name as keyof typeof catalogue].code).toBe(value);
  });

  it('accounts the operator makes (demo, admin create) count as verified', async () => {
    const t = await testApp();
    const user = await t.makeUser('opmade');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    expect(data(await browser.get('EmailVerificationResource'))).toEqual({ email: user.email, verified: true, pending_email: null });
  });
});

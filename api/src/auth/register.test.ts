import { describe, expect, it } from 'vitest';
import { JSON_BODY as MAX_BODY_BYTES } from '../lib/declare.js';
import { testApp, type TestApp } from '../testing.js';

// The manual clock starts at a fixed instant; birthdays are built from it.
const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;
const secondsAgo = (t: TestApp, years: number) => Math.floor((t.clock.now() - years * YEAR_MS) / 1000);

function signUp(t: TestApp, overrides: Record<string, unknown> = {}, browser = t.client()) {
  return browser.post('UserRegisterResource', 'create', {
    type: 'email',
    email: 'new.pinner@fastmail.com',
    password: 'Plum-Orchard-42',
    birthday: secondsAgo(t, 30),
    country: 'US',
    first_name: 'New',
    last_name: '',
    recaptchaV3Token: 'default',
    ...overrides,
  });
}

const userCount = async (t: TestApp) => (await t.db.selectFrom('users').select('id').execute()).length;
const sessionCount = async (t: TestApp) => (await t.db.selectFrom('sessions').select('id').execute()).length;

/** A refused sign-up: the exact message in the envelope, no account and no session written. */
async function expectRefused(t: TestApp, overrides: Record<string, unknown>, status: number, message: string) {
  const res = await signUp(t, overrides);
  expect(res.status).toBe(status);
  expect(res.body.resource_response.error?.message).toBe(message);
  expect(res.headers.get('set-cookie')).toBeNull();
  expect(await userCount(t)).toBe(0);
  expect(await sessionCount(t)).toBe(0);
}

describe('sign-up (UserRegisterResource create)', () => {
  it('creates the account with its birthday, country and consents, and logs it in', async () => {
    const t = await testApp();
    const browser = t.client();
    const birthday = secondsAgo(t, 30);
    const res = await signUp(t, { birthday, next: '/pin/create/button/?url=x' }, browser);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({ user: { username: 'newpinner', first_name: 'New' }, redirect: '/pin/create/button/?url=x' });
    expect(res.headers.get('set-cookie')).toMatch(/^cb_session=[\w-]{40,};.*HttpOnly/);
    const row = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ email: 'new.pinner@fastmail.com', birthday: birthday * 1000, country: 'US', first_name: 'New', kr_privacy_consent_opt_in: 0 });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({ type: 'AUTH', user: { username: 'newpinner' } });
  });

  it('remembers the browser that signed up: its first log-out welcomes it back, until the account’s security epoch moves', async () => {
    const t = await testApp();
    const browser = t.client();
    const res = await signUp(t, {}, browser);
    expect(res.headers.getSetCookie().some((c) => /^cb_known=[\w-]{40,};.*HttpOnly/.test(c))).toBe(true);
    await browser.post('UserSessionResource', 'delete', {});
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({
      type: 'LIMITED_LOGIN',
      info: { firstName: 'New', email: 'new.pinner@fastmail.com' },
    });
    // The remembered browser is a credential issued under the account's epoch: a credential change elsewhere ends it.
    await t.db
      .updateTable('users')
      .set((eb) => ({ security_epoch: eb('security_epoch', '+', 1) }))
      .execute();
    expect((await browser.get('ViewerResource')).body.resource_response.data).toEqual({ type: 'UNAUTH' });
  });

  it.each(['/.//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example'])('answers a normalised next %s with home', async (next) => {
    const t = await testApp();
    const res = await signUp(t, { next });
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data.redirect).toBe('/');
  });

  it('derives first_name from the email when none is sent, and a free username', async () => {
    const t = await testApp();
    await t.makeUser('adalove');
    const res = await signUp(t, { email: 'adalove@fastmail.com', first_name: '' });
    expect(res.body.resource_response.data.user).toMatchObject({ first_name: 'Adalove', username: 'adalove1' });
  });

  it('refuses a non-ASCII email', async () => {
    const t = await testApp();
    await expectRefused(t, { email: 'jösé@fastmail.com' }, 400, 'Your email is invalid.');
  });

  it('refuses a non-ASCII password', async () => {
    const t = await testApp();
    await expectRefused(t, { password: 'Plum-Orchärd-42' }, 400, 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).');
  });

  it('refuses a 5-character password with the 6 reading (the default)', async () => {
    const t = await testApp();
    await expectRefused(t, { password: 'Pl-4!' }, 400, 'Your password is too short! You need 6+ characters.');
  });

  it('refuses a 7-character password with the 8 reading', async () => {
    const t = await testApp({ config: { passwordMinLength: 8 } });
    await expectRefused(t, { password: 'Pl-42!x' }, 400, 'Your password is too short! You need 8+ characters.');
  });

  it('refuses the email as the password', async () => {
    const t = await testApp();
    await expectRefused(t, { password: 'new.pinner' }, 400, 'Please make your username and password different.');
  });

  it('refuses a weak password', async () => {
    const t = await testApp();
    await expectRefused(t, { password: 'password1' }, 400, 'Please make a stronger password.');
  });

  it('refuses a disposable domain, and its subdomains', async () => {
    const t = await testApp();
    await expectRefused(t, { email: 'someone@mailinator.com' }, 400, 'Your email is invalid.');
    await expectRefused(t, { email: 'someone@eu.mailinator.com' }, 400, 'Your email is invalid.');
  });

  it('refuses an email with the product name', async () => {
    const t = await testApp();
    await expectRefused(t, { email: 'corkboard.fan@fastmail.com' }, 400, 'Please stick to your name, or the name of your brand');
  });

  it('refuses a missing email', async () => {
    const t = await testApp();
    await expectRefused(t, { email: '  ' }, 400, "Oops. We're unable to create your account without your email...");
  });

  it('refuses a birthday in this year', async () => {
    const t = await testApp();
    const now = new Date(t.clock.now());
    const thisYear = Date.UTC(now.getUTCFullYear(), 0, 2) / 1000;
    await expectRefused(t, { birthday: thisYear }, 400, 'Invalid date');
  });

  it.each([
    ['-9e15', -9e15],
    ['1e20', 1e20],
    ['a string', 'NaN'],
    ['a fraction', 631152000.5],
    ['an object', { valueOf: 1 }],
    ['tomorrow', 'tomorrow'],
  ])('refuses a birthday of %s as Invalid date, writing nothing', async (_, birthday) => {
    const t = await testApp();
    const value = birthday === 'tomorrow' ? Math.floor(t.clock.now() / 1000) + 86_400 : birthday;
    await expectRefused(t, { birthday: value }, 400, 'Invalid date');
  });

  it('refuses a birthday before 1900 as overage', async () => {
    const t = await testApp();
    await expectRefused(t, { birthday: Date.UTC(1899, 11, 31) / 1000 }, 400, 'Oops! Please use a valid age to sign up.');
  });

  it('refuses a 121-year-old as overage', async () => {
    const t = await testApp();
    await expectRefused(t, { birthday: secondsAgo(t, 121) }, 400, 'Oops! Please use a valid age to sign up.');
  });

  it('refuses an underage visitor', async () => {
    const t = await testApp();
    await expectRefused(t, { birthday: secondsAgo(t, 12) }, 403, 'Sorry, you’re not eligible to sign up for Corkboard right now.');
  });

  it('refuses a missing birthday with the missing-age message', async () => {
    const t = await testApp();
    await expectRefused(t, { birthday: null }, 400, 'We need to know your age to provide you this service.');
  });

  it('refuses a huge body before reading it', async () => {
    const t = await testApp();
    await expectRefused(t, { first_name: 'x'.repeat(MAX_BODY_BYTES) }, 413, 'The request body is too large.');
  });

  it('refuses a malformed payload with a clear message', async () => {
    const t = await testApp();
    const res = await signUp(t, { birthday: 'yesterday' });
    expect(res.status).toBe(400);
    // A birthday that is not a number of seconds is a date that is not one: the spec's message.
    expect(res.body.resource_response.error?.message).toBe('Invalid date');
    expect(await userCount(t)).toBe(0);
  });

  it('refuses an email that already has an account, writing nothing', async () => {
    const t = await testApp();
    const user = await t.makeUser('taken');
    const res = await signUp(t, { email: user.email });
    expect(res.status).toBe(409);
    expect(await userCount(t)).toBe(1);
  });

  it('refuses a sign-up from another origin', async () => {
    const t = await testApp();
    const res = await t.client().send('/resource/UserRegisterResource/create/', {
      method: 'POST',
      headers: { origin: 'http://127.0.0.1:8788', 'content-type': 'application/json' },
      body: JSON.stringify({ options: { type: 'email', email: 'a@fastmail.com', password: 'Plum-Orchard-42', birthday: 0 } }),
    });
    expect(res.status).toBe(403);
    expect(await userCount(t)).toBe(0);
  });

  describe('with the kr_privacy_consent experiment on', () => {
    it('needs the consent, then records it and the marketing opt-out', async () => {
      const t = await testApp({ config: { flags: new Set(['kr_privacy_consent']) } });
      await expectRefused(t, {}, 400, "Before you can create an account, you'll need to agree to the required terms below.");
      const res = await signUp(t, { kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: true });
      expect(res.status).toBe(200);
      const row = await t.db.selectFrom('users').selectAll().executeTakeFirstOrThrow();
      expect(row).toMatchObject({ kr_privacy_consent_opt_in: 1, marketing_notifs_opt_out: 1, consented_at: t.clock.now() });
    });

    it('can be turned on per browser by cookie outside production, never in production', async () => {
      const t = await testApp();
      const flagged = t.client({ cookie: 'cb_flags=kr_privacy_consent' });
      expect((await flagged.get('ExperimentsResource')).body.resource_response.data).toMatchObject({ kr_privacy_consent: true });
      expect((await t.client().get('ExperimentsResource')).body.resource_response.data).toMatchObject({ kr_privacy_consent: false });
      const prod = await testApp({ config: { env: 'production' } });
      const res = await prod.client({ cookie: 'cb_flags=kr_privacy_consent' }).get('ExperimentsResource');
      expect(res.body.resource_response.data).toMatchObject({ kr_privacy_consent: false });
    });
  });
});

describe('GET /v3/register/exists/', () => {
  it('answers false for a free email and true for a taken one, whatever its case', async () => {
    const t = await testApp();
    await t.makeUser('known');
    const ask = (email: string) => t.client().send(`/v3/register/exists/?email=${encodeURIComponent(email)}`);
    expect((await ask('free@fastmail.com')).body.resource_response.data).toBe(false);
    expect((await ask(' KNOWN@example.com')).body.resource_response.data).toBe(true);
  });

  it('answers the invalid-email code for a malformed email', async () => {
    const t = await testApp();
    const res = await t.client().send('/v3/register/exists/?email=not-an-email');
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error).toMatchObject({ api_error_code: 80, message: 'Your email is invalid.' });
  });
});

describe('GET /v3/email/validation/', () => {
  const check = async (t: TestApp, email: string) =>
    (await t.client().send(`/v3/email/validation/?email=${encodeURIComponent(email)}`)).body.resource_response.data.is_valid;

  it('passes a normal email and refuses disposable, blocked, non-ASCII and malformed ones', async () => {
    const t = await testApp();
    expect(await check(t, 'someone@fastmail.com')).toBe(true);
    expect(await check(t, 'someone@mailinator.com')).toBe(false);
    expect(await check(t, 'test@test.com')).toBe(false);
    expect(await check(t, '1abc@yahoo.com')).toBe(false);
    expect(await check(t, 'jösé@fastmail.com')).toBe(false);
    expect(await check(t, 'nope')).toBe(false);
  });

  it('refuses an overlong email with a clear message', async () => {
    const t = await testApp();
    const res = await t.client().send(`/v3/email/validation/?email=${'a'.repeat(300)}@x.com`);
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toMatch(/email/);
  });
});

describe('PasswordRulesResource get', () => {
  it('tells the popup the minimum in force', async () => {
    const t = await testApp({ config: { passwordMinLength: 8 } });
    expect((await t.client().get('PasswordRulesResource')).body.resource_response.data).toMatchObject({ min_length: 8, ascii_only: true });
  });
});

import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { sha256 } from '../../lib/ids.js';
import { privatePostgres } from '../../db/testing-postgres.js';
import { testApp, type TestApp } from '../../testing.js';
import { lastResetToken, lastVerifyToken, outboxMessages, v3Post } from '../safety-helpers.js';
import { authService } from '../service.js';

/**
 * Credential changes under one rule (auth/credentials/): each asks a fresh proof of the factors the account
 * had before it, and each that commits moves the security epoch, which kills every session but the one
 * that made it and every reset link, verification link and remembered browser issued before it.
 */

const MINUTE = 60_000;
const err = (res: { body: any }) => res.body?.resource_response?.error?.api_error_code ?? 0;
const data = (res: { body: any }) => res.body.resource_response.data;
type Browser = ReturnType<TestApp['client']>;
const appCode = (t: TestApp, secret: string) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, timestamp: t.clock.now() });
const epochOf = async (t: TestApp, id: string) =>
  Number((await t.db.selectFrom('users').select('security_epoch').where('id', '=', id).executeTakeFirstOrThrow()).security_epoch);
const emailOf = async (t: TestApp, id: string) => (await t.db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email;
const alive = async (b: Browser) => (await b.get('SecuritySettingsResource')).status === 200;

async function loggedIn(t: TestApp, name?: string) {
  const user = await t.makeUser(name);
  const browser = t.client();
  expect((await browser.logIn(user.email, user.password)).status).toBe(200);
  return { user, browser };
}

/** Two-factor on by authenticator app, through the settings with the password; the secret and backup codes. */
async function turnOnApp(t: TestApp, browser: Browser, password: string) {
  const { secret } = data(await browser.post('TwoFactorResource', 'create', { method: 'totp' }));
  const on = await browser.post('TwoFactorResource', 'update', { code: appCode(t, secret), password });
  expect(on.status).toBe(200);
  t.clock.advance(MINUTE);
  return { secret: secret as string, backupCodes: data(on).backup_codes as string[] };
}

/** Follows the newest confirmation link mailed to `to`. */
const confirmLink = async (t: TestApp, to: string) => t.client().post('EmailVerificationResource', 'update', { token: await lastVerifyToken(t, to) });

describe('a copied session cookie cannot take the account', () => {
  it('turning two-factor on asks for the password: the new factor never proves itself', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const thief = t.client({ cookie: browser.cookie });
    const { secret } = data(await thief.post('TwoFactorResource', 'create', { method: 'totp' }));
    expect(err(await thief.post('TwoFactorResource', 'update', { code: appCode(t, secret) }))).toBe(317);
    expect(err(await thief.post('TwoFactorResource', 'update', { code: appCode(t, secret), password: 'a guess at it' }))).toBe(78);
    expect((await t.db.selectFrom('users').select('mfa_method').where('id', '=', user.id).executeTakeFirstOrThrow()).mfa_method).toBeNull();
  });

  it('a two-factor code never stands in for the password: an email change with the owner’s own backup code alone is refused', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const { backupCodes } = await turnOnApp(t, browser, user.password);
    const thief = t.client({ cookie: browser.cookie });
    expect(err(await thief.post('EmailChangeResource', 'create', { email: 'thief@example.org', code: backupCodes[0] }))).toBe(317);
    expect(err(await thief.post('UserPasswordResource', 'update', { old_password: 'a guess', new_password: 'Thief-Password-99', code: backupCodes[1] }))).toBe(
      78,
    );
    expect(err(await thief.post('TwoFactorResource', 'delete', { code: backupCodes[2] }))).toBe(317);
    expect(await emailOf(t, user.id)).toBe(user.email);
    expect((await t.db.selectFrom('users').select('pending_email').where('id', '=', user.id).executeTakeFirstOrThrow()).pending_email).toBeNull();
  });

  it('the session two-factor rotates keeps the log-in time of the one it replaced: a change is not a fresh log-in', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const loggedInAt = t.clock.now();
    t.clock.advance(31 * MINUTE);
    const { secret } = await turnOnApp(t, browser, user.password);
    await browser.post('SessionTwoFactorResource', 'create', { code: appCode(t, secret) });
    const live = await t.db
      .selectFrom('sessions')
      .select(['logged_in_at', 'created_at'])
      .where('user_id', '=', user.id)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toHaveLength(1);
    expect(Number(live[0]!.logged_in_at)).toBe(loggedInAt);
    expect(Number(live[0]!.created_at)).toBeGreaterThan(loggedInAt);
  });
});

describe('links die with the change they belong to', () => {
  it('a reset link mailed to the old address no longer resets the password once the email changed', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    const oldLink = await lastResetToken(t, user.email);
    expect((await browser.post('EmailChangeResource', 'create', { email: 'new-home@example.org', password: user.password })).status).toBe(200);
    expect((await confirmLink(t, 'new-home@example.org')).status).toBe(200);
    expect(await emailOf(t, user.id)).toBe('new-home@example.org');
    const reset = await v3Post(t, '/v3/users/password/reset/', { token: oldLink, new_password: 'Someone-Elses-77' });
    expect(reset.status).toBe(400);
    expect((await t.client().logIn('new-home@example.org', user.password)).status).toBe(200);
  });

  it('a pending email change’s link dies when the password changes, as the notice to the old address promises', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    await browser.post('EmailChangeResource', 'create', { email: 'elsewhere@example.org', password: user.password });
    const notice = (await outboxMessages(t, user.email)).at(-1)!;
    expect(notice.body).toContain('your email stays as it is');
    expect((await browser.post('UserPasswordResource', 'update', { old_password: user.password, new_password: 'Plum-Orchard-42' })).status).toBe(200);
    expect(err(await confirmLink(t, 'elsewhere@example.org'))).toBe(261);
    expect(await t.db.selectFrom('users').select(['email', 'pending_email']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      email: user.email,
      pending_email: null,
    });
  });

  it('email change takes the per-client limit its route declares', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    const before = await t.db.selectFrom('rate_limits').selectAll().execute();
    await browser.post('EmailChangeResource', 'create', { email: 'counted@example.org', password: user.password });
    const after = await t.db.selectFrom('rate_limits').selectAll().execute();
    expect(JSON.stringify(after)).toContain('verifyResendAddress');
    expect(after.length).toBeGreaterThan(before.length);
  });
});

describe('the undo link the old address gets', () => {
  it('puts the old address back for 7 days, once: the epoch moves and every session ends', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    await browser.post('EmailChangeResource', 'create', { email: 'taken-over@example.org', password: user.password });
    expect((await confirmLink(t, 'taken-over@example.org')).status).toBe(200);
    expect(await alive(browser)).toBe(true);
    const notice = (await outboxMessages(t, user.email)).at(-1)!;
    expect(notice.subject).toBe('The email address of your Corkboard account changed');
    const undo = /\/email\/verify\/\?undo=([\w-]+)/.exec(notice.body)![1]!;
    const epoch = await epochOf(t, user.id);
    t.clock.advance(6 * 24 * 60 * MINUTE);
    expect(data(await t.client().post('EmailChangeUndoResource', 'create', { token: undo }))).toEqual({ email: user.email, status: 'undone' });
    expect(await emailOf(t, user.id)).toBe(user.email);
    expect(await epochOf(t, user.id)).toBe(epoch + 1);
    expect(await alive(browser)).toBe(false);
    expect(err(await t.client().post('EmailChangeUndoResource', 'create', { token: undo }))).toBe(261);
    expect((await t.client().post('EmailChangeUndoResource', 'create', { token: '' })).status).toBe(400);
  });

  it('is dead after 7 days', async () => {
    const t = await testApp();
    const { user, browser } = await loggedIn(t);
    await browser.post('EmailChangeResource', 'create', { email: 'kept@example.org', password: user.password });
    await confirmLink(t, 'kept@example.org');
    const undo = /\/email\/verify\/\?undo=([\w-]+)/.exec((await outboxMessages(t, user.email)).at(-1)!.body)![1]!;
    t.clock.advance(7 * 24 * 60 * MINUTE + 1);
    expect(err(await t.client().post('EmailChangeUndoResource', 'create', { token: undo }))).toBe(261);
    expect(await emailOf(t, user.id)).toBe('kept@example.org');
  });
});

/**
 * The table: every change, run on an account holding every kind of outstanding token, with the proofs it
 * refuses and the one it takes. After it, the session that made it lives (where one did) and every other
 * outstanding token is dead.
 */
type Outstanding = { other: Browser; reset: string; verify: string; known: string };
interface Change {
  name: string;
  /** Set-up before the tokens are issued (two-factor on: `secret` lets the other browser log in with a code). */
  before?: (t: TestApp, b: Browser, user: { id: string; password: string }) => Promise<Record<string, string>>;
  refused: Array<(t: TestApp, b: Browser, password: string, s: Record<string, string>) => Promise<{ body: any }>>;
  run: (t: TestApp, b: Browser, password: string, s: Record<string, string>) => Promise<{ status: number }>;
  /** Whether the changing browser still has a live session after. */
  keepsSession: boolean;
}

const CHANGES: Change[] = [
  {
    name: 'password change',
    refused: [(_t, b) => b.post('UserPasswordResource', 'update', { old_password: 'not it', new_password: 'Plum-Orchard-42' })],
    run: (_t, b, password) => b.post('UserPasswordResource', 'update', { old_password: password, new_password: 'Plum-Orchard-42' }),
    keepsSession: true,
  },
  {
    name: 'password change with two-factor on',
    before: async (t, b, user) => {
      const { secret, backupCodes } = await turnOnApp(t, b, user.password);
      return { secret, backup: backupCodes[0]! };
    },
    refused: [
      (_t, b, password) => b.post('UserPasswordResource', 'update', { old_password: password, new_password: 'Plum-Orchard-42' }),
      (_t, b, _p, s) => b.post('UserPasswordResource', 'update', { old_password: 'not it', new_password: 'Plum-Orchard-42', code: s.backup }),
    ],
    run: (_t, b, password, s) => b.post('UserPasswordResource', 'update', { old_password: password, new_password: 'Plum-Orchard-42', code: s.backup }),
    keepsSession: true,
  },
  {
    name: 'password reset by its link',
    // Its proof is the link itself, mailed to the account's address (a dead one is refused: see the end of the table).
    refused: [],
    run: async (t, b) => {
      const who = (await b.get('SecuritySettingsResource')).body.resource_response.data.email;
      await v3Post(t, '/v3/users/forgot_password/', { username_or_email: who });
      return v3Post(t, '/v3/users/password/reset/', { token: await lastResetToken(t, who), new_password: 'Plum-Orchard-42' });
    },
    keepsSession: false,
  },
  {
    name: 'email change, confirmed by its link',
    refused: [
      (_t, b) => b.post('EmailChangeResource', 'create', { email: 'moved@example.org' }),
      (_t, b) => b.post('EmailChangeResource', 'create', { email: 'moved@example.org', password: 'not it' }),
    ],
    run: async (t, b, password) => {
      expect((await b.post('EmailChangeResource', 'create', { email: 'moved@example.org', password })).status).toBe(200);
      return confirmLink(t, 'moved@example.org');
    },
    keepsSession: true,
  },
  {
    name: 'email change undone from the old address',
    before: async (t, b, user) => {
      const old = await emailOf(t, user.id);
      expect((await b.post('EmailChangeResource', 'create', { email: 'taken-away@example.org', password: user.password })).status).toBe(200);
      expect((await confirmLink(t, 'taken-away@example.org')).status).toBe(200);
      return { undo: /\/email\/verify\/\?undo=([\w-]+)/.exec((await outboxMessages(t, old)).at(-1)!.body)![1]! };
    },
    // Its proof is the link mailed to the old address.
    refused: [(t) => t.client().post('EmailChangeUndoResource', 'create', { token: 'not-the-link' })],
    run: (t, _b, _p, s) => t.client().post('EmailChangeUndoResource', 'create', { token: s.undo }),
    keepsSession: false,
  },
  {
    name: 'two-factor on',
    refused: [
      async (t, b) => b.post('TwoFactorResource', 'update', { code: appCode(t, data(await b.post('TwoFactorResource', 'create', { method: 'totp' })).secret) }),
    ],
    run: async (t, b, password) =>
      b.post('TwoFactorResource', 'update', { code: appCode(t, data(await b.post('TwoFactorResource', 'create', { method: 'totp' })).secret), password }),
    keepsSession: true,
  },
  {
    name: 'two-factor off',
    before: async (t, b, user) => {
      const { secret, backupCodes } = await turnOnApp(t, b, user.password);
      return { secret, backup: backupCodes[0]!, other: backupCodes[1]! };
    },
    refused: [
      (_t, b, _p, s) => b.post('TwoFactorResource', 'delete', { code: s.backup }),
      (_t, b, _p, s) => b.post('TwoFactorResource', 'delete', { code: s.backup, password: 'not it' }),
    ],
    run: (_t, b, password, s) => b.post('TwoFactorResource', 'delete', { code: s.other, password }),
    keepsSession: true,
  },
  {
    name: 'a provider unlinked',
    // Its proof is a real log-in in the last 30 minutes (the password, here); a session older than that is refused (providers.test.ts).
    before: async (t, _b, user) => {
      await t.db
        .insertInto('identities')
        .values({ provider: 'google', subject: `g-${user.id}`, user_id: user.id, email: null, created_at: t.clock.now(), proven_at: t.clock.now() })
        .execute();
      return {};
    },
    refused: [],
    run: (_t, b) => b.post('SocialIdentitiesResource', 'delete', { provider: 'google' }),
    keepsSession: true,
  },
];

/** One row of the table on `t`: the wrong proofs refused, the change made, every outstanding token dead. */
async function walk(t: TestApp, change: Change) {
  const { user, browser } = await loggedIn(t);
  const auth = authService(t.deps);
  const setup = (await change.before?.(t, browser, user)) ?? {};
  const email = await emailOf(t, user.id);

  // Outstanding: another session, a reset link, a verification link, a remembered browser.
  const other = t.client();
  const otherLogIn = await other.post('UserSessionResource', 'create', {
    username_or_email: email,
    password: user.password,
    ...(setup.secret ? { mfa_token: appCode(t, setup.secret) } : {}),
  });
  expect(otherLogIn.status).toBe(200);
  await v3Post(t, '/v3/users/forgot_password/', { username_or_email: email });
  const reset = await lastResetToken(t, email);
  await auth.sendVerificationLink({ id: user.id, username: user.username, first_name: 'Pat' }, email);
  const verify = await lastVerifyToken(t, email);
  const known = await auth.rememberBrowser(user.id);
  const outstanding: Outstanding = { other, reset, verify, known };
  expect(await alive(other)).toBe(true);
  expect(await auth.recognised(known)).not.toBeNull();
  const epoch = await epochOf(t, user.id);

  for (const attempt of change.refused) {
    const refused = await attempt(t, browser, user.password, setup);
    expect(await alive(browser)).toBe(true);
    expect(err(refused)).not.toBe(0);
    expect(await epochOf(t, user.id)).toBe(epoch);
  }
  t.clock.advance(MINUTE);
  expect((await change.run(t, browser, user.password, setup)).status).toBe(200);

  expect(await epochOf(t, user.id)).toBeGreaterThan(epoch);
  expect(await alive(browser)).toBe(change.keepsSession);
  expect(await alive(outstanding.other)).toBe(false);
  expect(await auth.recognised(outstanding.known)).toBeNull();
  expect(await t.db.selectFrom('auth_tokens').select('used_at').where('id', '=', sha256(outstanding.reset)).executeTakeFirstOrThrow()).not.toEqual({
    used_at: null,
  });
  expect((await v3Post(t, '/v3/users/password/reset/', { token: outstanding.reset, new_password: 'Late-Link-Reset-88' })).status).toBe(400);
  expect(err(await t.client().post('EmailVerificationResource', 'update', { token: outstanding.verify }))).toBe(261);
}

describe('every credential change × every outstanding token and proof', () => {
  for (const change of CHANGES) {
    it(`${change.name}: refuses the wrong proofs, then retires every token issued before it`, async () => walk(await testApp(), change));
  }
});

/** The same table through Postgres (the epoch subqueries and the new columns); skipped, with the reason, when no server answers. */
const pg = (await privatePostgres('cb_credentials', 'the credential changes on Postgres'))?.connect();
describe('every credential change on Postgres', () => {
  for (const change of CHANGES) {
    it(`${change.name}`, async (ctx) => {
      if (!pg) return ctx.skip();
      await walk(await testApp({ db: pg }), change);
    });
  }
});

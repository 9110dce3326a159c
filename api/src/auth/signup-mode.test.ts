import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdmin } from '../operators/commands/accounts.js';
import { TEST_ORIGIN, testApp, type TestApp } from '../testing.js';
import { startDevProvider, type DevProvider } from './providers/devProvider.js';
import { signInAtProvider } from './providers/testing.js';
import { signupRule } from './signup-rules.js';
import type { Config } from '../config.js';

/**
 * SIGNUP_MODE on every way in: email and password, Google, Facebook, LINE and company SSO (through a real
 * local OpenID provider), with invitations in invite mode.
 */
let dev: DevProvider;
beforeAll(async () => {
  dev = await startDevProvider(TEST_ORIGIN);
});
afterAll(() => dev.close());

const app = (config: Partial<Config>) => testApp({ config: { ...dev.config, ...config } });
const BIRTHDAY = Math.floor(Date.UTC(1990, 0, 1) / 1000);
let n = 0;
const signUp = (t: TestApp, email: string, extra: Record<string, unknown> = {}) =>
  t.client().post('UserRegisterResource', 'create', { type: 'email', email, password: 'correct horse battery 9', birthday: BIRTHDAY, ...extra });
const err = (res: { body: any }) => res.body?.resource_response?.error?.api_error_code ?? 0;
const users = async (t: TestApp) => (await t.db.selectFrom('users').select('email').execute()).map((u) => u.email);

/** A browser's trip through a provider: start, the provider's login page, our callback page; then the sign-up form's call. */
async function providerSignUp(t: TestApp, provider: string, who: Record<string, unknown> | string) {
  const jar = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar.values()].join('; '));
    const response = await t.app.request(path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) jar.set(line.split(';')[0]!.split('=')[0]!, line.split(';')[0]!);
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const start = await send(`/oauth/${provider}/start/?mode=signup`);
  expect(start.status).toBe(302);
  const back = await signInAtProvider(start.headers.get('location')!, who as never);
  const page = await send(back.pathname + back.search);
  const register = await send('/resource/SocialRegisterResource/create/', {
    method: 'POST',
    headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
    body: JSON.stringify({ options: { type: provider, birthday: BIRTHDAY } }),
  });
  return { page: page.text, register: { status: register.status, body: JSON.parse(register.text) } };
}
const person = (extra: Record<string, unknown> = {}) => ({
  sub: `mode-${++n}`,
  email: `mode${n}@example.org`,
  email_verified: true,
  given_name: 'Mo',
  family_name: 'De',
  birthdate: '1990-02-03',
  ...extra,
});

describe('the sign-up rule', () => {
  it('lets everyone in when open, no one when closed, the invited in invite mode, and company SSO apart when asked', () => {
    expect(signupRule('open', 'password', false)).toBeNull();
    expect(signupRule('closed', 'google', false)).toBe('signup_closed');
    expect(signupRule('invite', 'line', false)).toBe('invitation');
    expect(signupRule('closed', 'sso', true)).toBeNull();
    expect(signupRule('closed', 'google', true)).toBe('signup_closed');
    expect(signupRule('invite', 'sso', true)).toBeNull();
  });
});

describe('SIGNUP_MODE=closed', () => {
  it('refuses a password sign-up with a clear message and writes nothing', async () => {
    const t = await app({ signupMode: 'closed' });
    const res = await signUp(t, 'nobody@example.org');
    expect([res.status, err(res)]).toEqual([403, 450]);
    expect(res.body.resource_response.error?.message).toBe('Sign-ups are closed on this Corkboard. If you already have an account, log in.');
    expect(await users(t)).toEqual([]);
  });

  it.each(['google', 'facebook', 'line'])('refuses a sign-up through %s: the callback page says why, and the sign-up call makes nothing', async (provider) => {
    const t = await app({ signupMode: 'closed' });
    const { page, register } = await providerSignUp(t, provider, person());
    expect(page).toContain('Sign-ups are closed on this Corkboard');
    expect(register.status).toBeGreaterThanOrEqual(400);
    expect(await users(t)).toEqual([]);
    expect(await t.db.selectFrom('identities').selectAll().execute()).toEqual([]);
  });

  it('refuses company SSO too, unless SIGNUP_SSO_OPEN lets its domains in', async () => {
    const closed = await app({ signupMode: 'closed' });
    expect((await providerSignUp(closed, 'sso', 'sam')).page).toContain('Sign-ups are closed');
    expect(await users(closed)).toEqual([]);
    const ssoOpen = await app({ signupMode: 'closed', signupSsoOpen: true });
    const { register } = await providerSignUp(ssoOpen, 'sso', 'sam');
    expect(register.status).toBe(200);
    expect(await users(ssoOpen)).toEqual(['sam@acme.example']);
  });

  it('still logs in an account made before, and lets the operator make one', async () => {
    const t = await app({ signupMode: 'closed' });
    const user = await t.makeUser('before');
    expect((await t.client().logIn(user.email, user.password)).status).toBe(200);
    expect(await runAdmin(t.deps, ['create', 'made@example.org', 'correct horse battery'])).toContain('created made@example.org');
  });
});

describe('SIGNUP_MODE=invite', () => {
  const inviteLink = async (t: TestApp, email: string) => {
    const printed = await runAdmin(t.deps, ['invite', email]);
    return new URL(/http\S+/.exec(printed)![0]).searchParams.get('invite')!;
  };

  it('refuses a sign-up without an invitation, and lets one in with its link, once', async () => {
    const t = await app({ signupMode: 'invite' });
    const bare = await signUp(t, 'guest@example.org');
    expect([bare.status, err(bare)]).toEqual([403, 451]);
    const invite = await inviteLink(t, 'guest@example.org');
    const outbox = await t.db.selectFrom('outbox').selectAll().execute();
    expect(JSON.stringify(outbox)).toContain(invite);
    // Only for the address it was sent to.
    const other = await signUp(t, 'someone-else@example.org', { invite });
    expect([other.status, err(other)]).toEqual([403, 452]);
    const forged = await signUp(t, 'guest@example.org', { invite: 'not-the-secret' });
    expect([forged.status, err(forged)]).toEqual([403, 452]);
    expect((await signUp(t, 'guest@example.org', { invite })).status).toBe(200);
    expect(await users(t)).toEqual(['guest@example.org']);
    const row = await t.db.selectFrom('signup_invitations').selectAll().executeTakeFirstOrThrow();
    expect(row.used_at).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(invite);
  });

  it('lets a provider sign up only an address it proves and that was invited', async () => {
    const t = await app({ signupMode: 'invite' });
    const stranger = await providerSignUp(t, 'google', person());
    expect(stranger.page).toContain('invitation only');
    const invited = person();
    await inviteLink(t, invited.email);
    const { register } = await providerSignUp(t, 'google', invited);
    expect(register.status).toBe(200);
    expect(await users(t)).toEqual([invited.email]);
    expect((await t.db.selectFrom('signup_invitations').select('used_at').executeTakeFirstOrThrow()).used_at).not.toBeNull();
  });

  it('lets an account with a verified email invite from the page, and no one in another mode', async () => {
    const t = await app({ signupMode: 'invite' });
    const user = await t.makeUser('host');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const sent = await browser.post('SignupInvitationResource', 'create', { email: 'Friend@Example.org' });
    expect(sent.status).toBe(200);
    expect(sent.body.resource_response.data).toEqual({ email: 'friend@example.org' });
    const bad = await browser.post('SignupInvitationResource', 'create', { email: 'not an email' });
    expect([bad.status, err(bad)]).toEqual([400, 80]);
    const visitor = await t.client().post('SignupInvitationResource', 'create', { email: 'x@example.org' });
    expect(visitor.status).toBe(401);

    const open = await app({ signupMode: 'open' });
    const other = await open.makeUser('other');
    const b = open.client();
    await b.logIn(other.email, other.password);
    const off = await b.post('SignupInvitationResource', 'create', { email: 'friend@example.org' });
    expect([off.status, err(off)]).toEqual([404, 453]);
    expect(await open.db.selectFrom('signup_invitations').selectAll().execute()).toEqual([]);
  });
});

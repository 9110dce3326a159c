import * as OTPAuth from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_ORIGIN, testApp, type TestApp } from '../../testing.js';
import { startDevProvider, type DemoIdentity, type DevProvider } from './devProvider.js';
import type { ProviderMessage } from './contract.js';
import { signInAtProvider } from './testing.js';

/**
 * Sign-in through providers against a real OpenID provider (oidc-provider on loopback): the relying
 * party's pages, the flow cookie, sign-up, linking and the error answers.
 */
let dev: DevProvider;
beforeAll(async () => {
  dev = await startDevProvider(TEST_ORIGIN);
});
afterAll(() => dev.close());

type Identity = Omit<DemoIdentity, 'note'>;
let counter = 0;
const person = (extra: Partial<Identity> = {}): Identity => {
  counter += 1;
  return {
    sub: `person-${counter}`,
    email: `pat.person${counter}@example.org`,
    email_verified: true,
    given_name: 'Pat',
    family_name: `Person${counter}`,
    birthdate: '1990-02-03',
    ...extra,
  };
};

const app = (config: Record<string, unknown> = {}) => testApp({ config: { ...dev.config, ...config } });

/** A browser: a cookie jar, pages read as text, resources as the product's own pages call them. */
function browser(t: TestApp) {
  const jar = new Map<string, string>();
  const send = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    if (jar.size) headers.set('cookie', [...jar.values()].join('; '));
    const response = await t.app.request(path, { ...init, headers });
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0]!;
      const name = pair.split('=')[0]!;
      if (/max-age=0/i.test(line) || pair === `${name}=`) jar.delete(name);
      else jar.set(name, pair);
    }
    return { status: response.status, headers: response.headers, text: await response.text() };
  };
  const resource = async (name: string, action: string, options: Record<string, unknown> = {}) => {
    const res =
      action === 'get'
        ? await send(`/resource/${name}/get/?data=${encodeURIComponent(JSON.stringify({ options }))}`)
        : await send(`/resource/${name}/${action}/`, {
            method: 'POST',
            headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
            body: JSON.stringify({ options }),
          });
    const body = JSON.parse(res.text).resource_response;
    return { status: res.status, data: body.data, code: body.error?.api_error_code ?? 0, error: body.error };
  };
  return { jar, send, resource };
}
type Browser = ReturnType<typeof browser>;

/** The message the callback page posts to its opener. */
function messageOf(html: string): ProviderMessage {
  const json = /var m=(.*?);var o=/.exec(html)?.[1];
  if (!json) throw new Error(`no message in page: ${html.slice(0, 300)}`);
  return JSON.parse(json);
}

/** One browser's whole trip: start, the provider's login page, back to our callback. */
async function signIn(b: Browser, who: string | Identity, options: { provider?: string; mode?: string; tamper?(url: URL): void; cancel?: boolean } = {}) {
  const start = await b.send(`/oauth/${options.provider ?? 'google'}/start/?mode=${options.mode ?? 'signup'}`);
  if (start.status !== 302) return messageOf(start.text);
  const location = start.headers.get('location')!;
  const back = await signInAtProvider(location, who, { cancel: options.cancel });
  expect(back.origin + back.pathname).toBe(`${TEST_ORIGIN}/oauth/${options.provider ?? 'google'}/callback/`);
  options.tamper?.(back);
  const page = await b.send(back.pathname + back.search);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'nonce-");
  expect(page.text).toContain(`o.postMessage(m,"${TEST_ORIGIN}")`);
  return messageOf(page.text);
}

const payload = (message: ProviderMessage) => message.payload as any;

describe('providers as configuration', () => {
  it('offers one tap only where the provider allows the id_token flow', async () => {
    const t = await app({ providers: { google: dev.config.providers.google } });
    const clients = (await import('./client.js')).providerClients({ google: dev.config.providers.google }, TEST_ORIGIN);
    expect(await clients.allowsIdToken('google')).toBe(true);
    expect(await clients.allowsIdToken('facebook')).toBe(false);
    expect((await browser(t).resource('SocialProvidersResource', 'get')).data.google.one_tap).toBe(true);
    const none = await app({ providers: {} });
    expect((await browser(none).resource('SocialProvidersResource', 'get')).data.google).toEqual({ configured: false, disabled: false, one_tap: false });
  });

  it('lists configured providers and the ones an experiment turned off', async () => {
    const t = await app({ providers: { google: dev.config.providers.google } });
    const b = browser(t);
    b.jar.set('cb_flags', 'cb_flags=web_google_disabled');
    const res = await b.resource('SocialProvidersResource', 'get');
    expect(res.data).toEqual({
      sso: { configured: false, disabled: false },
      // The dev provider allows the id_token flow: one tap can work.
      google: { configured: true, disabled: true, one_tap: true },
      facebook: { configured: false, disabled: false },
      line: { configured: false, disabled: false },
    });
  });

  it('answers a provider that is not configured, or disabled, on the popup page itself', async () => {
    const t = await app({ providers: { google: dev.config.providers.google } });
    const b = browser(t);
    expect(payload(await signIn(b, 'nora', { provider: 'line' }))).toMatchObject({ api_error_code: 161 });
    b.jar.set('cb_flags', 'cb_flags=web_google_disabled');
    const disabled = await signIn(b, 'nora');
    expect(disabled.type).toBe('social-connect-error');
    expect(payload(disabled)).toMatchObject({ api_error_code: 160 });
  });

  it('sends the browser to the issuer with PKCE S256, state and nonce, and binds the flow to an HttpOnly Lax cookie', async () => {
    const t = await app();
    const b = browser(t);
    const start = await b.send('/oauth/google/start/?mode=signup');
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location')!);
    expect(url.origin).toBe(dev.issuer);
    expect(url.searchParams.get('redirect_uri')).toBe(`${TEST_ORIGIN}/oauth/google/callback/`);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = start.headers.getSetCookie().find((line) => line.startsWith('cb_oauth='))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    // The database holds the hash of the cookie, never the cookie.
    const rows = await t.db.selectFrom('oauth_flows').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(cookie).not.toContain(rows[0]!.id);
  });
});

describe('sign-up through a provider', () => {
  it('a verified email and a birthday: signs up with the profile, and the next sign-in logs in', async () => {
    const t = await app();
    const b = browser(t);
    const who = person();
    const message = await signIn(b, who);
    expect(message).toMatchObject({
      corkboard: 1,
      type: 'social-connect-complete',
      payload: {
        outcome: 'signup',
        profile: { provider: 'google', first_name: 'Pat', last_name: who.family_name, email: who.email, needs_email: false, needs_birthday: false },
      },
    });
    expect(payload(message).profile.image_url).toBe(`${dev.issuer}/avatars/${who.sub}.svg`);
    const res = await b.resource('SocialRegisterResource', 'create', { type: 'google', country: 'GB' });
    expect(res.code).toBe(0);
    expect(res.data).toMatchObject({ birthday_source_site: 'google', email_source_site: 'google', user: { email: who.email, first_name: 'Pat' } });
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', who.email!).executeTakeFirstOrThrow();
    expect(user).toMatchObject({ password_hash: null, birthday: Date.UTC(1990, 1, 3), country: 'GB', last_name: who.family_name });
    expect(await t.db.selectFrom('identities').selectAll().execute()).toEqual([
      { provider: 'google', subject: who.sub, user_id: user.id, email: who.email, created_at: expect.any(Number), proven_at: expect.any(Number) },
    ]);
    // Nothing of the provider's tokens is kept anywhere.
    const flows = await t.db.selectFrom('oauth_flows').selectAll().execute();
    expect(JSON.stringify(flows)).not.toMatch(/access_token|id_token/);
    expect((await b.resource('ViewerResource', 'get')).data.type).toBe('AUTH');

    const other = browser(t);
    const again = await signIn(other, who, { mode: 'login' });
    expect(payload(again)).toEqual({ outcome: 'logged_in', user: { id: user.id, username: user.username } });
    expect((await other.resource('ViewerResource', 'get')).data.user.id).toBe(user.id);
  });

  it('no birthday: asks for one (socialSignupWithAge), with the age rules of email sign-up', async () => {
    const t = await app();
    const b = browser(t);
    const message = await signIn(b, person({ birthdate: undefined }));
    expect(payload(message).profile.needs_birthday).toBe(true);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google' })).code).toBe(89);
    const tooYoung = Math.floor(t.clock.now() / 1000) - 10 * 365 * 86400;
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google', birthday: tooYoung })).code).toBe(91);
    const birthday = Math.floor(Date.UTC(1985, 6, 1) / 1000);
    const res = await b.resource('SocialRegisterResource', 'create', { type: 'google', birthday, birthday_source_site: 'corkboard' });
    expect(res.data).toMatchObject({ birthday_source_site: 'corkboard', email_source_site: 'google' });
  });

  it('no email: asks for one (EmailCollection); an email with an account is refused as taken', async () => {
    const t = await app();
    const existing = await t.makeUser('taken');
    const b = browser(t);
    const message = await signIn(b, person({ email: undefined }));
    expect(payload(message).profile).toMatchObject({ email: null, needs_email: true });
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google' })).code).toBe(168);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google', email: 'not an email' })).code).toBe(80);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google', email: existing.email })).code).toBe(83);
    const res = await b.resource('SocialRegisterResource', 'create', { type: 'google', email: 'collected@example.org', email_source_site: 'corkboard' });
    expect(res.data).toMatchObject({ email_source_site: 'corkboard', birthday_source_site: 'google', user: { email: 'collected@example.org' } });
  });

  it('an unverified email from the provider is not taken as the account email', async () => {
    const t = await app();
    const b = browser(t);
    const message = await signIn(b, person({ email_verified: false }));
    expect(payload(message).profile).toMatchObject({ email: null, needs_email: true });
  });

  it('a sign-up needs the browser that made the flow, and spends it', async () => {
    const t = await app();
    const b = browser(t);
    await signIn(b, person());
    const stranger = browser(t);
    expect((await stranger.resource('SocialRegisterResource', 'create', { type: 'google' })).code).toBe(162);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'facebook' })).code).toBe(162);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google' })).code).toBe(0);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google' })).code).toBe(162);
  });
});

describe('linking is where accounts get stolen', () => {
  it('a verified email of an existing account: the password first, then the identity is linked', async () => {
    const t = await app();
    const owner = await t.makeUser('owner');
    const who = person({ email: owner.email });
    const b = browser(t);
    expect(payload(await signIn(b, who, { mode: 'login' }))).toEqual({ outcome: 'link_required', provider: 'google', email: owner.email });
    // No session yet, nothing linked yet.
    expect((await b.resource('ViewerResource', 'get')).data.type).toBe('UNAUTH');
    expect((await b.resource('SocialLinkResource', 'create')).code).toBe(7);
    expect((await b.resource('UserSessionResource', 'create', { username_or_email: owner.email, password: owner.password })).code).toBe(0);
    expect((await b.resource('SocialLinkResource', 'create')).data).toEqual({ provider: 'google' });
    expect(await t.db.selectFrom('identities').select(['user_id', 'subject']).execute()).toEqual([{ user_id: owner.id, subject: who.sub }]);
    // The provider vouched for the account's own email: the identity is proven (a reset keeps it), and so is the email.
    expect((await t.db.selectFrom('identities').select('proven_at').executeTakeFirstOrThrow()).proven_at).not.toBeNull();
    expect((await b.resource('EmailVerificationResource', 'get')).data.verified).toBe(true);
    // From now on the provider logs this account in.
    const later = browser(t);
    expect(payload(await signIn(later, who, { mode: 'login' }))).toMatchObject({ outcome: 'logged_in', user: { id: owner.id } });
  });

  it('an unverified email of an existing account is never linked, even after the password', async () => {
    const t = await app();
    const owner = await t.makeUser('victim');
    const b = browser(t);
    expect(payload(await signIn(b, person({ email: owner.email, email_verified: false })))).toEqual({
      outcome: 'email_exists',
      provider: 'google',
      email: owner.email,
    });
    await b.resource('UserSessionResource', 'create', { username_or_email: owner.email, password: owner.password });
    expect((await b.resource('SocialLinkResource', 'create')).code).toBe(166);
    expect(await t.db.selectFrom('identities').selectAll().execute()).toEqual([]);
  });

  it('a logged-in user links from settings, unlinks, and cannot unlink the only way in before setting a password', async () => {
    const t = await app();
    const owner = await t.makeUser('linker');
    const b = browser(t);
    await b.resource('UserSessionResource', 'create', { username_or_email: owner.email, password: owner.password });
    const who = person({ email: 'other-address@example.org' });
    expect(payload(await signIn(b, who, { mode: 'link' }))).toEqual({ outcome: 'linked', provider: 'google' });
    expect((await b.resource('SocialIdentitiesResource', 'get')).data).toMatchObject({ has_password: true, identities: [{ provider: 'google' }] });
    expect((await b.resource('SocialIdentitiesResource', 'delete', { provider: 'google' })).data.identities).toEqual([]);

    // A provider-only account.
    const c = browser(t);
    await signIn(c, person());
    await c.resource('SocialRegisterResource', 'create', { type: 'google' });
    expect((await c.resource('SocialIdentitiesResource', 'delete', { provider: 'google' })).code).toBe(167);
    expect((await c.resource('SocialPasswordResource', 'create', { new_password: 'short' })).code).toBe(84);
    expect((await c.resource('SocialPasswordResource', 'create', { new_password: 'Quince-Harbour-77' })).data).toEqual({ status: 'set' });
    expect((await c.resource('SocialPasswordResource', 'create', { new_password: 'Quince-Harbour-78' })).code).toBe(170);
    expect((await c.resource('SocialIdentitiesResource', 'delete', { provider: 'google' })).code).toBe(0);
  });

  it('changing the ways in (link, unlink, a first password) needs a recent log-in: an old or stolen session cannot lock the owner out', async () => {
    const t = await app();
    const owner = await t.makeUser('sudo');
    const b = browser(t);
    await b.resource('UserSessionResource', 'create', { username_or_email: owner.email, password: owner.password });
    t.clock.advance(31 * 60_000);
    expect(payload(await signIn(b, person({ email: 'thief@example.org' }), { mode: 'link' }))).toMatchObject({ api_error_code: 205 });
    expect(await t.db.selectFrom('identities').selectAll().execute()).toEqual([]);
    // A fresh log-in (a new session) may.
    await b.resource('UserSessionResource', 'create', { username_or_email: owner.email, password: owner.password });
    expect(payload(await signIn(b, person({ email: 'mine@example.org' }), { mode: 'link' }))).toEqual({ outcome: 'linked', provider: 'google' });
    t.clock.advance(31 * 60_000);
    expect((await b.resource('SocialIdentitiesResource', 'delete', { provider: 'google' })).code).toBe(205);
    expect((await b.resource('SocialIdentitiesResource', 'get')).data.identities).toHaveLength(1);

    // A provider-only account whose session is old: no first password (which would be a way in the thief keeps).
    const c = browser(t);
    await signIn(c, person());
    await c.resource('SocialRegisterResource', 'create', { type: 'google' });
    t.clock.advance(31 * 60_000);
    expect((await c.resource('SocialPasswordResource', 'create', { new_password: 'Quince-Harbour-77' })).code).toBe(205);
    expect((await c.resource('SocialIdentitiesResource', 'get')).data.has_password).toBe(false);
  });

  it('a session that turning two-factor on rotated is no fresh log-in: an old cookie cannot link a provider that way', async () => {
    const t = await app();
    const owner = await t.makeUser('rotated');
    const b = browser(t);
    await b.resource('UserSessionResource', 'create', { username_or_email: owner.email, password: owner.password });
    t.clock.advance(31 * 60_000);
    const { secret } = (await b.resource('TwoFactorResource', 'create', { method: 'totp' })).data;
    const code = OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, timestamp: t.clock.now() });
    expect((await b.resource('TwoFactorResource', 'update', { code, password: owner.password })).status).toBe(200);
    expect(payload(await signIn(b, person({ email: 'thief@example.org' }), { mode: 'link' }))).toMatchObject({ api_error_code: 205 });
    expect(await t.db.selectFrom('identities').selectAll().execute()).toEqual([]);
  });

  it('a first password is set once: of two sent together, one is set and the other told the account has one', async () => {
    const t = await app();
    const c = browser(t);
    await signIn(c, person());
    await c.resource('SocialRegisterResource', 'create', { type: 'google' });
    const answers = await Promise.all(
      ['Quince-Harbour-77', 'Walnut-Lantern-42'].map((new_password) => c.resource('SocialPasswordResource', 'create', { new_password })),
    );
    expect(answers.map((a) => a.code).sort((x, y) => x - y)).toEqual([0, 170]);
  });

  it("an identity linked to one account cannot be linked to another, and 'link' needs a session", async () => {
    const t = await app();
    const who = person();
    const first = browser(t);
    await signIn(first, who);
    await first.resource('SocialRegisterResource', 'create', { type: 'google' });
    const other = await t.makeUser('second');
    const b = browser(t);
    expect(payload(await signIn(browser(t), person(), { mode: 'link' }))).toMatchObject({ api_error_code: 7 });
    await b.resource('UserSessionResource', 'create', { username_or_email: other.email, password: other.password });
    expect(payload(await signIn(b, who, { mode: 'link' }))).toMatchObject({ api_error_code: 165 });
  });
});

describe('the protocol checks of the callback', () => {
  it('a tampered state is refused', async () => {
    const t = await app();
    const message = await signIn(browser(t), person(), { tamper: (url) => url.searchParams.set('state', 'forged-state') });
    expect(message.type).toBe('social-connect-error');
    expect(payload(message)).toMatchObject({ api_error_code: 162 });
  });

  it('a nonce that does not match the ID token is refused', async () => {
    const t = await app();
    const b = browser(t);
    const message = await signIn(b, person(), {
      tamper: () => void t.db.updateTable('oauth_flows').set({ nonce: 'forged-nonce' }).execute(),
    });
    expect(payload(message)).toMatchObject({ api_error_code: 162 });
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);
  });

  it('a callback in another browser (no flow cookie) is refused, and a replayed one too', async () => {
    const t = await app();
    const b = browser(t);
    const start = await b.send('/oauth/google/start/?mode=signup');
    const back = await signInAtProvider(start.headers.get('location')!, person());
    const stranger = browser(t);
    expect(payload(messageOf((await stranger.send(back.pathname + back.search)).text))).toMatchObject({ api_error_code: 162 });
    expect(payload(messageOf((await b.send(back.pathname + back.search)).text))).toMatchObject({ outcome: 'signup' });
    expect(payload(messageOf((await b.send(back.pathname + back.search)).text))).toMatchObject({ api_error_code: 162 });
  });

  it("cancelling at the provider is 'You must authorize Corkboard'", async () => {
    const t = await app();
    const message = await signIn(browser(t), person(), { cancel: true });
    expect(payload(message)).toMatchObject({ api_error_code: 163, message: "Couldn't connect. You must authorize Corkboard." });
  });

  it('a linked account in a blocked state gets its dialog code; a two-factor account is sent to its password', async () => {
    const t = await app();
    const who = person();
    const b = browser(t);
    await signIn(b, who);
    const user = (await b.resource('SocialRegisterResource', 'create', { type: 'google' })).data.user;
    await t.db.updateTable('users').set({ state: 'suspended' }).where('id', '=', user.id).execute();
    expect(payload(await signIn(browser(t), who, { mode: 'login' }))).toMatchObject({ api_error_code: 116 });
    await t.db.updateTable('users').set({ state: 'active', mfa_method: 'totp' }).where('id', '=', user.id).execute();
    expect(payload(await signIn(browser(t), who, { mode: 'login' }))).toMatchObject({ api_error_code: 173 });
  });

  it('a Google log-in reactivates an account its owner deactivated, as a password log-in does; no other deactivation, and never past two-factor', async () => {
    const t = await app();
    const who = person();
    const b = browser(t);
    await signIn(b, who);
    const user = (await b.resource('SocialRegisterResource', 'create', { type: 'google' })).data.user;
    const state = async () => t.db.selectFrom('users').select(['state', 'state_reason']).where('id', '=', user.id).executeTakeFirstOrThrow();
    // Deactivated from the settings: a Google-only account proves itself by its recent log-in.
    expect((await b.resource('AccountDeactivationResource', 'create', {})).data).toEqual({ state: 'deactivated' });
    expect((await b.resource('ViewerResource', 'get')).data.type).not.toBe('AUTH');

    // Two-factor on: sent to its password, and still deactivated.
    await t.db.updateTable('users').set({ mfa_method: 'totp' }).where('id', '=', user.id).execute();
    expect(payload(await signIn(browser(t), who, { mode: 'login' }))).toMatchObject({ api_error_code: 173 });
    expect(await state()).toEqual({ state: 'deactivated', state_reason: 'user_requested' });
    await t.db.updateTable('users').set({ mfa_method: null }).where('id', '=', user.id).execute();

    const back = browser(t);
    expect(payload(await signIn(back, who, { mode: 'login' }))).toEqual({ outcome: 'logged_in', user: { id: user.id, username: user.username } });
    expect(await state()).toEqual({ state: 'active', state_reason: null });
    expect((await back.resource('ViewerResource', 'get')).data.user.id).toBe(user.id);

    // Deactivated by someone else's decision: the dialog, not a way back.
    await t.db
      .updateTable('users')
      .set({ state: 'deactivated', state_reason: 'unusual_activity', state_set_by: 'operator' })
      .where('id', '=', user.id)
      .execute();
    expect(payload(await signIn(browser(t), who, { mode: 'login' }))).toMatchObject({ api_error_code: 117 });
    expect(await state()).toEqual({ state: 'deactivated', state_reason: 'unusual_activity' });
  });

  it('an issuer that does not answer discovery is unavailable, not a 500', async () => {
    const t = await app({ providers: { google: { issuer: 'http://127.0.0.1:9', clientId: 'x', clientSecret: 'y' } } });
    expect(payload(await signIn(browser(t), person()))).toMatchObject({ api_error_code: 160 });
  });
});

describe('company single sign-on', () => {
  const ssoInfo = async (b: Browser, email: unknown) => {
    const res = await b.send('/v3/sso/info/', {
      method: 'POST',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    return JSON.parse(res.text).resource_response.data;
  };

  it('SSO info: an email of an SSO domain, its account, and where the 600x600 popup goes; anything else is not SSO', async () => {
    const t = await app();
    const b = browser(t);
    expect(await ssoInfo(b, 'someone@example.org')).toEqual({
      is_sso: false,
      existing_user: false,
      existing_user_is_sso: false,
      authorization_uri: null,
      redirect_uri: null,
      exchange_code_to_token_info_url: null,
    });
    expect((await ssoInfo(b, 42)).is_sso).toBe(false);
    const info = await ssoInfo(b, 'Sam@ACME.example');
    expect(info).toMatchObject({ is_sso: true, existing_user: false, existing_user_is_sso: false, redirect_uri: `${TEST_ORIGIN}/oauth/sso/callback/` });
    expect(info.authorization_uri).toBe(`${TEST_ORIGIN}/oauth/sso/start/?mode=signup&login_hint=sam%40acme.example`);
    const off = browser(await app({ ssoDomains: [] }));
    expect((await ssoInfo(off, 'sam@acme.example')).is_sso).toBe(false);
  });

  it('SSO sign-up for a new user, then log-in for the existing SSO user', async () => {
    const t = await app();
    const b = browser(t);
    const message = await signIn(b, 'sam', { provider: 'sso' });
    expect(payload(message)).toMatchObject({
      outcome: 'signup',
      profile: { provider: 'sso', email: 'sam@acme.example', needs_email: false, needs_birthday: false },
    });
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'sso' })).data.user.email).toBe('sam@acme.example');
    expect(await ssoInfo(b, 'sam@acme.example')).toMatchObject({ is_sso: true, existing_user: true, existing_user_is_sso: true });
    expect(payload(await signIn(browser(t), 'sam', { provider: 'sso', mode: 'login' }))).toMatchObject({ outcome: 'logged_in', user: { username: 'sam' } });
  });
});

describe('Facebook no longer available for new users', () => {
  it("behind dweb_unauth_fb_login_account_recovery_flow, a new Facebook identity is refused (log-in: 'couldn't match'); a linked one reads its login data instead of logging in", async () => {
    const t = await app();
    const who = person();
    const first = browser(t);
    await signIn(first, who, { provider: 'facebook' });
    expect((await first.resource('SocialRegisterResource', 'create', { type: 'facebook' })).code).toBe(0);

    const flagged = () => {
      const b = browser(t);
      b.jar.set('cb_flags', 'cb_flags=dweb_unauth_fb_login_account_recovery_flow');
      return b;
    };
    const refused = await signIn(flagged(), person(), { provider: 'facebook' });
    expect(payload(refused)).toMatchObject({ api_error_code: 171, message: "Facebook login isn't available for new users. Continue with email or Google:" });
    const unmatched = await signIn(flagged(), person(), { provider: 'facebook', mode: 'login' });
    expect(payload(unmatched)).toMatchObject({
      api_error_code: 119,
      message: 'Your account is already linked to Facebook. To log in with email, set a password.',
    });
    const b = flagged();
    const retired = payload(await signIn(b, who, { provider: 'facebook', mode: 'login' }));
    expect(retired).toEqual({ outcome: 'facebook_unavailable', provider: 'facebook', facebook_id: who.sub });
    expect((await b.resource('ViewerResource', 'get')).data.type).not.toBe('AUTH');
    const loginData = JSON.parse((await b.send(`/v3/facebook/login_data/?facebook_id=${who.sub}&facebook_token=x`)).text).resource_response.data;
    expect(loginData).toEqual({ connected_to_gplus: false, connected_to_google: false, has_password: false, facebook_only: true, email: who.email });
    // Google is unaffected.
    expect(payload(await signIn(flagged(), person()))).toMatchObject({ outcome: 'signup' });
  });
});

describe("the provider window's pages in the reader's language", () => {
  it('says "one moment" and "done" in the chosen language, with <html lang dir>', async () => {
    const b = browser(await app());
    b.jar.set('cb_lang', 'cb_lang=fr');
    const relay = await b.send('/oauth/google/callback/');
    expect(relay.text).toContain('<html lang="fr" dir="ltr">');
    expect(relay.text).toContain('<p id="status">Un instant…</p>');
    expect(relay.text).toContain('"C’est fait. Vous pouvez fermer cette fenêtre."');
    b.jar.set('cb_lang', 'cb_lang=ar');
    const start = await b.send('/oauth/google/start/?mode=signup');
    const back = await signInAtProvider(start.headers.get('location')!, person());
    const page = await b.send(back.pathname + back.search);
    expect(messageOf(page.text).type).toBe('social-connect-complete');
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    expect(page.text).toContain('<p id="status">تم. يمكنك إغلاق هذه النافذة.</p>');
  });
});

describe('Google one-tap (an ID-token credential checked against the issuer)', () => {
  /** The issuer's one-tap answer: the credential and state from the fragment of our callback URL. */
  async function credentialFor(b: Browser, who: string | Identity) {
    const start = await b.send('/oauth/google/start/?mode=one_tap');
    expect(start.status).toBe(302);
    const url = new URL(start.headers.get('location')!);
    expect(url.searchParams.get('response_type')).toBe('id_token');
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const back = await signInAtProvider(url.href, who);
    expect(back.search).toBe('');
    const fragment = new URLSearchParams(back.hash.slice(1));
    // Our callback page with no query is the relay that posts the fragment to GoogleOneTapResource.
    const relay = await b.send(back.pathname);
    expect(relay.text).toContain('/resource/GoogleOneTapResource/create/');
    expect(relay.headers.get('content-security-policy')).toContain("connect-src 'self'");
    return { credential: fragment.get('id_token')!, state: fragment.get('state')! };
  }

  it('signs up a newcomer as google_one_tap, and the next one tap logs in', async () => {
    const t = await app();
    const b = browser(t);
    const who = person();
    const res = await b.resource('GoogleOneTapResource', 'create', { ...(await credentialFor(b, who)), select_by: 'user' });
    expect(res.data).toMatchObject({ outcome: 'signup', profile: { provider: 'google', email: who.email, needs_birthday: false } });
    const made = await b.resource('SocialRegisterResource', 'create', { type: 'google_one_tap' });
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({ birthday_source_site: 'google', email_source_site: 'google' });
    const other = browser(t);
    const again = await other.resource('GoogleOneTapResource', 'create', await credentialFor(other, who));
    expect(again.data).toEqual({ outcome: 'logged_in', user: { id: made.data.user.id, username: made.data.user.username } });
    expect((await other.resource('ViewerResource', 'get')).data.type).toBe('AUTH');
  });

  it('refuses a tampered state, a credential from another flow (its nonce), a forged signature, and a replay', async () => {
    const t = await app();
    const b = browser(t);
    const first = await credentialFor(b, person());
    expect((await b.resource('GoogleOneTapResource', 'create', { ...first, state: 'forged-state' })).code).toBe(162);

    const c = browser(t);
    const mine = await credentialFor(c, person());
    const stranger = browser(t);
    const theirs = await credentialFor(stranger, person());
    // Another browser's credential carries that flow's nonce, not this one's.
    expect((await c.resource('GoogleOneTapResource', 'create', { credential: theirs.credential, state: mine.state })).code).toBe(162);

    const d = browser(t);
    const good = await credentialFor(d, person());
    const [header, body, signature] = good.credential.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, email: 'demo@corkboard.test' })).toString('base64url')}.${signature}`;
    expect((await d.resource('GoogleOneTapResource', 'create', { credential: forged, state: good.state })).code).toBe(162);
    expect(await t.db.selectFrom('users').select('id').execute()).toHaveLength(0);

    const e = browser(t);
    const once = await credentialFor(e, person());
    expect((await e.resource('GoogleOneTapResource', 'create', once)).data.outcome).toBe('signup');
    expect((await e.resource('GoogleOneTapResource', 'create', once)).code).toBe(162);
  });

  it('bad input is a 4xx, never a 500: no credential, no flow cookie, a code flow, one tap for another provider', async () => {
    const t = await app();
    const b = browser(t);
    const empty = await b.resource('GoogleOneTapResource', 'create', { credential: '', state: '' });
    expect(empty.status).toBe(400);
    expect((await b.resource('GoogleOneTapResource', 'create', { credential: 'not.a.jwt', state: 'x' })).code).toBe(162);
    await b.send('/oauth/google/start/?mode=login');
    expect((await b.resource('GoogleOneTapResource', 'create', { credential: 'a.b.c', state: 'x' })).code).toBe(162);
    expect(payload(messageOf((await b.send('/oauth/sso/start/?mode=one_tap')).text)).api_error_code).toBe(1);
  });
});

describe('/v3/facebook/profile_data/ and /v3/facebook/login_data/', () => {
  const post = (b: Browser, body: unknown) =>
    b.send('/v3/facebook/profile_data/', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const envelope = (res: { text: string }) => JSON.parse(res.text).resource_response;

  it('profile data is the profile this browser proved, in Facebook field names; login data says how else its account logs in', async () => {
    const t = await app();
    const who = person();
    const b = browser(t);
    expect((await signIn(b, who, { provider: 'facebook' })).type).toBe('social-connect-complete');
    const profile = envelope(await post(b, { access_token: 'ignored', pii_safe_birthday: true, fields: 'picture,id,first_name,last_name,email,gender' }));
    expect(profile.data).toEqual({
      picture: { url: `${dev.issuer}/avatars/${who.sub}.svg`, is_silhouette: false },
      id: who.sub,
      first_name: 'Pat',
      last_name: who.family_name,
      email: who.email,
      gender: null,
    });
    // Not linked yet: nothing to say about an account.
    expect(envelope(await b.send(`/v3/facebook/login_data/?facebook_id=${who.sub}`)).error.api_error_code).toBe(164);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'facebook' })).code).toBe(0);
    const c = browser(t);
    await signIn(c, who, { provider: 'facebook', mode: 'login' });
    // The flow was spent by the log-in; a fresh one for the login data.
    const d = browser(t);
    const start = await d.send('/oauth/facebook/start/?mode=login');
    d.jar.set('cb_flags', 'cb_flags=dweb_unauth_fb_login_account_recovery_flow');
    const back = await signInAtProvider(start.headers.get('location')!, who);
    expect(payload(messageOf((await d.send(back.pathname + back.search)).text)).outcome).toBe('facebook_unavailable');
    const user = await t.db.selectFrom('users').selectAll().where('email', '=', who.email!).executeTakeFirstOrThrow();
    await t.db.updateTable('users').set({ password_hash: 'x' }).where('id', '=', user.id).execute();
    expect(envelope(await d.send(`/v3/facebook/login_data/?facebook_id=${who.sub}`)).data).toMatchObject({
      has_password: true,
      facebook_only: false,
      connected_to_google: false,
    });
  });

  it('bad input and strangers get 4xx, never a 500', async () => {
    const t = await app();
    const b = browser(t);
    expect((await post(b, { access_token: 'x' })).status).toBe(400);
    expect(envelope(await post(b, { access_token: 'x' })).error.api_error_code).toBe(162);
    expect(
      (await b.send('/v3/facebook/profile_data/', { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: '{oops' }))
        .status,
    ).toBe(400);
    expect((await post(b, { fields: 42 })).status).toBe(400);
    expect((await b.send('/v3/facebook/login_data/')).status).toBe(400);
    expect(envelope(await b.send('/v3/facebook/login_data/?facebook_id=someone')).error.api_error_code).toBe(162);
    // Another browser's identity: its flow is not this browser's.
    const who = person();
    const owner = browser(t);
    await signIn(owner, who, { provider: 'facebook' });
    await owner.resource('SocialRegisterResource', 'create', { type: 'facebook' });
    const other = browser(t);
    await signIn(other, person(), { provider: 'facebook' });
    expect(envelope(await other.send(`/v3/facebook/login_data/?facebook_id=${who.sub}`)).error.api_error_code).toBe(162);
    // A cross-site write is refused before anything is read.
    expect(
      (
        await b.send('/v3/facebook/profile_data/', {
          method: 'POST',
          headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(403);
  });
});

describe('an address is trusted only once proven', () => {
  const post = (b: Browser, path: string, body: unknown) =>
    b.send(path, { method: 'POST', headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const birthday = Math.floor(Date.UTC(1990, 0, 1) / 1000);
  /** The newest link of a kind the dev outbox holds for an address. */
  const mailedToken = async (t: TestApp, to: string, path: string) => {
    const mails = await t.db.selectFrom('outbox').select('body').where('to_address', '=', to).orderBy('created_at').execute();
    const token = mails
      .map((m) => new RegExp(`${path.replace(/[/?]/g, '\\$&')}\\?token=([\\w-]+)`).exec(m.body)?.[1])
      .filter(Boolean)
      .at(-1);
    if (!token) throw new Error(`no ${path} link for ${to}`);
    return token;
  };
  const resetPassword = async (t: TestApp, email: string) => {
    const b = browser(t);
    await post(b, '/v3/users/forgot_password/', { username_or_email: email });
    const res = await post(b, '/v3/users/password/reset/', { token: await mailedToken(t, email, '/password/reset/'), new_password: 'Quince-Harbour-77' });
    expect(res.status).toBe(200);
  };

  it('pre-hijack: an identity with no email types the victim’s address; the victim still signs up, and after a reset the identity reaches only its own account', async () => {
    const t = await app();
    const victimEmail = 'victim@example.org';
    const attacker = browser(t);
    const identity = person({ email: undefined });
    expect(payload(await signIn(attacker, identity))).toMatchObject({ outcome: 'signup', profile: { needs_email: true } });
    const made = await attacker.resource('SocialRegisterResource', 'create', { type: 'google', email: victimEmail, email_source_site: 'corkboard' });
    expect(made.code).toBe(0);
    expect(made.data.user).toMatchObject({ email: victimEmail, email_verified: false });
    // Held aside: not the account's email, so it blocks no one.
    const squatter = await t.db
      .selectFrom('users')
      .select(['id', 'email', 'pending_email', 'email_verified_at'])
      .where('id', '=', made.data.user.id)
      .executeTakeFirstOrThrow();
    expect(squatter).toMatchObject({ pending_email: victimEmail, email_verified_at: null });
    expect(squatter.email).not.toBe(victimEmail);
    expect(JSON.parse((await attacker.send(`/v3/register/exists/?email=${victimEmail}`)).text).resource_response.data).toBe(false);

    // The victim's own sign-up succeeds (before: 'email_taken').
    const victim = browser(t);
    const signup = await victim.resource('UserRegisterResource', 'create', { type: 'email', email: victimEmail, password: 'Plum-Orchard-42', birthday });
    expect(signup.code).toBe(0);
    const victimId = signup.data.user.id;
    expect(victimId).not.toBe(made.data.user.id);

    // The victim resets the password; the attacker's identity still logs in, but only to the attacker's own account.
    await resetPassword(t, victimEmail);
    const again = browser(t);
    const back = payload(await signIn(again, identity, { mode: 'login' }));
    expect(back).toMatchObject({ outcome: 'logged_in', user: { id: made.data.user.id } });
    expect(back.user.id).not.toBe(victimId);
    expect((await again.resource('EmailVerificationResource', 'get')).data).toEqual({ email: null, verified: false, pending_email: victimEmail });

    // Even the link mailed to the victim for the attacker's claim no longer gives the attacker the address.
    const claimLink = await t.db
      .selectFrom('outbox')
      .select('body')
      .where('to_address', '=', victimEmail)
      .where('body', 'like', `%${made.data.user.username}%`)
      .executeTakeFirstOrThrow();
    const claimToken = /\/email\/verify\/\?token=([\w-]+)/.exec(claimLink.body)![1];
    expect((await again.resource('EmailVerificationResource', 'update', { token: claimToken })).code).toBe(263);
    expect((await t.db.selectFrom('users').select('email').where('id', '=', made.data.user.id).executeTakeFirstOrThrow()).email).not.toBe(victimEmail);
  });

  it('a typed address becomes the account’s email only through its link', async () => {
    const t = await app();
    const b = browser(t);
    await signIn(b, person({ email: undefined }));
    const made = await b.resource('SocialRegisterResource', 'create', { type: 'google', email: 'mine@example.org' });
    expect((await b.resource('EmailVerificationResource', 'get')).data).toEqual({ email: null, verified: false, pending_email: 'mine@example.org' });
    expect((await b.resource('EmailVerificationResource', 'update', { token: await mailedToken(t, 'mine@example.org', '/email/verify/') })).data).toEqual({
      email: 'mine@example.org',
      status: 'verified',
    });
    expect((await b.resource('EmailVerificationResource', 'get')).data).toEqual({ email: 'mine@example.org', verified: true, pending_email: null });
    expect(await t.db.selectFrom('users').select(['email', 'pending_email']).where('id', '=', made.data.user.id).executeTakeFirstOrThrow()).toEqual({
      email: 'mine@example.org',
      pending_email: null,
    });
  });

  it('a provider’s verified email is a verified account email, and its identity is proven', async () => {
    const t = await app();
    const b = browser(t);
    const who = person();
    await signIn(b, who);
    expect((await b.resource('SocialRegisterResource', 'create', { type: 'google' })).data.user.email_verified).toBe(true);
    expect((await b.resource('EmailVerificationResource', 'get')).data).toEqual({ email: who.email, verified: true, pending_email: null });
    // No confirmation mail: the provider vouched.
    expect(await t.db.selectFrom('outbox').selectAll().execute()).toEqual([]);
  });

  it('a password reset ends every session and every identity the owner never proved; a proven one stays', async () => {
    const t = await app();
    const victimEmail = 'later.victim@example.org';
    // The attacker signs up first with the victim's address and a password, and links their own Google account.
    const attacker = browser(t);
    expect((await attacker.resource('UserRegisterResource', 'create', { type: 'email', email: victimEmail, password: 'Plum-Orchard-42', birthday })).code).toBe(
      0,
    );
    const hijacker = person({ email: 'attacker@example.org' });
    expect(payload(await signIn(attacker, hijacker, { mode: 'link' }))).toEqual({ outcome: 'linked', provider: 'google' });
    expect((await t.db.selectFrom('identities').select('proven_at').executeTakeFirstOrThrow()).proven_at).toBeNull();

    // The real owner gets in by resetting the password.
    await resetPassword(t, victimEmail);
    expect((await attacker.resource('ViewerResource', 'get')).data.type).not.toBe('AUTH');
    expect(payload(await signIn(browser(t), hijacker, { mode: 'login' }))).toMatchObject({ outcome: 'signup' });
    expect(await t.db.selectFrom('identities').selectAll().execute()).toEqual([]);

    // The owner (email now proven) links their own Google account: proven, it outlives the next reset.
    const owner = browser(t);
    await owner.resource('UserSessionResource', 'create', { username_or_email: victimEmail, password: 'Quince-Harbour-77' });
    const own = person({ email: 'other.address@example.org' });
    expect(payload(await signIn(owner, own, { mode: 'link' }))).toEqual({ outcome: 'linked', provider: 'google' });
    t.clock.advance(60 * 60 * 1000 + 1);
    await post(owner, '/v3/users/forgot_password/', { username_or_email: victimEmail });
    expect(
      (await post(owner, '/v3/users/password/reset/', { token: await mailedToken(t, victimEmail, '/password/reset/'), new_password: 'Another-Tulip-55' }))
        .status,
    ).toBe(200);
    expect(payload(await signIn(browser(t), own, { mode: 'login' }))).toMatchObject({ outcome: 'logged_in' });
  });

  it('/v3/sso/info/ for an SSO-domain email is an email check: it shares the per-address limit of /v3/register/exists/', async () => {
    const t = await app();
    const b = browser(t);
    for (let i = 0; i < 120; i++) expect((await b.send(`/v3/register/exists/?email=n${i}@example.org`)).status).toBe(200);
    const res = await post(b, '/v3/sso/info/', { email: 'someone@acme.example' });
    expect(res.status).toBe(429);
    expect(JSON.parse(res.text).resource_response.error.api_error_code).toBe(142);
    expect(res.headers.get('retry-after')).toBeTruthy();
    // An email of no SSO domain reads nothing and is still answered.
    expect(JSON.parse((await post(b, '/v3/sso/info/', { email: 'someone@example.org' })).text).resource_response.data.is_sso).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { catalogue } from '../lib/errors.js';
import { testApp } from '../testing.js';
import { runAdmin } from '../operators/commands/accounts.js';
import { ERROR_CODES } from './rules/recovery.js';
import { outboxMessages, v3Post } from './safety-helpers.js';

const error = (res: { body: any }) => res.body.resource_response.error;

describe('the shared recovery codes', () => {
  it('match the error catalogue', () => {
    for (const [name, value] of Object.entries(ERROR_CODES)) expect(catalogue[name as keyof typeof catalogue].code, name).toBe(value);
  });
});

describe('account states, revealed only after a correct password', () => {
  const cases = [
    ['suspended', 116, 403, undefined],
    ['deactivated', 117, 403, { reason: 'unusual_activity' }],
    ['soft_banned', 118, 403, undefined],
    ['prevent_facebook_register', 119, 409, undefined],
    ['prevent_google_register', 120, 409, undefined],
  ] as const;
  for (const [state, code, status, data] of cases) {
    it(`${state}: its own answer for the right password, the usual one for a wrong password`, async () => {
      const t = await testApp();
      const user = await t.makeUser();
      await runAdmin(t.deps, ['state', user.email, state, ...(state === 'deactivated' ? ['unusual_activity'] : [])]);
      const wrong = await t.client().logIn(user.email, 'wrong password');
      expect(error(wrong).api_error_code).toBe(78);
      const right = await t.client().logIn(user.email, user.password);
      expect(right.status).toBe(status);
      expect(error(right).api_error_code).toBe(code);
      if (data) expect(error(right).data).toEqual(data);
      expect(right.headers.get('set-cookie')).toBeNull();
    });
  }

  it('soft-banning logs the account out everywhere and mails a reset link', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    await runAdmin(t.deps, ['state', user.email, 'soft_banned']);
    expect((await browser.get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
    expect((await outboxMessages(t, user.email))[0]?.subject).toBe('We protected your Corkboard account');
  });

  it('back to active logs in again', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    await runAdmin(t.deps, ['state', user.email, 'suspended']);
    await runAdmin(t.deps, ['state', user.email, 'active']);
    expect((await t.client().logIn(user.email, user.password)).status).toBe(200);
  });
});

describe('the admin command', () => {
  it('refuses unknown commands, bad arguments and unknown accounts with its usage', async () => {
    const t = await testApp();
    await expect(runAdmin(t.deps, [])).rejects.toThrow(/Usage: npm run admin/);
    await expect(runAdmin(t.deps, ['state', 'nobody@example.com', 'suspended'])).rejects.toThrow(/No account/);
    await expect(runAdmin(t.deps, ['state', 'not-an-email', 'suspended'])).rejects.toThrow(/Give an account email/);
    const user = await t.makeUser();
    await expect(runAdmin(t.deps, ['state', user.email, 'banished'])).rejects.toThrow(/Usage/);
    await expect(runAdmin(t.deps, ['picture', user.email, 'javascript:alert(1)'])).rejects.toThrow();
  });

  it('creates an account and unlocks a locked one', async () => {
    const t = await testApp();
    expect(await runAdmin(t.deps, ['create', 'new@example.com', 'Plum-Orchard-42', 'Nell'])).toMatch(/created new@example.com/);
    await t.db
      .insertInto('login_attempts')
      .values({ email: 'new@example.com', failures: 10, first_failed_at: t.clock.now(), locked_until: t.clock.now() + 1e6 })
      .execute();
    expect(error(await t.client().logIn('new@example.com', 'Plum-Orchard-42')).api_error_code).toBe(111);
    await runAdmin(t.deps, ['unlock', 'new@example.com']);
    expect((await t.client().logIn('new@example.com', 'Plum-Orchard-42')).status).toBe(200);
  });
});

describe('recognised browsers (LIMITED_LOGIN)', () => {
  it('after log-out or an expired session, the viewer is LIMITED_LOGIN with name and picture; "Not you?" forgets it', async () => {
    const t = await testApp();
    const user = await t.makeUser('ada');
    await runAdmin(t.deps, ['picture', user.email, 'https://images.example/ada.jpg']);
    const browser = t.client();
    expect((await browser.get('ViewerResource')).body.resource_response.data).toEqual({ type: 'UNAUTH' });
    const login = await browser.logIn(user.email, user.password);
    expect(login.headers.getSetCookie().some((c) => /^cb_known=[\w-]{40,};.*HttpOnly/.test(c))).toBe(true);
    expect((await browser.get('ViewerResource')).body.resource_response.data.type).toBe('AUTH');
    await browser.post('UserSessionResource', 'delete', {});
    expect((await browser.get('ViewerResource')).body.resource_response.data).toEqual({
      type: 'LIMITED_LOGIN',
      info: {
        firstName: 'ada',
        imageUrl: 'https://images.example/ada.jpg',
        email: user.email,
        hasPassword: true,
        connectedToFacebook: false,
        connectedToGoogle: false,
      },
    });
    await browser.post('RecognisedUserResource', 'delete', {});
    expect((await browser.get('ViewerResource')).body.resource_response.data).toEqual({ type: 'UNAUTH' });
  });

  it('an expired session leaves a recognised viewer', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    t.clock.advance(31 * 24 * 60 * 60 * 1000);
    expect((await browser.get('ViewerResource')).body.resource_response.data.type).toBe('LIMITED_LOGIN');
  });
});

describe('switching accounts and password change', () => {
  it('a switch_account log-in goes to /{username} and the previous session is dead', async () => {
    const t = await testApp();
    const ada = await t.makeUser('ada');
    const bob = await t.makeUser('bob');
    const browser = t.client();
    await browser.logIn(ada.email, ada.password);
    const before = browser.cookie;
    const res = await browser.post('UserSessionResource', 'create', {
      username_or_email: bob.email,
      password: bob.password,
      switch_account: true,
      next: '/pin/create/button/',
    });
    expect(res.body.resource_response.data).toMatchObject({ user: { username: 'bob' }, redirect: '/bob' });
    expect((await t.client({ cookie: before }).get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({ type: 'AUTH', user: { username: 'bob' } });
  });

  it('changing the password needs the old one, revokes every other session and rotates this one', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const phone = t.client();
    const laptop = t.client();
    await phone.logIn(user.email, user.password);
    await laptop.logIn(user.email, user.password);
    const before = laptop.cookie;
    const wrong = await laptop.post('UserPasswordResource', 'update', { old_password: 'nope nope', new_password: 'Quince-Harbour-77' });
    expect(error(wrong).api_error_code).toBe(78);
    const weak = await laptop.post('UserPasswordResource', 'update', { old_password: user.password, new_password: 'password1' });
    expect(error(weak).api_error_code).toBe(88);
    expect((await laptop.post('UserPasswordResource', 'update', { old_password: user.password, new_password: 'Quince-Harbour-77' })).status).toBe(200);
    expect(laptop.cookie).not.toBe(before);
    expect((await laptop.get('ViewerResource')).body.resource_response.data.type).toBe('AUTH');
    expect((await phone.get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
    expect((await t.client({ cookie: before }).get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
    expect((await t.client().post('UserPasswordResource', 'update', { old_password: 'x', new_password: 'y' })).status).toBe(401);
  });
});

describe('the dev outbox page', () => {
  it('lists mail escaped, with a strict CSP, and is not served in production', async () => {
    const t = await testApp({ config: { env: 'development' } });
    await t.makeUser('ada');
    await t.db.updateTable('users').set({ first_name: '<script>alert(1)</script>' }).execute();
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: 'ada' });
    // A browser on this machine: the outbox is for loopback clients only (outbox/routes.test.ts).
    const res = await t.app.request('/dev/outbox', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toMatch(/default-src 'none'/);
    const page = await res.text();
    expect(page).toContain('Reset your Corkboard password');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>alert');
    const prod = await testApp({ config: { env: 'production' } });
    expect((await prod.app.request('/dev/outbox')).status).toBe(404);
  });

  it('serves the reset page without a referrer, so the token stays on the page', async () => {
    const t = await testApp();
    const res = await t.app.request('/password/reset/?token=abc');
    expect(res.status).toBe(200);
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toMatch(/frame-ancestors 'none'/);
    const someone = await t.makeUser();
    for (const path of ['/add-account', '/business/login/', `/${someone.username}`]) expect((await t.app.request(path)).status, path).toBe(200);
    // A profile nobody has is the not-found page.
    expect((await t.app.request('/nobody-has-this-name')).status).toBe(404);
  });
});

describe('a state an operator set is never undone by its subject', () => {
  it('an operator’s deactivation with no reason is not lifted by its owner’s next log-in', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    await runAdmin(t.deps, ['state', user.email, 'deactivated']);
    const right = await t.client().logIn(user.email, user.password);
    expect(right.status).toBe(403);
    expect(error(right).api_error_code).toBe(117);
    expect(right.headers.get('set-cookie')).toBeNull();
    expect(await t.db.selectFrom('users').select(['state', 'state_set_by']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      state: 'deactivated',
      state_set_by: 'operator',
    });
  });

  it('an owner’s own deactivation is lifted by their log-in; an operator’s over it is not', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const owner = t.client();
    await owner.logIn(user.email, user.password);
    expect((await owner.post('AccountDeactivationResource', 'create', { password: user.password })).status).toBe(200);
    expect((await t.client().logIn(user.email, user.password)).body.resource_response.data).toMatchObject({ reactivated: true });
    // Deactivated by the owner again, then the operator deactivates it over that: the operator's stands.
    const again = t.client();
    await again.logIn(user.email, user.password);
    await again.post('AccountDeactivationResource', 'create', { password: user.password });
    await runAdmin(t.deps, ['state', user.email, 'deactivated', 'user_requested']);
    expect(error(await t.client().logIn(user.email, user.password)).api_error_code).toBe(117);
  });
});

import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';

describe('log-in (UserSessionResource create)', () => {
  it('starts a session with a safe cookie and tells who logged in', async () => {
    const t = await testApp();
    const user = await t.makeUser('ada');
    const browser = t.client();
    const res = await browser.logIn(user.email, user.password);
    expect(res.status).toBe(200);
    expect(res.body.resource_response.data).toMatchObject({ user: { id: user.id, username: 'ada' }, redirect: '/' });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^cb_session=[\w-]{40,};/);
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
    expect(cookie).not.toMatch(/Secure/); // localhost: browsers drop Secure cookies on plain http
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({ type: 'AUTH', user: { id: user.id } });
  });

  it('marks the cookie Secure outside localhost', async () => {
    const t = await testApp({ config: { publicOrigin: 'https://pins.example.com', secureCookies: true } });
    const user = await t.makeUser();
    const res = await t.client().logIn(user.email, user.password);
    expect(res.headers.get('set-cookie')).toMatch(/Secure/);
  });

  it('refuses a wrong password with the password message, and starts no session', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const res = await t.client().logIn(user.email, 'wrong password');
    expect(res.status).toBe(401);
    expect(res.body.resource_response.error).toEqual({
      api_error_code: 78,
      http_status: 401,
      message: 'The password you entered is incorrect. Try again or reset your password',
    });
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await t.db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('answers an unknown email exactly as a wrong password', async () => {
    const t = await testApp();
    const res = await t.client().logIn('nobody@example.com', 'whatever');
    expect(res.status).toBe(401);
    expect(res.body.resource_response.error?.api_error_code).toBe(78);
  });

  it('finds the account whatever the case of the email', async () => {
    const t = await testApp();
    const user = await t.makeUser('grace');
    expect((await t.client().logIn('  GRACE@Example.com ', user.password)).status).toBe(200);
  });

  it('refuses an empty body with a clear message', async () => {
    const t = await testApp();
    const res = await t.client().post('UserSessionResource', 'create', {});
    expect(res.status).toBe(400);
    expect(res.body.resource_response.error?.message_detail).toMatch(/username_or_email/);
  });

  it('stores argon2id hashes, never the password', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const row = await t.db.selectFrom('users').select('password_hash').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.password_hash).not.toContain(user.password);
  });

  it('rotates the session: the cookie from before a log-in is dead after it', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const before = browser.cookie;
    await browser.logIn(user.email, user.password);
    expect(browser.cookie).not.toBe(before);
    expect((await t.client({ cookie: before }).get('ViewerResource')).body.resource_response.data).toEqual({ type: 'UNAUTH' });
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({ type: 'AUTH' });
  });

  it('keeps only a hash of the session token in the database', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const token = browser.cookie?.split('=')[1] ?? '';
    const rows = await t.db.selectFrom('sessions').select('id').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).not.toBe(token);
  });

  it('passes only a same-origin next back', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const ok = await t
      .client()
      .post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, next: '/pin/create/button/?url=x' });
    expect(ok.body.resource_response.data.redirect).toBe('/pin/create/button/?url=x');
    const evil = await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, next: '//evil.example/' });
    expect(evil.body.resource_response.data.redirect).toBe('/');
  });

  it.each(['/.//evil.example', '/..//evil.example', '/%2e//evil.example', '/%2e%2e//evil.example', '/a/..//evil.example'])(
    'judges the normalised next: %s sends the user home, not to another host',
    async (next) => {
      const t = await testApp();
      const user = await t.makeUser();
      const res = await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, next });
      expect(res.body.resource_response.data.redirect).toBe('/');
    },
  );

  it('expires sessions after 30 days', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    t.clock.advance(30 * 24 * 60 * 60 * 1000 + 1);
    // No longer logged in; the browser is still recognised (the welcome-back log-in).
    expect((await browser.get('ViewerResource')).body.resource_response.data).toMatchObject({ type: 'LIMITED_LOGIN' });
  });
});

describe('log-out (UserSessionResource delete)', () => {
  it('revokes the session', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const cookie = browser.cookie;
    expect((await browser.post('UserSessionResource', 'delete', {})).status).toBe(200);
    expect((await t.client({ cookie }).get('ViewerResource')).body.resource_response.data).toEqual({ type: 'UNAUTH' });
  });
});

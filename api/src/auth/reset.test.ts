import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describe, expect, it } from 'vitest';
import { testApp } from '../testing.js';
import { lastResetToken, outboxMessages, v3Post } from './safety-helpers.js';

const NEW_PASSWORD = 'Quince-Harbour-77';
const code = (res: { body: any }) => res.body.resource_response.error?.api_error_code ?? 0;

describe('forgot password (POST /v3/users/forgot_password/)', () => {
  it('mails a single-use link stored only as a hash, and answers an unknown email the same way', async () => {
    const t = await testApp();
    const user = await t.makeUser('ada');
    const known = await v3Post(t, '/v3/users/forgot_password/', { username_or_email: ' ADA@example.com ' });
    const unknown = await v3Post(t, '/v3/users/forgot_password/', { username_or_email: 'nobody@example.com' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.resource_response.data).toEqual({ status: 'sent', type: 'reset' });
    const mail = await outboxMessages(t);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ to_address: user.email, subject: 'Reset your Corkboard password' });
    const token = await lastResetToken(t, user.email);
    expect(mail[0]?.body).toContain(`http://localhost:8787/password/reset/?token=${token}`);
    expect(JSON.stringify(await t.db.selectFrom('auth_tokens').selectAll().execute())).not.toContain(token);
  });

  it('finds the account by username too', async () => {
    const t = await testApp();
    const user = await t.makeUser('grace');
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: 'grace' });
    expect(await outboxMessages(t, user.email)).toHaveLength(1);
  });

  it('sends the unified wording when unauth_dweb_unified_ar is on', async () => {
    const t = await testApp({ config: { flags: new Set(['unauth_dweb_unified_ar']) } });
    const user = await t.makeUser();
    const res = await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    expect(res.body.resource_response.data.type).toBe('unified');
    expect((await outboxMessages(t))[0]?.subject).toBe('Get back into your Corkboard account');
  });

  it('mails at most five links an hour to one account', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    for (let i = 0; i < 7; i++) expect((await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email })).status).toBe(200);
    expect(await outboxMessages(t)).toHaveLength(5);
  });

  it('refuses bad input with a clear message, and a write from another origin', async () => {
    const t = await testApp();
    const empty = await v3Post(t, '/v3/users/forgot_password/', { username_or_email: '' });
    expect(empty.status).toBe(400);
    expect(empty.body.resource_response.error?.message_detail).toMatch(/Enter your email or username/);
    const badType = await v3Post(t, '/v3/users/forgot_password/', { username_or_email: 'a@example.com', type: 'steal' });
    expect(badType.status).toBe(400);
    const notJson = await t
      .client()
      .send('/v3/users/forgot_password/', { method: 'POST', headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json' }, body: '{' });
    expect(notJson.status).toBe(400);
    const cross = await t.client().send('/v3/users/forgot_password/', {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'application/json' },
      body: '{"username_or_email":"a@example.com"}',
    });
    expect(cross.status).toBe(403);
    expect(await outboxMessages(t)).toEqual([]);
  });
});

describe('password reset (POST /v3/users/password/reset/)', () => {
  it('sets the new password, revokes every session, and works once', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    const phone = t.client();
    const laptop = t.client();
    await phone.logIn(user.email, user.password);
    await laptop.logIn(user.email, user.password);
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    const token = await lastResetToken(t, user.email);

    const res = await v3Post(t, '/v3/users/password/reset/', { token, new_password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    for (const browser of [phone, laptop]) expect((await browser.get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
    expect(code(await t.client().logIn(user.email, user.password))).toBe(78);
    expect((await t.client().logIn(user.email, NEW_PASSWORD)).status).toBe(200);

    const again = await v3Post(t, '/v3/users/password/reset/', { token, new_password: 'Another-Tulip-55' });
    expect(again.status).toBe(400);
    expect(again.body.resource_response.error).toMatchObject({ api_error_code: 121, message: 'This link has expired or was already used. Ask for a new one.' });
  });

  it('refuses an expired link', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    const token = await lastResetToken(t, user.email);
    t.clock.advance(60 * 60 * 1000);
    expect(code(await v3Post(t, '/v3/users/password/reset/', { token, new_password: NEW_PASSWORD }))).toBe(121);
    expect((await t.client().logIn(user.email, user.password)).status).toBe(200);
  });

  it('applies the new-password rules and keeps the link usable after a refused password', async () => {
    const t = await testApp();
    const user = await t.makeUser('ada');
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    const token = await lastResetToken(t, user.email);
    const cases: Array<[string, number]> = [
      ['abc', 84],
      ['pässwörd-long', 86],
      ['ada@example.com', 87],
      ['password1', 88],
    ];
    for (const [password, expected] of cases) expect(code(await v3Post(t, '/v3/users/password/reset/', { token, new_password: password }))).toBe(expected);
    expect((await v3Post(t, '/v3/users/password/reset/', { token, new_password: NEW_PASSWORD })).status).toBe(200);
  });

  it('refuses a made-up token and an empty body', async () => {
    const t = await testApp();
    expect(code(await v3Post(t, '/v3/users/password/reset/', { token: 'made-up', new_password: NEW_PASSWORD }))).toBe(121);
    expect((await v3Post(t, '/v3/users/password/reset/', {})).status).toBe(400);
  });

  it('lifts a soft ban', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    await t.db.updateTable('users').set({ state: 'soft_banned' }).execute();
    expect(code(await t.client().logIn(user.email, user.password))).toBe(118);
    await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
    await v3Post(t, '/v3/users/password/reset/', { token: await lastResetToken(t, user.email), new_password: NEW_PASSWORD });
    expect((await t.client().logIn(user.email, NEW_PASSWORD)).status).toBe(200);
  });
});

describe('reset mail over real SMTP', () => {
  it('arrives at the SMTP server, and its link works once', async () => {
    const received: string[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, done) {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
        stream.on('end', () => {
          received.push(text);
          done();
        });
      },
    });
    server.listen(0, '127.0.0.1');
    await once(server.server, 'listening');
    const { port } = server.server.address() as AddressInfo;
    try {
      const t = await testApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
      const user = await t.makeUser('ada');
      await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email });
      expect(received).toHaveLength(1);
      expect(await outboxMessages(t)).toEqual([]);
      const message = received[0]!.replace(/=\r?\n/g, '');
      expect(message).toMatch(/^To: ada@example\.com/m);
      expect(message).toMatch(/^Subject: Reset your Corkboard password/m);
      const token = /password\/reset\/\?token(?:=3D|=)([\w-]+)/.exec(message)?.[1] ?? '';
      expect(token).not.toBe('');
      expect((await v3Post(t, '/v3/users/password/reset/', { token, new_password: NEW_PASSWORD })).status).toBe(200);
      expect(code(await v3Post(t, '/v3/users/password/reset/', { token, new_password: NEW_PASSWORD }))).toBe(121);
      expect((await t.client().logIn(user.email, NEW_PASSWORD)).status).toBe(200);
    } finally {
      server.close();
    }
  });
});

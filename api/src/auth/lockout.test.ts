import { describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../testing.js';
import { lastResetToken, outboxMessages, solvedChallenge, v3Post } from './safety-helpers.js';
import { attemptState, failureOutcome, LOCKOUT } from './lockout.js';

const MINUTE = 60 * 1000;
const setup = () => testApp({ config: { challengeMaxNumber: 1000 } });
const code = (res: { body: any }) => res.body.resource_response.error?.api_error_code ?? 0;

/** Fails `n` times, solving the challenge when one is due; answers the last error code. */
async function failTimes(t: TestApp, email: string, n: number) {
  let last = 0;
  for (let i = 0; i < n; i++) {
    const failures =
      (await t.db.selectFrom('login_attempts').select('failures').where('email', '=', email.trim().toLowerCase()).executeTakeFirst())?.failures ?? 0;
    const extra = failures >= LOCKOUT.challengeAfter ? { recaptchaV2Token: await solvedChallenge(t) } : {};
    last = code(await t.client().post('UserSessionResource', 'create', { username_or_email: email, password: 'wrong password', ...extra }));
  }
  return last;
}

describe('lockout rules', () => {
  it('counts to assistance at 3, a challenge after 5 and a lock at 10', () => {
    expect([1, 2, 3, 4, 9, 10].map(failureOutcome)).toEqual(['incorrect', 'incorrect', 'assist', 'incorrect', 'incorrect', 'lock']);
    expect(attemptState({ failures: 10, first_failed_at: 0, locked_until: 100 }, 99)).toEqual({ locked: true, lockedUntil: 100 });
    expect(attemptState({ failures: 10, first_failed_at: 0, locked_until: 100 }, 100)).toEqual({ locked: false, failures: 0, stale: true });
    expect(attemptState({ failures: 4, first_failed_at: 0, locked_until: null }, LOCKOUT.windowMs)).toEqual({ locked: false, failures: 0, stale: true });
  });
});

describe('failed log-ins (keyed on the normalised email)', () => {
  it('answers the third failure with login assistance and mails the account holder a help link', async () => {
    const t = await setup();
    const user = await t.makeUser('ada');
    expect(await failTimes(t, user.email, 2)).toBe(78);
    const third = await t.client().logIn(' ADA@Example.com ', 'wrong password');
    expect(third.status).toBe(401);
    expect(third.body.resource_response.error).toMatchObject({
      api_error_code: 110,
      message: "Looks like you're having trouble logging in",
      data: { email: 'ada@example.com' },
    });
    const mail = await outboxMessages(t, user.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]).toMatchObject({ channel: 'email', subject: 'Having trouble logging in?' });
    expect(mail[0]?.body).toMatch(/\/password\/reset\/\?token=/);
    expect(await failTimes(t, user.email, 1)).toBe(78);
  });

  it('answers an unknown email the same way, and mails nobody', async () => {
    const t = await setup();
    expect(await failTimes(t, 'nobody@example.com', 3)).toBe(110);
    expect(await outboxMessages(t)).toEqual([]);
  });

  it('asks for a solved challenge after five failures; a missing, reused or expired one is refused unread', async () => {
    const t = await setup();
    const user = await t.makeUser();
    await failTimes(t, user.email, 5);
    const bare = await t.client().logIn(user.email, user.password);
    expect(bare.status).toBe(401);
    expect(bare.body.resource_response.error).toMatchObject({
      api_error_code: 112,
      message: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
    });
    const withDefault = await t
      .client()
      .post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, recaptchaV2Token: 'default' });
    expect(code(withDefault)).toBe(112);
    // Refused attempts are not counted: still 5.
    expect((await t.db.selectFrom('login_attempts').select('failures').executeTakeFirstOrThrow()).failures).toBe(5);

    const token = await solvedChallenge(t);
    const wrongAnswer = JSON.parse(Buffer.from(token, 'base64').toString());
    wrongAnswer.number += 1;
    expect(
      code(
        await t.client().post('UserSessionResource', 'create', {
          username_or_email: user.email,
          password: user.password,
          recaptchaV2Token: Buffer.from(JSON.stringify(wrongAnswer)).toString('base64'),
        }),
      ),
    ).toBe(112);

    const expired = await solvedChallenge(t);
    t.clock.advance(11 * MINUTE);
    expect(
      code(await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, recaptchaV2Token: expired })),
    ).toBe(112);

    const fresh = await solvedChallenge(t);
    const ok = await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, recaptchaV2Token: fresh });
    expect(ok.status).toBe(200);
    // The same solution again: spent.
    await failTimes(t, user.email, 5);
    expect(
      code(await t.client().post('UserSessionResource', 'create', { username_or_email: user.email, password: user.password, recaptchaV2Token: fresh })),
    ).toBe(112);
  });

  it('locks for 30 minutes at the tenth failure; the lock is not extended and a correct password fails during it', async () => {
    const t = await setup();
    const user = await t.makeUser();
    const tenth = await failTimes(t, user.email, 10);
    expect(tenth).toBe(111);
    const during = await t.client().logIn(user.email, user.password);
    expect(during.status).toBe(429);
    expect(during.body.resource_response.error).toMatchObject({
      api_error_code: 111,
      message: 'You have reached the maximum number of login attempts. Try again in 30 minutes.',
    });
    expect(during.headers.get('set-cookie')).toBeNull();

    t.clock.advance(29 * MINUTE);
    expect(code(await t.client().logIn(user.email, 'wrong again'))).toBe(111);
    t.clock.advance(MINUTE);
    // 30 minutes after the lock began, whatever was tried meanwhile; and the count started again (no challenge).
    expect((await t.client().logIn(user.email, user.password)).status).toBe(200);
  });

  it('locks the email whatever its case or spaces', async () => {
    const t = await setup();
    const user = await t.makeUser('grace');
    await failTimes(t, ' GRACE@example.COM', 10);
    expect(code(await t.client().logIn(user.email, user.password))).toBe(111);
  });

  it('starts the count again after a success', async () => {
    const t = await setup();
    const user = await t.makeUser();
    await failTimes(t, user.email, 2);
    expect((await t.client().logIn(user.email, user.password)).status).toBe(200);
    expect(await t.db.selectFrom('login_attempts').selectAll().execute()).toEqual([]);
    expect(await failTimes(t, user.email, 2)).toBe(78);
  });

  it('lets a locked account reset its password and log in with the new one at once', async () => {
    const t = await setup();
    const user = await t.makeUser();
    await failTimes(t, user.email, 10);
    expect((await v3Post(t, '/v3/users/forgot_password/', { username_or_email: user.email })).status).toBe(200);
    const reset = await v3Post(t, '/v3/users/password/reset/', { token: await lastResetToken(t, user.email), new_password: 'Quince-Harbour-77' });
    expect(reset.status).toBe(200);
    expect((await t.client().logIn(user.email, 'Quince-Harbour-77')).status).toBe(200);
  });
});

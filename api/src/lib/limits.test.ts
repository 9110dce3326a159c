import { describe, expect, it } from 'vitest';
import { solvedChallenge, outboxMessages } from '../auth/safety-helpers.js';
import { testApp, type Answer, type TestApp } from '../testing.js';
import { addressKey, normaliseAddress } from './client-address.js';
import { LIMITS, LOGIN_ADDRESS_CHALLENGE_AFTER, limitsFor } from './limits.js';
import { declarationFinder, declaredLimits, honoSurface } from './declare.js';
import { currentRequest, withRequest } from '../core/request-context.js';

const ATTACKER = '203.0.113.7';
const NEIGHBOUR = '198.51.100.9';
const PROXY = '127.0.0.1';

const code = (res: Answer) => res.body.resource_response.error?.api_error_code ?? 0;
const setup = (config: Parameters<typeof testApp>[0] = {}) => testApp({ ...config, config: { challengeMaxNumber: 1000, ...config.config } });

/** A 429 of the catalogue code, with Retry-After in seconds (within the window) and the same seconds in the body. */
function expectLimited(res: Answer, apiCode: number, windowS: number) {
  expect(res.status).toBe(429);
  expect(code(res)).toBe(apiCode);
  const retryAfter = Number(res.headers.get('retry-after'));
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowS);
  expect(res.body.resource_response.error?.data).toEqual({ retry_after_seconds: retryAfter });
}

const forgot = (t: TestApp, target: string, init: { address?: string; forwarded?: string } = {}) =>
  t.client({ address: init.address }).send('/v3/users/forgot_password/', {
    method: 'POST',
    headers: { origin: t.deps.config.publicOrigin, 'content-type': 'application/json', ...(init.forwarded ? { 'x-forwarded-for': init.forwarded } : {}) },
    body: JSON.stringify({ username_or_email: target }),
  });

describe('the client address', () => {
  it('is one spelling of an IP address, and an IPv6 client is its /64', () => {
    expect(normaliseAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(normaliseAddress('[2001:DB8::1]')).toBe('2001:db8::1');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseAddress('not an address')).toBeUndefined();
    expect(addressKey('2001:db8:1:2:aaaa::1')).toBe(addressKey('2001:db8:1:2:bbbb:cccc:dddd:eeee'));
    expect(addressKey('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:db8:1:3::1')).not.toBe(addressKey('2001:db8:1:2::1'));
    expect(addressKey(ATTACKER)).toBe(ATTACKER);
  });
});

describe('log-in, per client address', () => {
  it('meets a challenge and then a 429 with Retry-After before 60 wrong log-ins across 20 emails; another address is unaffected', async () => {
    const t = await setup();
    const user = await t.makeUser('bystander');
    const emails = Array.from({ length: 20 }, (_, i) => `victim${i}@example.com`);
    for (const [i, email] of emails.slice(0, 5).entries()) await t.makeUser(`victim${i}`).then((u) => expect(u.email).toBe(email));
    const codes: number[] = [];
    let last: Answer | undefined;
    let solve = false;
    for (let i = 0; i < 60; i++) {
      // The attacker solves every challenge it is asked for, as a script can.
      const extra = solve ? { recaptchaV2Token: await solvedChallenge(t) } : {};
      last = await t.client({ address: ATTACKER }).post('UserSessionResource', 'create', { username_or_email: emails[i % 20]!, password: 'guess', ...extra });
      codes.push(code(last));
      if (code(last) === 112) solve = true;
    }
    // No email met its own challenge (3 tries each): the address brought the challenge on.
    expect(codes.indexOf(112)).toBe(LOGIN_ADDRESS_CHALLENGE_AFTER);
    const first429 = codes.indexOf(140);
    expect(first429).toBeGreaterThan(LOGIN_ADDRESS_CHALLENGE_AFTER);
    expect(first429).toBeLessThan(59);
    expect(codes.slice(first429).every((c) => c === 140)).toBe(true);
    expectLimited(last!, 140, LIMITS.loginAddress.durationS);
    expect(last!.body.resource_response.error?.message).toBe('You have reached the maximum number of login attempts. Try again in 30 minutes.');

    // The right password from the blocked address is refused too, unread; from another address it logs in.
    const blocked = await t.client({ address: ATTACKER }).logIn(user.email, user.password);
    expect(code(blocked)).toBe(140);
    expect(blocked.headers.get('set-cookie')).toBeNull();
    expect((await t.client({ address: NEIGHBOUR }).logIn(user.email, user.password)).status).toBe(200);
    expect(code(await t.client({ address: NEIGHBOUR }).logIn('someone.new@example.com', 'guess'))).toBe(78);
  });
});

describe('X-Forwarded-For', () => {
  it('changes nothing with TRUST_PROXY off: the socket address counts', async () => {
    const t = await setup();
    for (let i = 0; i < LIMITS.resetAddress.points; i++) {
      expect((await forgot(t, `someone${i}@example.com`, { address: ATTACKER, forwarded: `192.0.2.${i}` })).status).toBe(200);
    }
    expectLimited(await forgot(t, 'next@example.com', { address: ATTACKER, forwarded: NEIGHBOUR }), 143, LIMITS.resetAddress.durationS);
    expect((await forgot(t, 'next@example.com', { address: NEIGHBOUR })).status).toBe(200);
  });

  it('with TRUST_PROXY on, counts the address the proxy appended, not what the client wrote to its left', async () => {
    const t = await setup({ config: { trustProxy: true } });
    for (let i = 0; i < LIMITS.resetAddress.points; i++) {
      // The client forges an entry; the proxy appends the address it saw.
      expect((await forgot(t, `someone${i}@example.com`, { address: PROXY, forwarded: `192.0.2.${i}, ${ATTACKER}` })).status).toBe(200);
    }
    expectLimited(await forgot(t, 'next@example.com', { address: PROXY, forwarded: ATTACKER }), 143, LIMITS.resetAddress.durationS);
    expectLimited(await forgot(t, 'next@example.com', { address: PROXY, forwarded: `${NEIGHBOUR}, ${ATTACKER}` }), 143, LIMITS.resetAddress.durationS);
    // Another client through the same proxy is a different client.
    expect((await forgot(t, 'next@example.com', { address: PROXY, forwarded: NEIGHBOUR })).status).toBe(200);
  });
});

describe('email checks, per client address', () => {
  it('limits /v3/register/exists/ and /v3/email/validation/ together', async () => {
    const t = await setup();
    const browser = t.client({ address: ATTACKER });
    const half = LIMITS.emailCheckAddress.points / 2;
    for (let i = 0; i < half; i++) {
      expect((await browser.send(`/v3/register/exists/?email=probe${i}@example.com`)).body.resource_response.data).toBe(false);
      expect((await browser.send(`/v3/email/validation/?email=probe${i}@example.com`)).body.resource_response.data).toEqual({ is_valid: true });
    }
    expectLimited(await browser.send('/v3/register/exists/?email=one.more@example.com'), 142, LIMITS.emailCheckAddress.durationS);
    expectLimited(await browser.send('/v3/email/validation/?email=one.more@example.com'), 142, LIMITS.emailCheckAddress.durationS);
    expect((await t.client({ address: NEIGHBOUR }).send('/v3/register/exists/?email=one.more@example.com')).status).toBe(200);
  });
});

describe('forgot password', () => {
  it('limits one account asked for from many addresses, answering a missing account the same way', async () => {
    const t = await setup();
    const user = await t.makeUser('ada');
    for (const target of [user.email, 'nobody@example.com']) {
      for (let i = 0; i < LIMITS.resetTarget.points; i++) expect((await forgot(t, target, { address: `192.0.2.${i}` })).status).toBe(200);
      // Same count, same answer, whether or not the account exists; the case of the email does not matter.
      expectLimited(await forgot(t, target.toUpperCase(), { address: NEIGHBOUR }), 143, LIMITS.resetTarget.durationS);
    }
    // The existing hourly share of mails per account still held: 5 of the 10 requests mailed.
    expect(await outboxMessages(t, user.email)).toHaveLength(5);
    expect((await forgot(t, 'someone.else@example.com', { address: NEIGHBOUR })).status).toBe(200);
  });
});

describe('sign-up, per client address', () => {
  it('counts every attempt and refuses past the share; another address signs up', async () => {
    const t = await setup();
    const attempt = (address: string, email: string, password = 'Plum-Orchard-42') =>
      t.client({ address }).post('UserRegisterResource', 'create', {
        type: 'email',
        email,
        password,
        birthday: Math.floor(t.clock.now() / 1000) - 30 * 365 * 86400,
        country: 'US',
      });
    for (let i = 0; i < LIMITS.signupAddress.points; i++) expect(code(await attempt(ATTACKER, `bot${i}@fastmail.com`, 'short'))).toBe(84);
    expectLimited(await attempt(ATTACKER, 'real.person@fastmail.com'), 141, LIMITS.signupAddress.durationS);
    expect(await t.db.selectFrom('users').select('email').where('email', '=', 'real.person@fastmail.com').execute()).toEqual([]);
    expect((await attempt(NEIGHBOUR, 'real.person@fastmail.com')).status).toBe(200);
  });
});

describe('board invites', () => {
  const inviter = async (t: TestApp, name: string, address = ATTACKER) => {
    const user = await t.makeUser(name);
    const browser = t.client({ address });
    await browser.logIn(user.email, user.password);
    return { user, browser, board: await t.makeBoard(user.id, `Board of ${name}`) };
  };
  const emails = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}@example.com`);
  const mails = async (t: TestApp) => (await outboxMessages(t)).filter((m) => m.channel === 'email').length;
  /** Invites `total` new emails in calls of at most 50 (the most one call takes), each answered 200. */
  const inviteMany = async (who: { browser: ReturnType<TestApp['client']>; board: string }, prefix: string, total: number) => {
    for (let done = 0; done < total; done += 50) {
      const res = await who.browser.post('BoardInviteResource', 'create', {
        board_id: who.board,
        emails: emails(`${prefix}${done}-`, Math.min(50, total - done)),
      });
      expect(res.status).toBe(200);
    }
  };

  it('counts mails, not calls: 50 emails in a call count 50, and a call that would go over is refused whole', async () => {
    const t = await setup();
    const spammer = await inviter(t, 'spammer');
    const invite = (list: string[]) => spammer.browser.post('BoardInviteResource', 'create', { board_id: spammer.board, emails: list });
    const share = LIMITS.inviteAccount.points;
    // Fewer calls than the share: each of 50 emails.
    await inviteMany(spammer, 'batch', share - 10);
    expect(await mails(t)).toBe(share - 10);
    // 11 more would go over: refused, nothing written or mailed.
    expectLimited(await invite(emails('over-', 11)), 144, LIMITS.inviteAccount.durationS);
    expect(await mails(t)).toBe(share - 10);
    expect(
      await t.db
        .selectFrom('board_email_invites')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow(),
    ).toEqual({ n: share - 10 });
    // The refused call counted nothing: the 10 left still go, then not one more.
    expect((await invite(emails('last-', 10))).status).toBe(200);
    expect(await mails(t)).toBe(share);
    expectLimited(await invite(['one.more@example.com']), 144, LIMITS.inviteAccount.durationS);
    // Inviting a member by id sends no mail and is not limited.
    const friend = await t.makeUser('friend');
    expect((await spammer.browser.post('BoardInviteResource', 'create', { board_id: spammer.board, invited_user_ids: [friend.id] })).status).toBe(200);
  });

  it('limits the mails from one address over every account using it', async () => {
    const t = await setup();
    let sent = 0;
    for (let a = 0; sent < LIMITS.inviteAddress.points - 10; a++) {
      const n = Math.min(LIMITS.inviteAccount.points, LIMITS.inviteAddress.points - 10 - sent);
      await inviteMany(await inviter(t, `sock${a}`), `s${a}-`, n);
      sent += n;
    }
    const next = await inviter(t, 'sockNext');
    expectLimited(
      await next.browser.post('BoardInviteResource', 'create', { board_id: next.board, emails: emails('next-', 11) }),
      144,
      LIMITS.inviteAddress.durationS,
    );
    // Refused by the address, the account's own share was given back: its 10 go.
    expect((await next.browser.post('BoardInviteResource', 'create', { board_id: next.board, emails: emails('next-', 10) })).status).toBe(200);
    expect(await mails(t)).toBe(LIMITS.inviteAddress.points);
    const elsewhere = await inviter(t, 'honest', NEIGHBOUR);
    expect((await elsewhere.browser.post('BoardInviteResource', 'create', { board_id: elsewhere.board, emails: emails('h-', 10) })).status).toBe(200);
  });
});

describe('a route takes only the limits it declares (lib/declare.ts, core/request-context.ts)', () => {
  const inRoute = <T>(limits: readonly string[], work: () => Promise<T>) =>
    withRequest('req-test-0001', () => {
      currentRequest()!.route = { label: 'POST /resource/SomeResource/create/', limits };
      return work();
    });

  it('refuses, outside production, a limit the request’s route does not name: the table of docs/security.md cannot drift', async () => {
    const t = await setup();
    const limits = limitsFor(t.deps);
    await expect(inRoute(['signupAddress'], () => limits.take('resetAddress', 'k1'))).rejects.toThrow(
      'POST /resource/SomeResource/create/ takes the limit resetAddress, which its declaration does not name',
    );
    await expect(inRoute(['signupAddress'], () => limits.check('loginAddress', 'k1'))).rejects.toThrow('takes the limit loginAddress');
    // What it names, it takes; outside a request (a job, a script) nothing is asked.
    await inRoute(['signupAddress'], () => limits.take('signupAddress', 'k1'));
    await limits.take('resetAddress', 'k1');
    expect((await limits.usage('signupAddress', 'k1')).used).toBe(1);
  });

  it('finds a fixed path’s declaration before a route for every name registered earlier (/offsite/ is not a username)', async () => {
    const t = await setup();
    const find = declarationFinder(honoSurface(t.app.routes), () => undefined);
    expect(declaredLimits(find('GET', '/offsite/')!)).toEqual(['offsitePinAddress', 'outboundSite', 'adEventsAddress']);
    expect(declaredLimits(find('GET', '/someone/')!)).toEqual([]);
  });
});

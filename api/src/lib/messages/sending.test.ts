import { describe, expect, it } from 'vitest';
import { outboxMessages, signUpWithEmail } from '../../auth/safety-helpers.js';
import { testApp, type Answer, type TestApp } from '../../testing.js';

/** What the product sends, asked through the app (createApp) as people and scripts ask it: every message through the one gate. */

const code = (res: Answer) => res.body.resource_response.error?.api_error_code;

/** Deactivates the account from its settings, then logs in again (which reactivates it): `times` rounds. */
async function deactivateAndLogInAgain(t: TestApp, email: string, password: string, times: number) {
  const browser = t.client();
  expect((await browser.logIn(email, password)).status).toBe(200);
  for (let i = 0; i < times; i++) {
    expect((await browser.post('AccountDeactivationResource', 'create', { password })).status).toBe(200);
    expect((await browser.logIn(email, password)).status).toBe(200);
  }
}

/** Addresses a mailer or a relay could read as another mailbox, or as several. */
const TRICKS = [
  'friend@example.com, victim@example.org',
  'friend,victim@example.org',
  'friend<victim@example.org>',
  'friends: victim@example.org, other@example.org;',
  'Friend <victim@example.org>',
  'friend(victim@example.org)@example.com',
  '"friend\r\nBcc: victim@example.org"@example.com',
  '=?utf-8?b?dmljdGlt?=@example.org',
  'victim%example.org@example.com',
];

describe('mail to an address nobody verified', () => {
  it('sends the stranger whose address a sign-up typed nothing but the one confirmation link, however often the account is deactivated', async () => {
    const t = await testApp();
    const password = 'Plum-Orchard-42';
    expect((await signUpWithEmail(t, 'stranger@example.org', t.client(), password)).status).toBe(200);
    await deactivateAndLogInAgain(t, 'stranger@example.org', password, 15);
    const mails = await outboxMessages(t, 'stranger@example.org');
    expect(mails.map((m) => m.subject)).toEqual(['Confirm your email for Corkboard']);
  });

  it('sends a verified owner one notice for a burst of the same change', async () => {
    const t = await testApp();
    const user = await t.makeUser('owner');
    await deactivateAndLogInAgain(t, user.email, user.password, 15);
    const mails = await outboxMessages(t, user.email);
    expect(mails.map((m) => m.subject)).toEqual(['Your Corkboard account is deactivated']);
  });
});

describe('notifications in the app', () => {
  it('folds a follow undone and done again into the one notification already in the list', async () => {
    const t = await testApp();
    const olive = await t.makeUser('olive');
    const stan = await t.makeUser('stan');
    const browser = t.client();
    await browser.logIn(stan.email, stan.password);
    for (let i = 0; i < 10; i++) {
      expect((await browser.post('UserFollowResource', 'create', { user_id: olive.id })).status).toBe(200);
      expect((await browser.post('UserFollowResource', 'delete', { user_id: olive.id })).status).toBe(200);
    }
    const reader = t.client();
    await reader.logIn(olive.email, olive.password);
    const list = (await reader.get('NotificationsResource', { page_size: 25 })).body.resource_response.data;
    expect(list.notifications.map((n: { kind: string; actor: { username: string } }) => [n.kind, n.actor.username])).toEqual([['new_follower', 'stan']]);
  });
});

describe('one mailbox, or a clear refusal', () => {
  it('refuses lists, groups, display names, comments and encoded addresses at sign-up, writing no account', async () => {
    const t = await testApp();
    for (const email of TRICKS) {
      const res = await signUpWithEmail(t, email);
      expect([res.status, code(res)], email).toEqual([400, 80]);
    }
    expect(await t.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await outboxMessages(t)).toEqual([]);
  });

  it('refuses them as a new email, leaving the account’s address as it was', async () => {
    const t = await testApp();
    const user = await t.makeUser('owner');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    for (const email of TRICKS) {
      const res = await browser.post('EmailChangeResource', 'create', { email, password: user.password });
      expect([res.status, code(res)], email).toEqual([400, 80]);
    }
    expect(await t.db.selectFrom('users').select(['email', 'pending_email']).where('id', '=', user.id).executeTakeFirstOrThrow()).toEqual({
      email: user.email,
      pending_email: null,
    });
    expect(await outboxMessages(t)).toEqual([]);
  });

  it('refuses them in board invites, business member invites and Pins sent by email, sending and writing nothing', async () => {
    const t = await testApp();
    const user = await t.makeUser('owner');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const board = await t.makeBoard(user.id, 'Kitchen');
    const pin = (await browser.post('PinResource', 'create', { board_id: board, link: 'https://example.com/tart', color: '#336699', title: 'Lemon tart' })).body
      .resource_response.data.id as string;
    const business = await browser.post('BusinessConvertResource', 'create', {
      business_name: 'Lemon Bakery',
      website_url: 'https://bakery.example/',
      country: 'US',
    });
    const advertiserId = business.body.resource_response.data.advertiser_id as string;
    for (const email of TRICKS) {
      for (const res of [
        await browser.post('BoardInviteResource', 'create', { board_id: board, emails: ['pal@example.com', email] }),
        await browser.post('AdvertiserMemberInviteResource', 'create', { advertiser_id: advertiserId, email, role: 'ADMIN' }),
        await browser.post('PinShareResource', 'create', { pin_id: pin, email }),
      ]) {
        expect([res.status, code(res)], email).toEqual([400, 1]);
        expect(res.body.resource_response.error?.message_detail ?? res.body.resource_response.error?.message).toMatch(/email/i);
      }
    }
    expect(await t.db.selectFrom('board_email_invites').select('email').execute()).toEqual([]);
    expect(await outboxMessages(t)).toEqual([]);
  });
});

describe('texts', () => {
  it('texts a number in E.164 whatever spelling each account typed it in', async () => {
    const t = await testApp();
    for (const [name, phone] of [
      ['first', '+1 (555) 000-1277'],
      ['second', '+1.555.000.1277'],
      ['third', '+15550001277'],
    ] as const) {
      const user = await t.makeUser(name);
      const browser = t.client();
      await browser.logIn(user.email, user.password);
      expect((await browser.post('TwoFactorResource', 'create', { method: 'sms', phone_number: phone })).status).toBe(200);
    }
    const texts = await t.db.selectFrom('outbox').select('to_address').where('channel', '=', 'sms').execute();
    expect(texts).toEqual([{ to_address: '+15550001277' }, { to_address: '+15550001277' }, { to_address: '+15550001277' }]);
    // Without its country code a number is not one phone: refused, not texted under a key of its own.
    const user = await t.makeUser('fourth');
    const browser = t.client();
    await browser.logIn(user.email, user.password);
    const res = await browser.post('TwoFactorResource', 'create', { method: 'sms', phone_number: '1 555 000 1277' });
    expect([res.status, code(res)]).toEqual([400, 314]);
    expect(await t.db.selectFrom('outbox').select('to_address').where('channel', '=', 'sms').execute()).toHaveLength(3);
  });
});

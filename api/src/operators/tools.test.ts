import { describe, expect, it } from 'vitest';
import { runAdvertiserAdmin } from './commands/advertisers.js';
import { runAdmin } from './commands/accounts.js';
import { outboxMessages } from '../auth/safety-helpers.js';
import { newId } from '../lib/ids.js';
import { type TestApp, testApp } from '../testing.js';

/** An operator made by the command line, logged in, with two-factor on and passed. */
async function operator(t: TestApp) {
  const user = await t.makeUser();
  await runAdmin(t.deps, ['operator', user.email]);
  const b = t.client();
  await b.logIn(user.email, user.password);
  await t.passMfa(user.id);
  return { user, b };
}
const rowsOf = (t: TestApp) => t.db.selectFrom('operator_actions').selectAll().orderBy('created_at').orderBy('id').execute();

describe('links and notices in the console', () => {
  it('block and clear a host and attach and remove a notice, each audited; bad input is refused and writes nothing', async () => {
    const t = await testApp();
    const { user: op, b } = await operator(t);
    const before = (await rowsOf(t)).length;
    for (const bad of [
      { host: 'not a host', status: 'blocked', reason: 'x' },
      { host: 'bad.example', status: 'evil', reason: 'x' },
      { host: 'bad.example', status: 'blocked', reason: ' ' },
      { host: 'bad.example', status: 'blocked' },
    ]) {
      const refused = await b.post('OperatorHostsResource', 'create', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.resource_response.error?.message).toBeTruthy();
    }
    expect(
      (await b.post('OperatorNoticesResource', 'create', { target_type: 'search', target: 'x', severity: 7, title: 't', description: 'd', reason: 'r' }))
        .status,
    ).toBe(400);
    expect(
      (
        await b.post('OperatorNoticesResource', 'create', {
          target_type: 'search',
          target: 'x',
          severity: 1,
          title: 't',
          description: 'd',
          link: 'javascript:alert(1)',
          reason: 'r',
        })
      ).status,
    ).toBe(400);
    expect((await b.post('OperatorHostsResource', 'delete', { host: 'never.example', reason: 'r' })).status).toBe(404);
    expect((await rowsOf(t)).length).toBe(before);
    expect(await t.db.selectFrom('offsite_hosts').selectAll().execute()).toEqual([]);

    const blocked = await b.post('OperatorHostsResource', 'create', { host: 'Phish.Example', status: 'blocked', reason: 'phishing kit' });
    expect(blocked.status).toBe(200);
    expect(blocked.body.resource_response.data.map((h: { host: string; status: string }) => [h.host, h.status])).toEqual([['phish.example', 'blocked']]);
    expect((await b.get('OperatorHostsResource', { query: 'phish' })).body.resource_response.data).toHaveLength(1);
    expect((await b.get('OperatorHostsResource', { query: '%' })).body.resource_response.data).toHaveLength(0);
    const notice = await b.post('OperatorNoticesResource', 'create', {
      target_type: 'search',
      target: '  Miracle   Cure ',
      severity: 0,
      title: 'Careful',
      description: 'Read the facts first.',
      link_text: 'facts',
      link: 'https://health.example/',
      reason: 'health misinformation',
    });
    expect(notice.status).toBe(200);
    expect(notice.body.resource_response.data[0]).toMatchObject({ target_type: 'search', target: 'miracle cure', severity: 0, title: 'Careful' });
    expect((await b.post('OperatorNoticesResource', 'delete', { target_type: 'search', target: 'miracle cure', reason: 'resolved' })).status).toBe(200);
    expect((await b.post('OperatorHostsResource', 'delete', { host: 'phish.example', reason: 'taken down' })).status).toBe(200);

    expect((await rowsOf(t)).slice(before).map((r) => [r.action, r.via, r.operator_id, r.subject_id, r.reason])).toEqual([
      ['offsite.set', 'console', op.id, 'phish.example', 'phishing kit'],
      ['notice.attach', 'console', op.id, 'miracle cure', 'health misinformation'],
      ['notice.remove', 'console', op.id, 'miracle cure', 'resolved'],
      ['offsite.clear', 'console', op.id, 'phish.example', 'taken down'],
    ]);
  });
});

describe('businesses in the console', () => {
  it('set quick promote’s reading and verify a merchant, audited; an unknown business is a clear 404', async () => {
    const t = await testApp();
    const { user: op, b } = await operator(t);
    const owner = await t.makeUser('shop_owner');
    const id = newId();
    await t.db.insertInto('advertisers').values({ id, owner_user_id: owner.id, name: 'Corner Shop', created_at: 1 }).execute();
    const found = await b.get('OperatorBusinessesResource', { query: 'corner' });
    expect(found.body.resource_response.data).toEqual([expect.objectContaining({ id, name: 'Corner Shop', owner_email: owner.email, merchant_id: null })]);
    expect((await b.post('OperatorBusinessesResource', 'update', { id: '123', action: 'merchant_verify', reason: 'r' })).status).toBe(404);
    expect((await b.post('OperatorBusinessesResource', 'update', { id, action: 'steps', steps: 'long', reason: 'r' })).status).toBe(400);
    const steps = await b.post('OperatorBusinessesResource', 'update', { id, action: 'steps', steps: 'short', reason: 'pilot' });
    expect(steps.body.resource_response.data.quick_promote_steps).toBe('short');
    const verified = await b.post('OperatorBusinessesResource', 'update', { id, action: 'merchant_verify', reason: 'documents checked' });
    expect(verified.body.resource_response.data.merchant_id).toMatch(/^\d+$/);
    expect((await rowsOf(t)).filter((r) => r.subject_kind === 'advertiser').map((r) => [r.action, r.operator_id, r.reason])).toEqual([
      ['business.quick_promote_steps', op.id, 'pilot'],
      ['business.merchant_verify', op.id, 'documents checked'],
    ]);
  });
});

describe('invitations in the console', () => {
  it('are refused while sign-up is not by invitation, and mailed and audited when it is', async () => {
    const closed = await testApp();
    const { b: cb } = await operator(closed);
    const off = await cb.post('OperatorInvitationsResource', 'create', { email: 'friend@example.com', reason: 'beta' });
    expect(off.status).toBe(404);
    expect(off.body.resource_response.error?.message).toMatch(/invitations/);
    expect((await rowsOf(closed)).filter((r) => r.action === 'invitation.send')).toEqual([]);

    const t = await testApp({ config: { signupMode: 'invite' } });
    const { user: op, b } = await operator(t);
    expect((await b.post('OperatorInvitationsResource', 'create', { email: 'not an email', reason: 'beta' })).status).toBe(400);
    const sent = await b.post('OperatorInvitationsResource', 'create', { email: 'Friend@Example.com', reason: 'beta tester' });
    expect(sent.status).toBe(200);
    expect((await outboxMessages(t)).map((m: { to_address: string }) => m.to_address)).toContain('friend@example.com');
    const list = await b.get('OperatorInvitationsResource', {});
    expect(list.body.resource_response.data).toMatchObject({ open: true, invitations: [{ email: 'friend@example.com', used_at: null }] });
    expect((await rowsOf(t)).filter((r) => r.action === 'invitation.send').map((r) => [r.operator_id, r.subject_id, r.reason])).toEqual([
      [op.id, 'friend@example.com', 'beta tester'],
    ]);
  });
});

describe('the command line', () => {
  it('writes the same audit log for hosts, notices, quick promote, merchants and invitations', async () => {
    const t = await testApp({ config: { signupMode: 'invite' } });
    const owner = await t.makeUser();
    const id = newId();
    await t.db.insertInto('advertisers').values({ id, owner_user_id: owner.id, name: 'Shop', created_at: 1 }).execute();
    for (const argv of [
      ['offsite-host', 'spam.example', 'suspicious'],
      ['offsite-host', 'spam.example', 'clear'],
      ['notice', 'search', 'diet pills', '1', 'Careful', 'Talk to a doctor.'],
      ['notice-clear', 'search', 'diet pills'],
      ['advertiser-steps', id, 'full'],
      ['merchant-verify', id],
    ]) {
      t.clock.advance(1000);
      await runAdvertiserAdmin(t.deps, argv);
    }
    t.clock.advance(1000);
    await runAdmin(t.deps, ['invite', 'pal@example.com']);
    expect((await rowsOf(t)).map((r) => [r.action, r.via, r.operator_id])).toEqual([
      ['offsite.set', 'cli', null],
      ['offsite.clear', 'cli', null],
      ['notice.attach', 'cli', null],
      ['notice.remove', 'cli', null],
      ['business.quick_promote_steps', 'cli', null],
      ['business.merchant_verify', 'cli', null],
      ['invitation.send', 'cli', null],
    ]);
  });
});

import * as OTPAuth from 'otpauth';
import { describe, expect, it } from 'vitest';
import { runAdmin } from './commands/accounts.js';
import { surface } from '../security.js';
import { type TestApp, testApp } from '../testing.js';
import { AUDIT_EXPORT_PATH } from './routes.js';
import { outboxMessages } from '../auth/safety-helpers.js';

/** The secret TestApp.passMfa gives an account. */
const SECRET = 'JBSWY3DPEHPK3PXP';
const code = (t: TestApp) => OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(SECRET), digits: 6, period: 30, timestamp: t.clock.now() });

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
const stateOf = async (t: TestApp, id: string) => (await t.db.selectFrom('users').select('state').where('id', '=', id).executeTakeFirstOrThrow()).state;
const liveSessions = async (t: TestApp, id: string) =>
  (await t.db.selectFrom('sessions').select('id').where('user_id', '=', id).where('revoked_at', 'is', null).execute()).length;

describe('people in the console', () => {
  it('are found by email, username or name; a pattern typed is letters, and an empty search is refused', async () => {
    const t = await testApp();
    const { b } = await operator(t);
    const target = await t.makeUser('findme_person');
    await t.makeUser('someone_else');
    for (const query of ['FINDME_PERSON@example', 'findme_per', 'findme_person']) {
      const found = await b.get('OperatorPeopleResource', { query });
      expect(found.status).toBe(200);
      expect(found.body.resource_response.data.map((p: { id: string }) => p.id)).toEqual([target.id]);
    }
    expect((await b.get('OperatorPeopleResource', { query: '%' })).body.resource_response.data).toEqual([]);
    const empty = await b.get('OperatorPeopleResource', { query: '  ' });
    expect(empty.status).toBe(400);
    expect(empty.body.resource_response.error?.message_detail).toMatch(/Type an email/);
    const person = await b.get('OperatorPersonResource', { id: target.id });
    expect(person.body.resource_response.data).toMatchObject({
      email: target.email,
      state: 'active',
      mfa: null,
      providers: [],
      businesses: 0,
      live_sessions: 0,
    });
    expect((await b.get('OperatorPersonResource', { id: 'nobody' })).status).toBe(404);
  });

  it('are suspended and reinstated with a fresh proof; a wrong or missing proof changes nothing and writes nothing', async () => {
    const t = await testApp();
    const { user: op, b } = await operator(t);
    const target = await t.makeUser();
    const theirs = t.client();
    await theirs.logIn(target.email, target.password);
    const before = (await rowsOf(t)).length;

    const tries = [
      [{ password: 'wrong password', code: code(t) }, 401, 'password_incorrect'],
      [{ password: op.password, code: '000000' }, 401, 'mfa_code_invalid'],
      [{ password: op.password }, 401, 'proof_required'],
      [{}, 401, 'proof_required'],
    ] as const;
    for (const [proof, status] of tries) {
      const refused = await b.post('OperatorPersonResource', 'update', { id: target.id, action: 'suspend', reason: 'spam', ...proof });
      expect(refused.status).toBe(status);
    }
    // Bad input: a clear error in the envelope, nothing written.
    for (const bad of [
      { id: target.id, action: 'explode', reason: 'x' },
      { id: target.id, action: 'suspend', reason: ' ' },
      { id: target.id, action: 'suspend' },
    ]) {
      const refused = await b.post('OperatorPersonResource', 'update', { ...bad, password: op.password, code: code(t) });
      expect(refused.status).toBe(400);
      expect(refused.body.resource_response.error?.message).toBeTruthy();
    }
    expect(await stateOf(t, target.id)).toBe('active');
    expect(await liveSessions(t, target.id)).toBe(1);
    expect((await rowsOf(t)).length).toBe(before);

    const suspended = await b.post('OperatorPersonResource', 'update', {
      id: target.id,
      action: 'suspend',
      reason: 'spam wave',
      password: op.password,
      code: code(t),
    });
    expect(suspended.status).toBe(200);
    expect(suspended.body.resource_response.data).toMatchObject({ state: 'suspended', live_sessions: 0 });
    expect((await theirs.get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');
    // A TOTP code is good once: the next action waits for the next step.
    t.clock.advance(30_000);
    const back = await b.post('OperatorPersonResource', 'update', {
      id: target.id,
      action: 'reinstate',
      reason: 'appeal upheld',
      password: op.password,
      code: code(t),
    });
    expect(back.status).toBe(200);
    expect(await stateOf(t, target.id)).toBe('active');

    const rows = (await rowsOf(t)).slice(before);
    expect(rows.map((r) => [r.action, r.via, r.operator_id, r.subject_id, r.reason])).toEqual([
      ['account.suspend', 'console', op.id, target.id, 'spam wave'],
      ['account.reinstate', 'console', op.id, target.id, 'appeal upheld'],
    ]);
  });

  it('reset two-factor, end sessions and mail a password reset through the auth services, each audited', async () => {
    const t = await testApp();
    const { user: op, b } = await operator(t);
    const target = await t.makeUser();
    const theirs = t.client();
    await theirs.logIn(target.email, target.password);
    await t.passMfa(target.id);
    const act = async (action: string, reason: string) => {
      t.clock.advance(30_000);
      return b.post('OperatorPersonResource', 'update', { id: target.id, action, reason, password: op.password, code: code(t) });
    };

    const reset = await act('reset_two_factor', 'lost phone, identity checked');
    expect(reset.status).toBe(200);
    expect(reset.body.resource_response.data).toMatchObject({ mfa: null, live_sessions: 0 });
    const row = await t.db.selectFrom('users').select(['mfa_method', 'totp_secret', 'security_epoch']).where('id', '=', target.id).executeTakeFirstOrThrow();
    expect([row.mfa_method, row.totp_secret]).toEqual([null, null]);
    expect((await theirs.get('ViewerResource')).body.resource_response.data.type).not.toBe('AUTH');

    await theirs.logIn(target.email, target.password);
    expect(await liveSessions(t, target.id)).toBe(1);
    expect((await act('end_sessions', 'stolen laptop')).status).toBe(200);
    expect(await liveSessions(t, target.id)).toBe(0);

    const mailed = await act('mail_password_reset', 'asked by support ticket 12');
    expect(mailed.status).toBe(200);
    const mail = await outboxMessages(t);
    expect(mail.filter((m: { to_address: string }) => m.to_address === target.email).map((m: { subject: string }) => m.subject)).toContain(
      'Reset your Corkboard password',
    );

    expect((await rowsOf(t)).slice(-3).map((r) => [r.action, r.operator_id, r.subject_id, r.reason])).toEqual([
      ['account.reset_two_factor', op.id, target.id, 'lost phone, identity checked'],
      ['account.end_sessions', op.id, target.id, 'stolen laptop'],
      ['account.mail_password_reset', op.id, target.id, 'asked by support ticket 12'],
    ]);
  });

  it('never act on the operator’s own account from the console (the last operator cannot lock everyone out)', async () => {
    const t = await testApp();
    const { user: op, b } = await operator(t);
    for (const action of ['suspend', 'deactivate', 'end_sessions'] as const) {
      const refused = await b.post('OperatorPersonResource', 'update', { id: op.id, action, reason: 'oops', password: op.password, code: code(t) });
      expect(refused.status).toBe(409);
      expect(refused.body.resource_response.error?.message).toMatch(/own account/);
    }
    expect(await stateOf(t, op.id)).toBe('active');
    expect((await rowsOf(t)).map((r) => r.action)).toEqual(['operator.grant']);
  });

  it('the command line changes accounts through the same service and writes the same audit log', async () => {
    const t = await testApp();
    const target = await t.makeUser();
    for (const command of [
      ['state', target.email, 'suspended'],
      ['state', target.email, 'active'],
      ['unlock', target.email],
    ]) {
      t.clock.advance(1000);
      await runAdmin(t.deps, command);
    }
    expect((await rowsOf(t)).map((r) => [r.action, r.via, r.operator_id])).toEqual([
      ['account.suspend', 'cli', null],
      ['account.reinstate', 'cli', null],
      ['account.unlock', 'cli', null],
    ]);
  });
});

describe('the audit log in the console', () => {
  it('is paged newest first, and its JSON-lines export holds the same rows', async () => {
    const t = await testApp();
    const { b } = await operator(t);
    const target = await t.makeUser();
    for (let i = 0; i < 3; i++) {
      t.clock.advance(1000);
      await runAdmin(t.deps, ['unlock', target.email]);
    }
    const first = await b.get('OperatorAuditResource', { limit: 2 });
    expect(first.status).toBe(200);
    const { entries, next } = first.body.resource_response.data;
    expect(entries.map((e: { action: string }) => e.action)).toEqual(['account.unlock', 'account.unlock']);
    const second = await b.get('OperatorAuditResource', { limit: 2, before: next });
    expect(
      second.body.resource_response.data.entries.map((e: { action: string; operator_username: string | null }) => [e.action, e.operator_username]),
    ).toEqual([
      ['account.unlock', null],
      ['operator.grant', null],
    ]);
    expect(second.body.resource_response.data.next).toBeNull();
    expect((await b.get('OperatorAuditResource', { before: 'not a cursor' })).status).toBe(400);
    // Filtered by who acted and on what: the command line's rows, the target's rows, an unknown operator's none.
    const byCli = await b.get('OperatorAuditResource', { operator: 'cli', subject: target.id });
    expect(byCli.body.resource_response.data.entries.map((e: { action: string }) => e.action)).toEqual(['account.unlock', 'account.unlock', 'account.unlock']);
    expect((await b.get('OperatorAuditResource', { operator: 'no_such_operator' })).body.resource_response.data.entries).toEqual([]);
    expect((await b.get('OperatorAuditResource', { subject: 'x'.repeat(300) })).status).toBe(400);

    const exported = await t.app.request(AUDIT_EXPORT_PATH, { headers: { cookie: b.cookie ?? '' } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/attachment/);
    const lines = (await exported.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const all = [...entries, ...second.body.resource_response.data.entries];
    expect(lines.map((l) => l.id)).toEqual(all.map((e: { id: string }) => e.id));
    expect(lines[0]).toMatchObject({ action: 'account.unlock', via: 'cli', subject_id: target.id });
  });
});

describe('every operator route', () => {
  it('answers 404 to a visitor, a member and an operator without two-factor passed: walked from the route table', async () => {
    const t = await testApp();
    const member = await t.makeUser();
    const mb = t.client();
    await mb.logIn(member.email, member.password);
    const unproven = await t.makeUser();
    await runAdmin(t.deps, ['operator', unproven.email]);
    const ub = t.client();
    await ub.logIn(unproven.email, unproven.password);
    const rows = surface(t.deps).filter((row) => row.declaration?.caller === 'operator');
    // The walk finds the console's routes: the pages, the people, the audit log and its export.
    expect(rows.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining([
        'GET /admin/',
        'GET /resource/OperatorPersonResource/get/',
        'POST /resource/OperatorPersonResource/update/',
        `GET ${AUDIT_EXPORT_PATH}`,
        'GET /resource/OperatorAuditResource/get/',
        'GET /resource/OperatorHostsResource/get/',
        'POST /resource/OperatorHostsResource/create/',
        'POST /resource/OperatorHostsResource/delete/',
        'GET /resource/OperatorNoticesResource/get/',
        'POST /resource/OperatorNoticesResource/create/',
        'POST /resource/OperatorNoticesResource/delete/',
        'GET /resource/OperatorBusinessesResource/get/',
        'POST /resource/OperatorBusinessesResource/update/',
        'GET /resource/OperatorInvitationsResource/get/',
        'POST /resource/OperatorInvitationsResource/create/',
      ]),
    );
    for (const row of rows) {
      const path = row.path.replace(/\*/g, 'anything').replace(/:[a-z_]+(\{[^}]*\})?/gi, 'x');
      for (const cookie of [undefined, mb.cookie, ub.cookie]) {
        const headers: Record<string, string> = { origin: t.deps.config.publicOrigin, 'content-type': 'application/json', ...(cookie && { cookie }) };
        const res =
          row.method === 'GET'
            ? await t.app.request(`${path}?data=${encodeURIComponent(JSON.stringify({ options: {} }))}`, { headers })
            : await t.app.request(path, { method: row.method, headers, body: JSON.stringify({ options: {} }) });
        expect([row.method, path, cookie ? 'session' : 'none', res.status]).toEqual([row.method, path, cookie ? 'session' : 'none', 404]);
      }
    }
    expect(await stateOf(t, member.id)).toBe('active');
  });
});

import { describe, expect, it } from 'vitest';
import { migrate } from '../db/migrate.js';
import { privatePostgres } from '../db/testing-postgres.js';
import { runAdmin } from './commands/accounts.js';
import type { Viewer } from '../deps.js';
import { admit, isOperator } from '../lib/declare.js';
import { ApiError } from '../lib/errors.js';
import { testApp } from '../testing.js';
import { auditLine, auditLog } from './audit.js';

const pg = await privatePostgres('cb_operator_audit', 'the audit log on Postgres');

describe('the operator role from the command line', () => {
  it('is granted and taken away by `operator` and `operator-off`, each written to the audit log', async () => {
    const t = await testApp();
    const user = await t.makeUser();
    expect(await runAdmin(t.deps, ['operator', user.email])).toMatch(/is an operator \(turn two-factor on/);
    expect((await t.deps.db.selectFrom('users').select('is_operator').where('email', '=', user.email).executeTakeFirstOrThrow()).is_operator).toBe(1);
    await runAdmin(t.deps, ['operator-off', user.email]);
    expect((await t.deps.db.selectFrom('users').select('is_operator').where('email', '=', user.email).executeTakeFirstOrThrow()).is_operator).toBe(0);
    const rows = await auditLog(t.deps.db, t.deps.clock).list({ limit: 10 });
    expect(rows.map((r) => [r.action, r.via, r.operator_id, r.subject_kind])).toEqual([
      ['operator.revoke', 'cli', null, 'user'],
      ['operator.grant', 'cli', null, 'user'],
    ]);
    expect(JSON.parse(auditLine(rows[0]!))).toMatchObject({ action: 'operator.revoke', via: 'cli' });
  });
});

describe('the audit log is append-only', () => {
  const attempts = async (db: Awaited<ReturnType<typeof testApp>>['deps']['db']) => {
    const t = await testApp({ db });
    await auditLog(db, t.deps.clock).record({ via: 'cli' }, { action: 'account.suspend', subjectKind: 'user', subjectId: 'u1', reason: 'spam' });
    await expect(db.updateTable('operator_actions').set({ reason: 'nothing' }).execute()).rejects.toThrow(/append-only/);
    await expect(db.deleteFrom('operator_actions').execute()).rejects.toThrow(/append-only/);
    expect((await db.selectFrom('operator_actions').select('reason').execute()).map((r) => r.reason)).toEqual(['spam']);
  };

  it('on SQLite', async () => {
    const t = await testApp();
    await attempts(t.deps.db);
  });

  it('on Postgres', async (ctx) => {
    if (!pg) return ctx.skip();
    const db = pg.connect();
    await migrate(db);
    await attempts(db);
  });
});

describe('the operator caller', () => {
  const viewer = (over: Partial<Viewer>): Viewer =>
    ({
      id: 'u',
      email: 'e',
      username: 'u',
      firstName: 'f',
      lastName: '',
      imageMediumUrl: null,
      sessionId: 's',
      sessionStartedAt: 0,
      loggedInAt: 0,
      emailVerified: true,
      mfaPassed: true,
      sessionLastUsedAt: null,
      isOperator: true,
      ...over,
    }) as Viewer;
  const refusal = (v: Viewer | null) => {
    try {
      admit({ caller: 'operator' }, v);
      return 'admitted';
    } catch (error) {
      return error instanceof ApiError ? error.errorName : 'other';
    }
  };

  it('admits only an operator whose session passed two-factor, and never through a personal access token', () => {
    expect(refusal(viewer({}))).toBe('admitted');
    expect(isOperator(viewer({}))).toBe(true);
    // Everyone else meets the same not-found a missing route gives.
    expect(refusal(null)).toBe('not_found');
    expect(refusal(viewer({ isOperator: false }))).toBe('not_found');
    expect(refusal(viewer({ mfaPassed: false }))).toBe('not_found');
    expect(refusal(viewer({ accessToken: { id: 't', scope: 'write' } }))).toBe('not_found');
  });
});

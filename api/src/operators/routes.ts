import { Hono } from 'hono';
import type { AppEnv, Deps } from '../deps.js';
import { declare, NO_LIMIT } from '../lib/declare.js';
import { ApiError } from '../lib/errors.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { proofService } from '../auth/credentials/proof.js';
import { authStore } from '../auth/store.js';
import { resetService } from '../auth/reset.js';
import { outgoingFor } from '../outbox/service.js';
import { type AuditRow, auditLine, auditLog } from './audit.js';
import { operatorsContract } from './contract.js';
import { operatorTools } from './tools.js';
import { operatorPeople } from './people.js';
/** The export reads the log this many rows at a time, so a long log is never one query's worth of memory at once. */
const EXPORT_CHUNK = 1000;
/** Where the audit log's JSON-lines export is downloaded: an operator's page address, so the session is read there. */
export const AUDIT_EXPORT_PATH = '/admin/audit/export.jsonl';

/** A page's cursor: the last row's time and id, so a page never repeats or skips a row written meanwhile. */
const cursorOf = (row: AuditRow) => `${row.created_at}.${row.id}`;

/**
 * The operator console's resources. Every one is caller 'operator' (lib/declare.ts): anyone else, a member
 * or an operator whose session has not passed two-factor, gets the 404 a missing route gets.
 */
export function operatorResources(deps: Deps) {
  const { prove } = proofService(deps, outgoingFor(deps).sms);
  const reset = resetService(deps, outgoingFor(deps).mailer);
  const people = operatorPeople(deps, (user) => reset.sendLink(user, 'reset'));
  const store = authStore(deps.db);
  const log = auditLog(deps.db, deps.clock);
  const tools = operatorTools(deps);
  const fromConsole = (viewer: { id: string }) => ({ via: 'console' as const, operatorId: viewer.id });
  const hostRows = async (query = '') => (await tools.hosts.list(query)).map((h) => ({ ...h, created_at: Number(h.created_at) }));
  const noticeRows = async (query = '') =>
    (await tools.notices.list(query)).map((n) => ({
      target_type: n.target_type,
      target: n.target,
      severity: Number(n.severity),
      advisory_type: n.advisory_type,
      title: String((JSON.parse(n.notice) as { title?: string }).title ?? ''),
      created_at: Number(n.created_at),
    }));
  const businessOf = async (id: string) => {
    const found = (await tools.businesses.list(id)).find((b) => b.id === id);
    if (!found) throw new ApiError('advertiser_not_found');
    return found;
  };
  const invitationRows = async () =>
    (await tools.invitations.list()).map((i) => ({
      ...i,
      created_at: Number(i.created_at),
      expires_at: Number(i.expires_at),
      used_at: i.used_at === null ? null : Number(i.used_at),
    }));

  const withUsernames = async (rows: AuditRow[]) => {
    const ids = [...new Set(rows.map((r) => r.operator_id).filter((id): id is string => id !== null))];
    const names = new Map(
      ids.length ? (await deps.db.selectFrom('users').select(['id', 'username']).where('id', 'in', ids).execute()).map((u) => [u.id, u.username]) : [],
    );
    return rows.map((row) => ({
      ...row,
      via: row.via as 'console' | 'cli',
      created_at: Number(row.created_at),
      operator_username: row.operator_id ? (names.get(row.operator_id) ?? null) : null,
      detail: row.detail === null ? null : (JSON.parse(row.detail) as Record<string, unknown>),
    }));
  };

  return {
    OperatorPeopleResource: {
      // Bounded: at most SEARCH_LIMIT accounts a search, a query of at most 100 characters, and API turns.
      get: action({
        ...operatorsContract.OperatorPeopleResource.get,
        caller: 'operator',
        limit: NO_LIMIT.read,
        run: (o) => people.search(o.query),
      }),
    },
    OperatorPersonResource: {
      get: action({ ...operatorsContract.OperatorPersonResource.get, caller: 'operator', limit: NO_LIMIT.read, run: (o) => people.person(o.id) }),
      // A change to an account: the operator's fresh proof first (wrong ones count against the operator's
      // own account, as every security setting's do), then the change and its audit row together.
      update: action({
        ...operatorsContract.OperatorPersonResource.update,
        caller: 'operator',
        limit: 'securityAccount',
        policy: 'an operator with a fresh proof (password and current second factor), never on their own account',
        errors: ['password_incorrect', 'proof_required', 'mfa_code_invalid', 'operator_own_account', 'security_attempts_limited'],
        async run(o, { viewer }) {
          if (o.id === viewer.id) throw new ApiError('operator_own_account');
          const self = await store.findUserById(viewer.id);
          if (!self) throw new ApiError('not_found');
          await prove(viewer, self, { password: o.password, code: o.code });
          await people.act({ via: 'console', operatorId: viewer.id }, o.id, o.action, o.reason);
          return people.person(o.id);
        },
      }),
    },
    // Links & notices, businesses and invitations: changes to the product's lists, not to an account, so a
    // reason (kept in the audit log) and the operator's two-factor session, without a fresh proof each time.
    OperatorHostsResource: {
      get: action({ ...operatorsContract.OperatorHostsResource.get, caller: 'operator', limit: NO_LIMIT.read, run: (o) => hostRows(o.query) }),
      create: action({
        ...operatorsContract.OperatorHostsResource.create,
        caller: 'operator',
        limit: NO_LIMIT.write,
        async run(o, { viewer }) {
          await tools.hosts.set(fromConsole(viewer), o.host, o.status, o.reason);
          return hostRows();
        },
      }),
      delete: action({
        ...operatorsContract.OperatorHostsResource.delete,
        caller: 'operator',
        limit: NO_LIMIT.write,
        errors: ['not_found'],
        async run(o, { viewer }) {
          await tools.hosts.clear(fromConsole(viewer), o.host, o.reason);
          return hostRows();
        },
      }),
    },
    OperatorNoticesResource: {
      get: action({ ...operatorsContract.OperatorNoticesResource.get, caller: 'operator', limit: NO_LIMIT.read, run: (o) => noticeRows(o.query) }),
      create: action({
        ...operatorsContract.OperatorNoticesResource.create,
        caller: 'operator',
        limit: NO_LIMIT.write,
        async run(o, { viewer }) {
          await tools.notices.attach(
            fromConsole(viewer),
            {
              targetType: o.target_type,
              target: o.target,
              severity: o.severity as 0 | 1 | 2,
              title: o.title,
              description: o.description,
              linkText: o.link_text,
              link: o.link,
              actionText: o.action_text,
              actionLink: o.action_link,
            },
            o.reason,
          );
          return noticeRows();
        },
      }),
      delete: action({
        ...operatorsContract.OperatorNoticesResource.delete,
        caller: 'operator',
        limit: NO_LIMIT.write,
        errors: ['not_found'],
        async run(o, { viewer }) {
          await tools.notices.remove(fromConsole(viewer), o.target_type, o.target, o.reason);
          return noticeRows();
        },
      }),
    },
    OperatorBusinessesResource: {
      get: action({
        ...operatorsContract.OperatorBusinessesResource.get,
        caller: 'operator',
        limit: NO_LIMIT.read,
        run: async (o) => (o.query ? tools.businesses.list(o.query) : []),
      }),
      update: action({
        ...operatorsContract.OperatorBusinessesResource.update,
        caller: 'operator',
        limit: NO_LIMIT.write,
        errors: ['advertiser_not_found'],
        async run(o, { viewer }) {
          if (o.action === 'steps') await tools.businesses.setSteps(fromConsole(viewer), o.id, o.steps === 'default' ? null : o.steps, o.reason);
          else await tools.businesses.verifyMerchant(fromConsole(viewer), o.id, o.reason);
          return businessOf(o.id);
        },
      }),
    },
    OperatorInvitationsResource: {
      get: action({
        ...operatorsContract.OperatorInvitationsResource.get,
        caller: 'operator',
        limit: NO_LIMIT.read,
        run: async () => ({ open: deps.config.signupMode === 'invite', invitations: await invitationRows() }),
      }),
      create: action({
        ...operatorsContract.OperatorInvitationsResource.create,
        caller: 'operator',
        limit: NO_LIMIT.write,
        errors: ['invitations_off', 'email_invalid'],
        async run(o, { viewer }) {
          const sent = await tools.invitations.invite(fromConsole(viewer), outgoingFor(deps).mailer, o.email, o.reason);
          return { email: sent.email };
        },
      }),
    },
    OperatorAuditResource: {
      get: action({
        ...operatorsContract.OperatorAuditResource.get,
        caller: 'operator',
        limit: NO_LIMIT.read,
        async run(o) {
          let operator: { id: string } | 'cli' | undefined;
          if (o.operator === 'cli') operator = 'cli';
          else if (o.operator) {
            const found = await deps.db.selectFrom('users').select('id').where('username', '=', o.operator.toLowerCase()).executeTakeFirst();
            // An operator no one has: no rows, not every row.
            if (!found) return { entries: [], next: null };
            operator = { id: found.id };
          }
          const rows = await log.list({ limit: o.limit + 1, before: o.before, operator, subject: o.subject ? { id: o.subject } : undefined });
          const page = rows.slice(0, o.limit);
          return { entries: await withUsernames(page), next: rows.length > o.limit ? cursorOf(page[page.length - 1]!) : null };
        },
      }),
    },
  } satisfies ResourceRegistry;
}

/** The audit log as JSON lines, newest first: a download for an operator (the same 404 for anyone else). */
export function operatorRoutes(deps: Deps) {
  const routes = new Hono<AppEnv>();
  routes.get(AUDIT_EXPORT_PATH, declare({ caller: 'operator', limit: NO_LIMIT.read, body: 0 }), async (c) => {
    const log = auditLog(deps.db, deps.clock);
    const lines: string[] = [];
    let before: { createdAt: number; id: string } | undefined;
    for (;;) {
      const rows = await log.list({ limit: EXPORT_CHUNK, before });
      for (const row of rows) lines.push(auditLine(row));
      if (rows.length < EXPORT_CHUNK) break;
      const last = rows[rows.length - 1]!;
      before = { createdAt: Number(last.created_at), id: last.id };
    }
    c.header('Content-Type', 'application/x-ndjson; charset=utf-8');
    c.header('Content-Disposition', 'attachment; filename="operator-audit.jsonl"');
    c.header('Cache-Control', 'no-store');
    return c.body(lines.map((line) => `${line}\n`).join(''));
  });
  return routes;
}

import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { auditLog } from '../operators/audit.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { policyStore } from '../policy/store.js';
import type { appealBody, decideBody, reportBody } from './contract.js';
import { reportsStore } from './store.js';

/**
 * Reports and the operators' decisions on them. A report only ever adds a row to the queue: nothing is
 * hidden until an operator decides, so a wave of reports (new accounts, a script) acts on nothing by itself;
 * it only moves the object up the queue.
 */
export function reportsService(deps: Pick<Deps, 'db' | 'clock'>) {
  const { db, clock } = deps;
  const store = reportsStore(db);
  const policy = policyStore(db);

  /** The object as its reporter may see it, or not found: nobody reports what they cannot see. */
  const seen = async (actorId: string | null, kind: 'pin' | 'board' | 'user', id: string) => {
    if (kind === 'pin') await policy.pin(actorId, id, 'view');
    else if (kind === 'board') await policy.board(actorId, id, 'view');
    else await policy.profile(actorId, { id }, 'view');
  };

  return {
    /** `reporterKey`: the account, or for a visitor its hashed address. */
    async report(reporter: { id: string | null; key: string }, body: z.output<typeof reportBody>) {
      await seen(reporter.id, body.object_kind, body.object_id);
      const created = await store.add({ id: newId(), kind: 'report', objectKind: body.object_kind, objectId: body.object_id, reporterId: reporter.id, reporterKey: reporter.key, reason: body.reason, note: body.note || null, now: clock.now() });
      return { created };
    },

    /** The owner of a hidden or removed pin or board asks once for another look: it lands in the queue. */
    async appeal(ownerId: string, body: z.output<typeof appealBody>) {
      const table = body.object_kind === 'pin' ? 'pins' : 'boards';
      const owner = body.object_kind === 'pin' ? 'pinner_id' : 'owner_id';
      const row = await db.selectFrom(table).select(['hidden', 'appealed_at']).where('id', '=', body.object_id).where(owner, '=', ownerId).executeTakeFirst();
      if (!row || row.hidden === null) throw new ApiError(body.object_kind === 'pin' ? 'pin_not_found' : 'board_not_found');
      if (row.appealed_at !== null) throw new ApiError('invalid_input', 'You have already appealed this decision.');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable(table).set({ appealed_at: clock.now() }).where('id', '=', body.object_id).execute();
        await reportsStore(trx).add({ id: newId(), kind: 'appeal', objectKind: body.object_kind, objectId: body.object_id, reporterId: ownerId, reporterKey: ownerId, reason: 'appeal', note: body.note || null, now: clock.now() });
      });
      return { appealed: true as const };
    },

    async queue(limit = 50) {
      const rows = await store.queue(limit);
      return {
        items: await Promise.all(
          rows.map(async (r) => {
            const shown = await shownAs(r.object_kind, r.object_id);
            const reasons = (await store.reasonsOf(r.object_kind, r.object_id)).map((x) => x.reason);
            return { object_kind: r.object_kind, object_id: r.object_id, open_reports: Number(r.open_reports), appeals: Number(r.appeals), newest_at: Number(r.newest_at), reasons, ...shown };
          }),
        ),
      };
    },

    /** Closes every open report on the object, applies the decision and writes the audit row, in one transaction. */
    async decide(operatorId: string, body: z.output<typeof decideBody>) {
      if (body.object_kind === 'user' && body.decision !== 'dismiss') throw new ApiError('invalid_input', 'decision: An account is warned or suspended from its page in People.');
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('reports')
          .set({ state: 'closed', decision: body.decision, decided_at: now })
          .where('state', '=', 'open')
          .where('object_kind', '=', body.object_kind)
          .where('object_id', '=', body.object_id)
          .executeTakeFirst();
        const n = Number(closed.numUpdatedRows);
        if (n === 0) throw new ApiError('not_found', 'There is no open report on this.');
        if (body.object_kind !== 'user') {
          const table = body.object_kind === 'pin' ? 'pins' : 'boards';
          const hidden = body.decision === 'dismiss' ? null : body.decision === 'hide' ? 'hidden' : 'removed';
          // Dismissing an appeal keeps the object hidden; dismissing reports on a shown object changes nothing.
          if (hidden !== null) await trx.updateTable(table).set({ hidden, hidden_reason: body.reason }).where('id', '=', body.object_id).execute();
        }
        await auditLog(trx, clock).record(
          { via: 'console', operatorId },
          { action: `report.${body.decision}`, subjectKind: body.object_kind, subjectId: body.object_id, reason: body.reason, detail: { closed_reports: n } },
        );
        return { closed: n };
      });
    },
  };

  async function shownAs(kind: string, id: string) {
    if (kind === 'pin') {
      const r = await db.selectFrom('pins').innerJoin('users', 'users.id', 'pins.pinner_id').select(['pins.title', 'pins.description', 'users.username', 'pins.hidden']).where('pins.id', '=', id).executeTakeFirst();
      return { title: r ? r.title || r.description || '' : null, owner_username: r?.username ?? null, hidden: r?.hidden ?? null };
    }
    if (kind === 'board') {
      const r = await db.selectFrom('boards').innerJoin('users', 'users.id', 'boards.owner_id').select(['boards.name', 'users.username', 'boards.hidden']).where('boards.id', '=', id).executeTakeFirst();
      return { title: r?.name ?? null, owner_username: r?.username ?? null, hidden: r?.hidden ?? null };
    }
    const r = await db.selectFrom('users').select(['username']).where('id', '=', id).executeTakeFirst();
    return { title: r?.username ?? null, owner_username: r?.username ?? null, hidden: null };
  }
}

export type ReportsService = ReturnType<typeof reportsService>;

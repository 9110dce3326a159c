import type { z } from 'zod';
import type { Deps } from '../deps.js';
import { auditLog } from '../operators/audit.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { policyStore } from '../policy/store.js';
import type { appealBody, decideBody, hideBody, reportBody } from './contract.js';
import { operatorPeople } from '../operators/people.js';
import type { NotificationsService } from '../notifications/service.js';
import type { ModerationKind } from '../notifications/rules.js';
import { renditionUrl } from '../images/service.js';
import { reportsStore } from './store.js';

/**
 * Reports and the operators' decisions on them. A report only ever adds a row to the queue: nothing is
 * hidden until an operator decides, so a wave of reports (new accounts, a script) acts on nothing by itself;
 * it only moves the object up the queue.
 */
export function reportsService(deps: Deps, notifications: Pick<NotificationsService, 'fromService'>) {
  const { db, clock, config } = deps;
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
      const created = await store.add({
        id: newId(),
        kind: 'report',
        objectKind: body.object_kind,
        objectId: body.object_id,
        reporterId: reporter.id,
        reporterKey: reporter.key,
        reason: body.reason,
        note: body.note || null,
        now: clock.now(),
      });
      return { created };
    },

    /** The owner of a hidden or removed pin or board asks once for another look: it lands in the queue. */
    async appeal(ownerId: string, body: z.output<typeof appealBody>) {
      const table = body.object_kind === 'pin' ? 'pins' : 'boards';
      const owner = body.object_kind === 'pin' ? 'pinner_id' : 'owner_id';
      const row = await db.selectFrom(table).select(['hidden', 'appealed_at']).where('id', '=', body.object_id).where(owner, '=', ownerId).executeTakeFirst();
      if (!row || row.hidden === null) throw new ApiError(body.object_kind === 'pin' ? 'pin_not_found' : 'board_not_found');
      if (row.appealed_at !== null) throw new ApiError('appeal_used');
      await db.transaction().execute(async (trx) => {
        await trx.updateTable(table).set({ appealed_at: clock.now() }).where('id', '=', body.object_id).execute();
        await reportsStore(trx).add({
          id: newId(),
          kind: 'appeal',
          objectKind: body.object_kind,
          objectId: body.object_id,
          reporterId: ownerId,
          reporterKey: ownerId,
          reason: 'appeal',
          note: body.note || null,
          now: clock.now(),
        });
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
            const notes = (await store.notesOf(r.object_kind, r.object_id)).map((x) => ({
              kind: x.kind,
              reason: x.reason,
              note: x.note,
              created_at: Number(x.created_at),
            }));
            return {
              object_kind: r.object_kind,
              object_id: r.object_id,
              open_reports: Number(r.open_reports),
              appeals: Number(r.appeals),
              newest_at: Number(r.newest_at),
              reasons,
              notes,
              ...shown,
            };
          }),
        ),
      };
    },

    /**
     * An operator's decision on an object: closes every open report and appeal on it, applies the decision,
     * writes the audit row and tells each reporter and the owner, all in one transaction. Suspend changes the
     * owner's account exactly as People's suspend does (operators/people.ts, its own audit row) first; the
     * route has asked the operator's fresh proof before.
     */
    async decide(operatorId: string, body: Pick<z.output<typeof decideBody>, 'object_kind' | 'object_id' | 'decision' | 'reason'>) {
      const { object_kind: kind, object_id: id, decision } = body;
      if (kind === 'user' && (decision === 'hide' || decision === 'remove' || decision === 'restore')) throw new ApiError('decision_not_for_object');
      const open = await store.openOn(kind, id);
      if (open.length === 0) throw new ApiError('report_decided');
      const owner = await ownerOf(kind, id);
      if ((decision === 'warn' || decision === 'suspend') && owner === null) throw new ApiError('not_found', 'Its owner no longer has an account.');
      if (decision === 'suspend') {
        if (owner === operatorId) throw new ApiError('operator_own_account');
        await operatorPeople(deps).act({ via: 'console', operatorId }, owner!, 'suspend', body.reason);
      }
      const now = clock.now();
      return db.transaction().execute(async (trx) => {
        const closed = await trx
          .updateTable('reports')
          .set({ state: 'closed', decision, decided_at: now })
          .where('state', '=', 'open')
          .where('object_kind', '=', kind)
          .where('object_id', '=', id)
          .executeTakeFirst();
        const n = Number(closed.numUpdatedRows);
        // Another operator decided meanwhile: theirs stands, nothing more is written.
        if (n === 0) throw new ApiError('report_decided');
        const hidden = decision === 'hide' ? 'hidden' : decision === 'remove' ? 'removed' : null;
        // Dismissing an appeal keeps the object hidden; dismissing reports on a shown object changes nothing.
        if (hidden !== null && kind !== 'user') {
          await trx
            .updateTable(kind === 'pin' ? 'pins' : 'boards')
            .set({ hidden, hidden_reason: body.reason })
            .where('id', '=', id)
            .execute();
        }
        // An appeal upheld: shown again to everyone; the appeal stays used.
        if (decision === 'restore' && kind !== 'user')
          await trx
            .updateTable(kind === 'pin' ? 'pins' : 'boards')
            .set({ hidden: null, hidden_reason: null })
            .where('id', '=', id)
            .execute();
        await auditLog(trx, clock).record(
          { via: 'console', operatorId },
          { action: `report.${decision}`, subjectKind: kind, subjectId: id, reason: body.reason, detail: { closed_reports: n } },
        );
        const about = { pinId: kind === 'pin' ? id : null, boardId: kind === 'board' ? id : null };
        const ownerKind: ModerationKind | null =
          decision === 'hide'
            ? 'moderation_hidden'
            : decision === 'remove'
              ? 'moderation_removed'
              : decision === 'warn'
                ? 'moderation_warned'
                : decision === 'restore'
                  ? 'moderation_restored'
                  : null;
        const told = ownerKind !== null && owner !== null ? [{ kind: ownerKind, recipientId: owner, ...about, note: body.reason }] : [];
        // Each reporter (and an appealing owner) hears that it was reviewed; never what others reported, nor who decided.
        const reviewed = open.map((r) => r.reporter_id).filter((r): r is string => r !== null && !told.some((t) => t.recipientId === r));
        await notifications.fromService(trx, [...told, ...reviewed.map((recipientId) => ({ kind: 'report_reviewed' as const, recipientId }))]);
        return { closed: n };
      });
    },

    /** "Hide it from my view": only a member who reported the pin or board, only for themselves. */
    async hideForReporter(viewerId: string, body: z.output<typeof hideBody>) {
      const result = await db
        .updateTable('reports')
        .set({ hidden_for_reporter: 1 })
        .where('reporter_id', '=', viewerId)
        .where('kind', '=', 'report')
        .where('object_kind', '=', body.object_kind)
        .where('object_id', '=', body.object_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) throw new ApiError('not_found', 'Report it first: only what you reported is hidden from your view.');
      return { hidden: true as const };
    },
  };

  /** Who is told of a decision and who a suspend acts on: the pinner, the board's owner, the account; null when gone. */
  async function ownerOf(kind: 'pin' | 'board' | 'user', id: string): Promise<string | null> {
    if (kind === 'pin') return (await db.selectFrom('pins').select('pinner_id as owner').where('id', '=', id).executeTakeFirst())?.owner ?? null;
    if (kind === 'board') return (await db.selectFrom('boards').select('owner_id as owner').where('id', '=', id).executeTakeFirst())?.owner ?? null;
    return (await db.selectFrom('users').select('id as owner').where('id', '=', id).executeTakeFirst())?.owner ?? null;
  }

  async function shownAs(kind: string, id: string) {
    if (kind === 'pin') {
      const r = await db
        .selectFrom('pins')
        .innerJoin('users', 'users.id', 'pins.pinner_id')
        .select(['pins.title', 'pins.description', 'pins.image_id', 'users.username', 'pins.hidden'])
        .where('pins.id', '=', id)
        .executeTakeFirst();
      const image = r?.image_id ? renditionUrl(config.publicOrigin, r.image_id, '236x') : null;
      return {
        title: r ? r.title || r.description || '' : null,
        image_url: image,
        owner_username: r?.username ?? null,
        hidden: r?.hidden ?? null,
        url: r ? `/pin/${id}/` : null,
      };
    }
    if (kind === 'board') {
      const r = await db
        .selectFrom('boards')
        .innerJoin('users', 'users.id', 'boards.owner_id')
        .select(['boards.name', 'boards.slug', 'users.username', 'boards.hidden'])
        .where('boards.id', '=', id)
        .executeTakeFirst();
      return {
        title: r?.name ?? null,
        image_url: null,
        owner_username: r?.username ?? null,
        hidden: r?.hidden ?? null,
        url: r ? `/${r.username}/${r.slug}/` : null,
      };
    }
    const r = await db.selectFrom('users').select(['username']).where('id', '=', id).executeTakeFirst();
    return { title: r?.username ?? null, image_url: null, owner_username: r?.username ?? null, hidden: null, url: r ? `/${r.username}/` : null };
  }
}

export type ReportsService = ReturnType<typeof reportsService>;

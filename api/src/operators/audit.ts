import type { Kysely } from 'kysely';
import type { Database, OperatorActionsTable } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { newId } from '../lib/ids.js';

/**
 * An audit row's id sorts in the order the rows were written: its time, then a count this process keeps,
 * then a random tail for rows of other processes in the same millisecond. The log reads newest first by it.
 */
let written = 0;
const auditId = (now: number) => `${String(now).padStart(15, '0')}-${String(written++ % 1_000_000).padStart(6, '0')}-${newId().slice(-6)}`;

/** Who did an operator action: an operator's account in the console, or the command line. */
export type Actor = { via: 'console'; operatorId: string } | { via: 'cli' };

export interface OperatorAction {
  action: string;
  subjectKind: string;
  subjectId: string;
  reason?: string | null;
  detail?: Record<string, unknown> | null;
}

export type AuditRow = OperatorActionsTable;

/**
 * The audit log: every operator action, from the console or the command line, is written here in the
 * same transaction as the change it records (pass the transaction as `db`), so there is no change without
 * its record. Append-only: the table's triggers refuse updates and deletes (migration 0051).
 */
export function auditLog(db: Kysely<Database>, clock: Clock) {
  return {
    async record(actor: Actor, what: OperatorAction): Promise<void> {
      const now = clock.now();
      await db
        .insertInto('operator_actions')
        .values({
          id: auditId(now),
          operator_id: actor.via === 'console' ? actor.operatorId : null,
          via: actor.via,
          action: what.action,
          subject_kind: what.subjectKind,
          subject_id: what.subjectId,
          reason: what.reason ?? null,
          detail: what.detail ? JSON.stringify(what.detail) : null,
          created_at: now,
        })
        .execute();
    },

    /** Newest first, a page at a time: `before` is the last row of the previous page. */
    list(page: { limit: number; before?: { createdAt: number; id: string }; subject?: { kind?: string; id: string }; operator?: { id: string } | 'cli' }) {
      let q = db.selectFrom('operator_actions').selectAll();
      if (page.subject?.kind) q = q.where('subject_kind', '=', page.subject.kind);
      if (page.subject) q = q.where('subject_id', '=', page.subject.id);
      if (page.operator === 'cli') q = q.where('via', '=', 'cli');
      else if (page.operator) q = q.where('operator_id', '=', page.operator.id);
      if (page.before) {
        const { createdAt, id } = page.before;
        q = q.where((eb) => eb.or([eb('created_at', '<', createdAt), eb.and([eb('created_at', '=', createdAt), eb('id', '<', id)])]));
      }
      return q.orderBy('created_at', 'desc').orderBy('id', 'desc').limit(page.limit).execute();
    },
  };
}

/** One audit row as a line of the JSON-lines export. */
export const auditLine = (row: AuditRow): string =>
  JSON.stringify({ ...row, created_at: new Date(Number(row.created_at)).toISOString(), detail: row.detail === null ? null : JSON.parse(row.detail) });

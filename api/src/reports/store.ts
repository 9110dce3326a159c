import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** The queries of reports and the moderation columns (migration 0052). */
export function reportsStore(db: Kysely<Database>) {
  return {
    /** One per reporter per object: a second is a no-op. Answers whether a row was written. */
    async add(row: {
      id: string;
      kind: 'report' | 'appeal';
      objectKind: 'pin' | 'board' | 'user';
      objectId: string;
      reporterId: string | null;
      reporterKey: string;
      reason: string;
      note: string | null;
      now: number;
    }) {
      const result = await db
        .insertInto('reports')
        .values({
          id: row.id,
          kind: row.kind,
          object_kind: row.objectKind,
          object_id: row.objectId,
          reporter_id: row.reporterId,
          reporter_key: row.reporterKey,
          reason: row.reason,
          note: row.note,
          created_at: row.now,
          decided_at: null,
          decision: null,
        })
        .onConflict((oc) => oc.columns(['object_kind', 'object_id', 'reporter_key', 'kind']).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },

    /** The queue: objects with open reports, most-reported then newest first. */
    queue(limit: number) {
      // Read from the queue the triggers keep (migration 0060): one index walk, however many reports are open.
      return db
        .selectFrom('report_queue')
        .select(['object_kind', 'object_id', 'open_reports', 'appeals', 'newest_at'])
        .orderBy('total', 'desc')
        .orderBy('newest_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The open rows on an object: who is told when it is decided. */
    openOn(objectKind: string, objectId: string) {
      return db
        .selectFrom('reports')
        .select(['reporter_id', 'kind'])
        .where('state', '=', 'open')
        .where('object_kind', '=', objectKind as 'pin')
        .where('object_id', '=', objectId)
        .execute();
    },

    /** The newest open reports' and appeals' reasons and notes on an object, a bounded handful for the queue. */
    notesOf(objectKind: string, objectId: string) {
      return db
        .selectFrom('reports')
        .select(['kind', 'reason', 'note', 'created_at'])
        .where('state', '=', 'open')
        .where('object_kind', '=', objectKind as 'pin')
        .where('object_id', '=', objectId)
        .orderBy('created_at', 'desc')
        .limit(10)
        .execute();
    },

    reasonsOf(objectKind: string, objectId: string) {
      return db
        .selectFrom('reports')
        .select('reason')
        .distinct()
        .where('state', '=', 'open')
        .where('object_kind', '=', objectKind as 'pin')
        .where('object_id', '=', objectId)
        .execute();
    },
  };
}

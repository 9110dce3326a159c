import type { Kysely } from 'kysely';
import type { Database, OutboxTable } from '../db/schema.js';

export function outboxStore(db: Kysely<Database>) {
  return {
    async insert(message: OutboxTable) {
      await db.insertInto('outbox').values(message).execute();
    },
    latest(limit: number) {
      return db.selectFrom('outbox').selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').limit(limit).execute();
    },
  };
}

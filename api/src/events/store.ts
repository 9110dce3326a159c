import type { Insertable, Kysely } from 'kysely';
import type { ClientEventsTable, Database } from '../db/schema.js';

export function eventsStore(db: Kysely<Database>) {
  return {
    async insert(event: Insertable<ClientEventsTable>) {
      await db.insertInto('client_events').values(event).execute();
    },
  };
}

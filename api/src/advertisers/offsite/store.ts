import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';

/** The operator's block list of hosts for the offsite link check. */
export function offsiteStore(db: Kysely<Database>) {
  return {
    statusesOf: async (hosts: string[]) =>
      hosts.length ? (await db.selectFrom('offsite_hosts').select('status').where('host', 'in', hosts).execute()).map((r) => r.status) : [],
    set: (host: string, status: string, now: number) =>
      db
        .insertInto('offsite_hosts')
        .values({ host, status, created_at: now })
        .onConflict((oc) => oc.column('host').doUpdateSet({ status, created_at: now }))
        .execute(),
    clear: (host: string) => db.deleteFrom('offsite_hosts').where('host', '=', host).executeTakeFirst(),
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function advertisersStore(db: Kysely<Database>) {
  return {
    find(advertiserId: string) {
      return db.selectFrom('advertisers').selectAll().where('id', '=', advertiserId).executeTakeFirst();
    },
    async isMember(advertiserId: string, userId: string): Promise<boolean> {
      const row = await db.selectFrom('advertiser_members').select('user_id').where('advertiser_id', '=', advertiserId).where('user_id', '=', userId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export function usersStore(db: Kysely<Database>) {
  return {
    settings(userId: string) {
      return db
        .selectFrom('users')
        .select(['connected_to_instagram', 'listed_website_url', 'is_partner', 'birthday'])
        .where('id', '=', userId)
        .executeTakeFirst();
    },

    officialUserOf(domain: string) {
      return db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url'])
        .where('verified_domain', '=', domain)
        .executeTakeFirst();
    },

    async follows(followerId: string, followeeId: string): Promise<boolean> {
      const row = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
      return row !== undefined;
    },

    /** The creator card's follower count (advertiser.md section 3). */
    async followerCount(userId: string): Promise<number> {
      const row = await db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where('followee_id', '=', userId).executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

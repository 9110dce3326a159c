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

    /** A profile's header: the user and their counts (followers, following). */
    async profile(username: string) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url', 'pin_count'])
        .where('username', '=', username)
        .executeTakeFirst();
      if (!user) return undefined;
      const count = (column: 'follower_id' | 'followee_id') =>
        db.selectFrom('follows').select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', user.id).executeTakeFirstOrThrow();
      const [followers, following] = await Promise.all([count('followee_id'), count('follower_id')]);
      return { ...user, follower_count: Number(followers.n), following_count: Number(following.n) };
    },

    async follows(followerId: string, followeeId: string): Promise<boolean> {
      const row = await db.selectFrom('follows').select('followee_id').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).executeTakeFirst();
      return row !== undefined;
    },
  };
}

import { pinCountOf } from '../counts/store.js';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { accountShown } from '../policy/rules.js';
import { shownAccount } from '../policy/sql.js';
import { olderThan, type Bookmark } from '../lib/bookmark.js';

/** Which of a user's follows of people: who follows them, or whom they follow. */
export type FollowSide = 'followers' | 'following';

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
      return (
        db
          .selectFrom('users')
          .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url'])
          .where('verified_domain', '=', domain)
          // A suspended or deactivated account gets no creator card (policy/rules.ts profileRule).
          .where((eb) => shownAccount(eb, 'users.state'))
          .executeTakeFirst()
      );
    },

    /** A profile's header: the user and their counts (followers, following). */
    async profile(username: string) {
      const user = await db
        .selectFrom('users')
        .select(['id', 'username', 'first_name', 'last_name', 'image_medium_url', 'state', 'about', 'listed_website_url', 'verified_domain'])
        .select(pinCountOf('user_pins').as('pin_count'))
        .where('username', '=', username)
        .executeTakeFirst();
      // A suspended or deactivated account's profile answers as a missing one's (policy/rules.ts).
      if (!user || !accountShown(user.state)) return undefined;
      const count = (column: 'follower_id' | 'followee_id') =>
        db
          .selectFrom('follows')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where(column, '=', user.id)
          .executeTakeFirstOrThrow();
      // Following counts people and the boards followed, as the following page lists them.
      // The boards counted are the ones the following page lists (feed/store.ts listFollowedBoards): those anyone may see.
      const boards = db
        .selectFrom('board_follows')
        .innerJoin('boards', 'boards.id', 'board_follows.board_id')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('board_follows.follower_id', '=', user.id)
        .where('boards.privacy', '=', 'public')
        .where('boards.archived_at', 'is', null)
        .where((eb) => shownAccount(eb, 'owner.state'))
        .executeTakeFirstOrThrow();
      const [followers, following, followedBoards] = await Promise.all([count('followee_id'), count('follower_id'), boards]);
      return { ...user, follower_count: Number(followers.n), following_count: Number(following.n) + Number(followedBoards.n) };
    },

    /** A follow; following again changes nothing (the primary key is the pair). */
    /** Whether this made a new follow (following again is no change, and no news). */
    async follow(followerId: string, followeeId: string, at: number): Promise<boolean> {
      const rows = await db
        .insertInto('follows')
        .values({ follower_id: followerId, followee_id: followeeId, created_at: at })
        .onConflict((oc) => oc.columns(['follower_id', 'followee_id']).doNothing())
        .returning('follower_id')
        .execute();
      return rows.length > 0;
    },

    async unfollow(followerId: string, followeeId: string) {
      await db.deleteFrom('follows').where('follower_id', '=', followerId).where('followee_id', '=', followeeId).execute();
    },

    /**
     * A page of a user's follows of people, newest follow first: their `followers`, or the people they are
     * `following`; `id` is the other person's (the keyset's tie-break).
     */
    listFollows(side: FollowSide, userId: string, after: Bookmark | null, limit: number) {
      const [own, other] =
        side === 'followers' ? (['follows.followee_id', 'follows.follower_id'] as const) : (['follows.follower_id', 'follows.followee_id'] as const);
      let query = db
        .selectFrom('follows')
        .innerJoin('users', 'users.id', other)
        .select(['users.id as id', 'users.username', 'users.first_name', 'users.last_name', 'users.image_medium_url', 'follows.created_at'])
        .where(own, '=', userId)
        // A suspended or deactivated person is not listed (policy/rules.ts profileRule).
        .where((eb) => shownAccount(eb, 'users.state'));
      if (after) query = query.where((eb) => olderThan(eb, 'follows.created_at', other, after));
      return query.orderBy('follows.created_at', 'desc').orderBy(other, 'desc').limit(limit).execute();
    },

    async follows(followerId: string, followeeId: string): Promise<boolean> {
      const row = await db
        .selectFrom('follows')
        .select('followee_id')
        .where('follower_id', '=', followerId)
        .where('followee_id', '=', followeeId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The creator card's follower count. */
    async followerCount(userId: string): Promise<number> {
      const row = await db
        .selectFrom('follows')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('followee_id', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

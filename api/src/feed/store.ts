import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notHidden, shownAccount } from '../policy/sql.js';
import { olderThan, type Bookmark } from '../lib/bookmark.js';

/**
 * Following boards and the home feed (issue 28): the only code that touches board_follows, and the
 * feed's statement. Follows of people are users/store.ts's (the table `follows`, listFollows); the feed reads them.
 */
export function feedStore(db: Kysely<Database>) {
  return {
    /** Following again changes nothing (the primary key is the pair). */
    async followBoard(followerId: string, boardId: string, at: number) {
      await db.insertInto('board_follows').values({ follower_id: followerId, board_id: boardId, created_at: at }).onConflict((oc) => oc.columns(['follower_id', 'board_id']).doNothing()).execute();
    },

    async unfollowBoard(followerId: string, boardId: string) {
      await db.deleteFrom('board_follows').where('follower_id', '=', followerId).where('board_id', '=', boardId).execute();
    },

    async followsBoard(followerId: string, boardId: string): Promise<boolean> {
      return (await db.selectFrom('board_follows').select('board_id').where('follower_id', '=', followerId).where('board_id', '=', boardId).executeTakeFirst()) !== undefined;
    },

    async boardFollowerCount(boardId: string): Promise<number> {
      const row = await db
        .selectFrom('board_follows')
        .innerJoin('users', 'users.id', 'board_follows.follower_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('board_follows.board_id', '=', boardId)
        .where((eb) => shownAccount(eb, 'users.state'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** How many boards a user follows that anyone may see (what listFollowedBoards lists). */
    async followedBoardCount(followerId: string): Promise<number> {
      const row = await db
        .selectFrom('board_follows')
        .innerJoin('boards', 'boards.id', 'board_follows.board_id')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('board_follows.follower_id', '=', followerId)
        .where('boards.privacy', '=', 'public')
        .where('boards.archived_at', 'is', null)
        .where((eb) => shownAccount(eb, 'owner.state'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * A page of the home feed, newest pin first: pins (not the viewer's own) on public boards, not
     * archived, of shown owners and pinners (the policy's rule in SQL, policy/sql.ts), whose owner the
     * viewer follows or which the viewer follows.
     */
    feedPage(viewerId: string, after: Bookmark | null, limit: number) {
      let query = db
        .selectFrom('pins')
        .innerJoin('boards', 'boards.id', 'pins.board_id')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .innerJoin('users as pinner', 'pinner.id', 'pins.pinner_id')
        .select(['pins.id as id', 'pins.created_at as created_at'])
        .where('boards.privacy', '=', 'public')
        .where('boards.archived_at', 'is', null)
        .where((eb) => shownAccount(eb, 'owner.state'))
        .where((eb) => shownAccount(eb, 'pinner.state'))
        .where((eb) => notHidden(eb, 'pins.hidden'))
        .where((eb) => notHidden(eb, 'boards.hidden'))
        .where('pins.pinner_id', '<>', viewerId)
        .where((eb) =>
          eb.or([
            eb('boards.owner_id', 'in', eb.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', viewerId)),
            eb('boards.id', 'in', eb.selectFrom('board_follows').select('board_follows.board_id').where('board_follows.follower_id', '=', viewerId)),
          ]),
        );
      if (after) query = query.where((eb) => olderThan(eb, 'pins.created_at', 'pins.id', after));
      return query.orderBy('pins.created_at', 'desc').orderBy('pins.id', 'desc').limit(limit).execute();
    },

    /**
     * A page of the boards a user follows, newest follow first: only boards anyone may see (public, not
     * archived, of a shown owner), so a list on a profile never shows a secret board's name.
     */
    listFollowedBoards(followerId: string, after: Bookmark | null, limit: number) {
      let query = db
        .selectFrom('board_follows')
        .innerJoin('boards', 'boards.id', 'board_follows.board_id')
        .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
        .select(['boards.id as id', 'boards.name', 'boards.slug', 'boards.image_cover_url', 'owner.username as owner_username', 'board_follows.created_at'])
        .where('board_follows.follower_id', '=', followerId)
        .where('boards.privacy', '=', 'public')
        .where('boards.archived_at', 'is', null)
        .where((eb) => shownAccount(eb, 'owner.state'));
      if (after) query = query.where((eb) => olderThan(eb, 'board_follows.created_at', 'board_follows.board_id', after));
      return query.orderBy('board_follows.created_at', 'desc').orderBy('board_follows.board_id', 'desc').limit(limit).execute();
    },
  };
}

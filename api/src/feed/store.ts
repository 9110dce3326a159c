import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { notHidden, notHiddenByReader, shownAccount } from '../policy/sql.js';
import { olderThan, type Bookmark } from '../lib/bookmark.js';

/**
 * Following boards and the home feed: the only code that touches board_follows, and the
 * feed's statement. Follows of people are users/store.ts's (the table `follows`, listFollows); the feed reads them.
 */
export function feedStore(db: Kysely<Database>) {
  return {
    /** Following again changes nothing (the primary key is the pair). */
    async followBoard(followerId: string, boardId: string, at: number) {
      await db
        .insertInto('board_follows')
        .values({ follower_id: followerId, board_id: boardId, created_at: at })
        .onConflict((oc) => oc.columns(['follower_id', 'board_id']).doNothing())
        .execute();
    },

    async unfollowBoard(followerId: string, boardId: string) {
      await db.deleteFrom('board_follows').where('follower_id', '=', followerId).where('board_id', '=', boardId).execute();
    },

    async followsBoard(followerId: string, boardId: string): Promise<boolean> {
      return (
        (await db.selectFrom('board_follows').select('board_id').where('follower_id', '=', followerId).where('board_id', '=', boardId).executeTakeFirst()) !==
        undefined
      );
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

    /**
     * A page of the home feed, newest pin first: pins (not the viewer's own) on public boards, not
     * archived, of shown owners and pinners (the policy's rule in SQL, policy/sql.ts), whose owner the
     * viewer follows or which the viewer follows.
     *
     * Read from the viewer's rows of feed_items (filled as pins and follows are written, migration 0057),
     * newest first down their primary key, each row held to the whole rule above: a page costs the same at
     * 10 and at 10,000 followed, and on the hundredth page as on the first (gathering and sorting every pin
     * of every followed board, as the feed did, grew with both). (created_at, pin id) is unique per reader,
     * so the bookmark pages exactly.
     */
    async feedPage(viewerId: string, after: Bookmark | null, limit: number) {
      const page: Array<{ id: string; created_at: number }> = [];
      // The reader's next rows by the key alone (an index range), then those of them the rule keeps; again
      // from the last row read while the page is short and rows are left. A batch bounds what one
      // statement reads (and keeps SQLite's planner from scanning the joined tables to build filters).
      const batch = Math.max(limit * 2, 50);
      for (let from = after; ; ) {
        let keys = db.selectFrom('feed_items').select(['feed_items.created_at', 'feed_items.pin_id']).where('feed_items.reader_id', '=', viewerId);
        // Also a range on created_at, so the walk down the key starts at the bookmark.
        if (from)
          keys = keys
            .where('feed_items.created_at', '<=', from.createdAt)
            .where((eb) => olderThan(eb, 'feed_items.created_at', 'feed_items.pin_id', from as Bookmark));
        const read = await keys.orderBy('feed_items.created_at', 'desc').orderBy('feed_items.pin_id', 'desc').limit(batch).execute();
        if (!read.length) return page;
        const kept = await db
          .selectFrom('pins')
          .innerJoin('boards', 'boards.id', 'pins.board_id')
          .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
          .innerJoin('users as pinner', 'pinner.id', 'pins.pinner_id')
          .select('pins.id')
          .where(
            'pins.id',
            'in',
            read.map((r) => r.pin_id),
          )
          .where((eb) => inHomeFeed(eb, viewerId))
          .execute();
        const shown = new Set(kept.map((r) => r.id));
        for (const row of read) {
          if (shown.has(row.pin_id)) page.push({ id: row.pin_id, created_at: Number(row.created_at) });
          if (page.length === limit) return page;
        }
        if (read.length < batch) return page;
        const last = read.at(-1)!;
        from = { createdAt: Number(last.created_at), id: last.pin_id };
      }
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

type FeedRow = ExpressionBuilder<Database & { owner: Database['users']; pinner: Database['users'] }, 'pins' | 'boards' | 'owner' | 'pinner'>;

/**
 * Whether a pin belongs in a viewer's home feed: the feed's whole rule in one place (a new condition on
 * pins, boards or accounts goes here). Public, not archived, its owner and pinner shown, not the viewer's
 * own, and the board's owner or the board followed, each asked by primary key for this row (a list of
 * everything followed would be built per page and grow with it).
 */
function inHomeFeed(eb: FeedRow, viewerId: string) {
  return eb.and([
    eb('boards.privacy', '=', 'public'),
    eb('boards.archived_at', 'is', null),
    shownAccount(eb, 'owner.state'),
    shownAccount(eb, 'pinner.state'),
    notHidden(eb, 'pins.hidden'),
    notHidden(eb, 'boards.hidden'),
    notHiddenByReader(eb, viewerId, 'pin', 'pins.id'),
    notHiddenByReader(eb, viewerId, 'board', 'boards.id'),
    eb('pins.pinner_id', '<>', viewerId),
    eb.or([
      eb.exists(
        eb
          .selectFrom('follows')
          .select('follows.followee_id')
          .where('follows.follower_id', '=', viewerId)
          .whereRef('follows.followee_id', '=', 'boards.owner_id'),
      ),
      eb.exists(
        eb
          .selectFrom('board_follows')
          .select('board_follows.board_id')
          .where('board_follows.follower_id', '=', viewerId)
          .whereRef('board_follows.board_id', '=', 'boards.id'),
      ),
    ]),
  ]);
}

import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { shownAccount } from '../policy/sql.js';
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
     *
     * A merge of the followed boards' newest pins, so a page costs about the same at 10 and at 10,000
     * followed and on the hundredth page as on the first (the statement it replaces gathered and sorted
     * every pin of every followed board). First each visible followed board's newest shown pin past the
     * bookmark, one walk down the board's index each; the `limit` boards whose such pin is newest are the
     * only ones that can hold a pin of the page (a pin on any other board has `limit` newer pins, one on
     * each of those boards, above it). Then at most `limit` pins of each of those boards, through the same
     * index, merged and cut to `limit`. (created_at, id) is unique, so the order and the pages are exact.
     */
    async feedPage(viewerId: string, after: Bookmark | null, limit: number) {
      const heads = await db
        .selectFrom((eb) =>
          followedBoards(eb, viewerId)
            .select((inner) => shownPins(inner.selectFrom('pins'), viewerId, after).where('pins.board_id', '=', sql.ref<string>('boards.id')).select('pins.id').orderBy('pins.created_at', 'desc').orderBy('pins.id', 'desc').limit(1).as('head_id'))
            .as('heads'),
        )
        .innerJoin('pins as head', 'head.id', 'heads.head_id')
        .select('heads.board_id')
        .orderBy('head.created_at', 'desc')
        .orderBy('head.id', 'desc')
        .limit(limit)
        .execute();
      if (!heads.length) return [];
      const newestOf = (boardId: string) =>
        db.selectFrom(shownPins(db.selectFrom('pins'), viewerId, after).where('pins.board_id', '=', boardId).select(['pins.id as id', 'pins.created_at as created_at']).orderBy('pins.created_at', 'desc').orderBy('pins.id', 'desc').limit(limit).as('newest')).select(['newest.id', 'newest.created_at']);
      const [first, ...rest] = heads.map((h) => newestOf(h.board_id));
      const merged = rest.reduce((union, part) => union.unionAll(part), first!);
      return db.selectFrom(merged.as('merged')).select(['merged.id', 'merged.created_at']).orderBy('merged.created_at', 'desc').orderBy('merged.id', 'desc').limit(limit).execute();
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

/**
 * The boards whose pins a viewer's home feed shows, as `board_id`: public, not archived, of a shown owner,
 * and owned by someone the viewer follows or followed themselves. With shownPins, the feed's whole rule:
 * a condition on boards goes here, one on pins there.
 */
function followedBoards(eb: ExpressionBuilder<Database, never>, viewerId: string) {
  return eb
    .selectFrom('boards')
    .innerJoin('users as owner', 'owner.id', 'boards.owner_id')
    .select('boards.id as board_id')
    .where('boards.privacy', '=', 'public')
    .where('boards.archived_at', 'is', null)
    .where((b) => shownAccount(b, 'owner.state'))
    .where((b) =>
      b.or([
        b('boards.owner_id', 'in', b.selectFrom('follows').select('follows.followee_id').where('follows.follower_id', '=', viewerId)),
        b('boards.id', 'in', b.selectFrom('board_follows').select('board_follows.board_id').where('board_follows.follower_id', '=', viewerId)),
      ]),
    );
}

/**
 * The pins of a followed board the home feed shows, past the bookmark: not the viewer's own, by a shown
 * pinner. The bookmark is written as a range on created_at as well, so the walk down the board's index
 * (board_id, created_at) starts at the bookmark instead of at the board's newest pin.
 */
function shownPins<O>(query: SelectQueryBuilder<Database, 'pins', O>, viewerId: string, after: Bookmark | null) {
  let q = query
    .innerJoin('users as pinner', 'pinner.id', 'pins.pinner_id')
    .where('pins.pinner_id', '<>', viewerId)
    .where((eb) => shownAccount(eb, 'pinner.state'));
  if (after) q = q.where('pins.created_at', '<=', after.createdAt).where((eb) => olderThan(eb, 'pins.created_at', 'pins.id', after));
  return q;
}

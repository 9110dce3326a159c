import type { Deps, Viewer } from '../deps.js';
import { FEED_END, pageOf, readBookmark } from '../lib/bookmark.js';
import { policyStore } from '../policy/store.js';
import { pinsStore } from '../pins/store.js';
import { pinJson } from '../pins/service.js';
import { followPeoplePage } from '../users/service.js';
import { feedStore } from './store.js';

interface Page {
  page_size: number;
  bookmark?: string | undefined;
}

/**
 * Following: a board followed as a person is, the home feed of the newest pins on public
 * boards of the people and boards the viewer follows, and the following lists. Who may follow what is
 * the policy's (boardRule 'follow', profileRule).
 */
export function feedService({ db, config, clock }: Deps) {
  const store = feedStore(db);
  const policy = policyStore(db);
  const pins = pinsStore(db);

  const boardState = async (viewer: Viewer | null, boardId: string) => ({
    board_id: boardId,
    followedByMe: viewer !== null && (await store.followsBoard(viewer.id, boardId)),
    follower_count: await store.boardFollowerCount(boardId),
  });

  return {
    /** BoardFollowResource get: whether the viewer follows a board they see, and its follower count. */
    async board(viewer: Viewer | null, boardId: string) {
      const board = await policy.board(viewer?.id ?? null, boardId, 'view');
      return { ...(await boardState(viewer, board.id)), is_owner: viewer?.id === board.owner_id };
    },

    /** BoardFollowResource create: following again is no change; one's own board is refused (follow_own_board). */
    async followBoard(viewer: Viewer, boardId: string) {
      const board = await policy.board(viewer.id, boardId, 'follow');
      await store.followBoard(viewer.id, board.id, clock.now());
      return boardState(viewer, board.id);
    },

    /** BoardFollowResource delete: unfollowing a board not followed is no change. */
    async unfollowBoard(viewer: Viewer, boardId: string) {
      const board = await policy.board(viewer.id, boardId, 'view');
      await store.unfollowBoard(viewer.id, board.id);
      return boardState(viewer, board.id);
    },

    /** HomeFeedResource get: newest first, a page at a time (keyset bookmarks, lib/bookmark.ts). */
    async home(viewer: Viewer, input: Page) {
      if (input.bookmark === FEED_END) return { pins: [], bookmark: FEED_END };
      const rows = await store.feedPage(viewer.id, readBookmark(input.bookmark), input.page_size + 1);
      const { page, bookmark } = pageOf(rows, input.page_size);
      const details = new Map((await pins.pinDetails(page.map((r) => r.id))).map((row) => [row.id, row]));
      return { pins: page.flatMap((r) => (details.has(r.id) ? [pinJson(config.publicOrigin, details.get(r.id)!)] : [])), bookmark };
    },

    /** UserFollowingResource get: the people a profile follows, newest follow first. */
    async followingPeople(viewer: Viewer | null, input: Page & { username: string }) {
      const user = await policy.profile(viewer?.id ?? null, { username: input.username }, 'view');
      return followPeoplePage(db, viewer, user.id, 'following', input);
    },

    /** UserFollowedBoardsResource get: the public boards a profile follows, newest follow first. */
    async followingBoards(viewer: Viewer | null, input: Page & { username: string }) {
      const user = await policy.profile(viewer?.id ?? null, { username: input.username }, 'view');
      if (input.bookmark === FEED_END) return { boards: [], bookmark: FEED_END };
      const rows = await store.listFollowedBoards(user.id, readBookmark(input.bookmark), input.page_size + 1);
      const { page, bookmark } = pageOf(rows, input.page_size);
      return {
        boards: page.map((row) => ({
          id: row.id,
          name: row.name,
          url: `/${row.owner_username}/${row.slug}/`,
          image_cover_url: row.image_cover_url,
          owner: { username: row.owner_username },
        })),
        bookmark,
      };
    },
  };
}

export type FeedService = ReturnType<typeof feedService>;

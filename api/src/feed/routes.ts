import { z } from 'zod';
import { NO_LIMIT } from '../lib/declare.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { id } from '../lib/validation.js';
import { bookmarkOption } from '../lib/bookmark.js';
import { usernamePart } from '../boards/routes.js';
import { FOLLOWERS_PAGE_SIZE } from '../users/routes.js';
import type { FeedService } from './service.js';

/** saving.md section 9: board page size 25 (the feed shows pins as a board page does). */
const FEED_PAGE_SIZE = 25;

const page = (size: number) => ({ page_size: z.number().int().min(1).max(size).default(size), bookmark: bookmarkOption });

/** Following boards, the home feed and the following lists (issue 28). */
export function feedResources(feed: FeedService) {
  return {
    BoardFollowResource: {
      get: legacyAction({ caller: 'visitor', limit: NO_LIMIT.read, policy: 'boardRule view', options: z.object({ board_id: id }), run: (o, { viewer }) => feed.board(viewer, o.board_id) }),
      create: legacyAction({ caller: 'user', limit: NO_LIMIT.write, policy: 'boardRule follow', options: z.object({ board_id: id }), run: (o, { viewer }) => feed.followBoard(viewer, o.board_id) }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, policy: 'boardRule view', options: z.object({ board_id: id }), run: (o, { viewer }) => feed.unfollowBoard(viewer, o.board_id) }),
    },
    HomeFeedResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object(page(FEED_PAGE_SIZE)), run: (o, { viewer }) => feed.home(viewer, o) }),
    },
    UserFollowingResource: {
      get: legacyAction({
        caller: 'visitor', limit: NO_LIMIT.read, policy: 'profileRule view',
        options: z.object({ username: usernamePart, ...page(FOLLOWERS_PAGE_SIZE) }),
        run: (o, { viewer }) => feed.followingPeople(viewer, o),
      }),
    },
    UserFollowedBoardsResource: {
      get: legacyAction({
        caller: 'visitor', limit: NO_LIMIT.read, policy: 'profileRule view',
        options: z.object({ username: usernamePart, ...page(FOLLOWERS_PAGE_SIZE) }),
        run: (o, { viewer }) => feed.followingBoards(viewer, o),
      }),
    },
  } satisfies ResourceRegistry;
}

import { NO_LIMIT } from '../lib/declare.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { feedContract } from './contract.js';
import type { FeedService } from './service.js';

/** Following boards, the home feed and the following lists. */
export function feedResources(feed: FeedService) {
  return {
    BoardFollowResource: {
      get: action({
        ...feedContract.BoardFollowResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        policy: 'boardRule view',
        run: (o, { viewer }) => feed.board(viewer, o.board_id),
      }),
      create: action({
        ...feedContract.BoardFollowResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        policy: 'boardRule follow',
        run: (o, { viewer }) => feed.followBoard(viewer, o.board_id),
      }),
      delete: action({
        ...feedContract.BoardFollowResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        policy: 'boardRule view',
        run: (o, { viewer }) => feed.unfollowBoard(viewer, o.board_id),
      }),
    },
    HomeFeedResource: {
      get: action({ ...feedContract.HomeFeedResource.get, caller: 'user', limit: NO_LIMIT.read, run: (o, { viewer }) => feed.home(viewer, o) }),
    },
    UserFollowingResource: {
      get: action({
        ...feedContract.UserFollowingResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        policy: 'profileRule view',
        run: (o, { viewer }) => feed.followingPeople(viewer, o),
      }),
    },
    UserFollowedBoardsResource: {
      get: action({
        ...feedContract.UserFollowedBoardsResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        policy: 'profileRule view',
        run: (o, { viewer }) => feed.followingBoards(viewer, o),
      }),
    },
  } satisfies ResourceRegistry;
}

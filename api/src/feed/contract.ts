import type { FeedService } from './service.js';
import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { pinAnswer } from '../pins/contract.js';
import { followPeopleAnswer } from '../users/contract.js';
import { id } from '../lib/validation.js';
import { usernamePart } from '../boards/contract.js';
import { FOLLOWERS_PAGE_SIZE } from '../users/contract.js';
import { bookmarkOption } from '../lib/bookmark.js';

/** Board page size 25 (the feed shows pins as a board page does). */
export const FEED_PAGE_SIZE = 25;

export const page = (size: number) => ({ page_size: z.number().int().min(1).max(size).default(size), bookmark: bookmarkOption });

/** The following feed's answers, as the contract. */
/**
 * The web app's types of these answers: inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type BoardFollowAnswer = z.infer<typeof feedContract.BoardFollowResource.get.answer>;
export type FollowingPeopleAnswer = z.infer<typeof followPeopleAnswer>;
export type FollowingBoardsAnswer = z.infer<typeof feedContract.UserFollowedBoardsResource.get.answer>;
export type HomeFeedAnswer = Awaited<ReturnType<FeedService['home']>>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const feedContract = {
  BoardFollowResource: {
    get: {
      options: z.object({ board_id: id }),
      answer: z.object({ is_owner: z.boolean(), board_id: z.string(), followedByMe: z.boolean(), follower_count: z.number() }),
    },
    create: { options: z.object({ board_id: id }), answer: z.object({ board_id: z.string(), followedByMe: z.boolean(), follower_count: z.number() }) },
    delete: { options: z.object({ board_id: id }), answer: z.object({ board_id: z.string(), followedByMe: z.boolean(), follower_count: z.number() }) },
  },
  HomeFeedResource: {
    get: { options: z.object(page(FEED_PAGE_SIZE)), answer: z.object({ pins: z.array(pinAnswer), bookmark: z.string() }) },
  },
  UserFollowingResource: {
    get: { options: z.object({ username: usernamePart, ...page(FOLLOWERS_PAGE_SIZE) }), answer: followPeopleAnswer },
  },
  UserFollowedBoardsResource: {
    get: {
      options: z.object({ username: usernamePart, ...page(FOLLOWERS_PAGE_SIZE) }),
      answer: z.object({
        boards: z.array(
          z.object({
            id: z.string(),
            name: z.string(),
            url: z.string(),
            image_cover_url: z.string().nullable(),
            owner: z.object({ username: z.string() }),
          }),
        ),
        bookmark: z.string(),
      }),
    },
  },
} satisfies ContractTable;

import type { FeedService } from './service.js';

/** The following feed's answers (issue 28), as the contract of issue 26. */
/**
 * Answers not yet written as zod schemas (issue 26): typed by what the service returns. Type-only imports,
 * so the contract stays pure at run time and the web app reads its types here, never in a service.
 */
export type BoardFollowAnswer = Awaited<ReturnType<FeedService['board']>>;
export type FollowingPeopleAnswer = Awaited<ReturnType<FeedService['followingPeople']>>;
export type FollowingBoardsAnswer = Awaited<ReturnType<FeedService['followingBoards']>>;
export type HomeFeedAnswer = Awaited<ReturnType<FeedService['home']>>;

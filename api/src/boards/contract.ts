import { z } from 'zod';
import type { BoardsService } from './service.js';

/**
 * A profile's boards (saving.md section 7, BoardsResource get), as the contract (issue 26): pure zod, the
 * types inferred. A board row is open (`loose`): the picker's fields come with it.
 */
export const profileBoard = z
  .object({
    id: z.string(),
    name: z.string(),
    privacy: z.string(),
    is_collaborative: z.boolean(),
    collaborating_users: z.array(z.object({ id: z.string() }).loose()),
    collaborator_count: z.number().int(),
  })
  .loose();

export const profileBoardsAnswer = z.object({ boards: z.array(profileBoard), bookmark: z.string().nullable() });
export type ProfileBoardsAnswer = z.infer<typeof profileBoardsAnswer>;

/**
 * Answers not yet written as zod schemas (issue 26): typed by what the service returns. Type-only imports,
 * so the contract stays pure at run time and the web app reads its types here, never in a service.
 */
export type PickerAnswer = Awaited<ReturnType<BoardsService['pickerBoards']>>;
export type BoardPageAnswer = Awaited<ReturnType<BoardsService['page']>>;
export type SectionAnswer = Awaited<ReturnType<BoardsService['sections']>>[number];
export type ProfileBoardsPage = Awaited<ReturnType<BoardsService['profileBoards']>>;

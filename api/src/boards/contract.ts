import { z } from 'zod';
import { userText } from '../lib/text.js';
import { BOARD_NAME, SECTION_NAME } from './rules.js';

/** Board and section names as the API parses them: the rules' options as zod (the popup checks with `boardNameProblem`). */
export const boardName = userText(BOARD_NAME);
export const sectionName = userText(SECTION_NAME);

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

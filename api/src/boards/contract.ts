import { z } from 'zod';
import { userText } from '../lib/text.js';
import { BOARD_NAME, SECTION_NAME } from './rules.js';
import type { BoardsService } from './service.js';
import type { ActionAnswers } from '../lib/envelope.contract.js';

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

/**
 * The web app's types of these answers (issue 26): inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type PickerAnswer = z.infer<typeof boardsAnswers.BoardPickerBoardsResource.get>;
export type BoardPageAnswer = z.infer<typeof boardsAnswers.BoardResource.get>;
export type SectionAnswer = z.infer<typeof sectionAnswer>;
export type ProfileBoardsPage = Awaited<ReturnType<BoardsService['profileBoards']>>;

/** Shapes more than one answer below (or another capability's) is made of. */
export const boardAnswer = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  privacy: z.enum(['protected', 'public', 'secret']),
  image_cover_url: z.string().nullable(),
  pin_count: z.number(),
  section_count: z.number(),
  is_collaborative: z.boolean(),
  owner: z.object({ id: z.string(), username: z.string() }),
});

export const sectionAnswer = z.object({
  id: z.string(),
  title: z.string(),
  slug: z.string(),
  board_id: z.string(),
  pin_count: z.number(),
  type: z.literal('board_section'),
});

/**
 * The answers of this capability's resource actions, by resource and action (issue 26): /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const boardsAnswers = {
  BoardPickerBoardsResource: {
    get: z.object({
      all_boards: z.array(boardAnswer),
      boards_shortlist: z.array(boardAnswer),
      bookmark: z.string(),
      advertiser: z.object({ id: z.string(), is_owner: z.boolean() }).nullable(),
    }),
  },
  BoardResource: {
    get: boardAnswer.extend({
      collaborated_by_me: z.boolean(),
      description: z.string(),
      archived: z.boolean(),
      cover_pin_id: z.string().nullable(),
      owner: z.object({ full_name: z.string(), image_medium_url: z.string().nullable(), id: z.string(), username: z.string() }),
      sections: z.array(sectionAnswer.extend({ url: z.string() })),
      /** Only on a board an operator hid or removed, which only its owner still sees: the decision, why, and whether the one appeal is used. */
      moderation: z.object({ state: z.enum(['hidden', 'removed']), reason: z.string(), appealed: z.boolean() }).optional(),
    }),
    create: boardAnswer,
    update: boardAnswer.extend({ description: z.string(), archived: z.boolean(), cover_pin_id: z.string().nullable() }),
    delete: z.object({ board_id: z.string() }),
  },
  BoardSectionResource: {
    create: sectionAnswer,
    update: sectionAnswer,
    delete: z.object({ section_id: z.string(), board_id: z.string() }),
  },
  BoardSectionPinsResource: {
    delete: z.object({ section_id: z.string(), pins: z.array(z.string()) }),
  },
  BoardSectionsRepinResource: {
    get: z.array(sectionAnswer),
  },
  BulkEditResource: {
    update: z.object({ board_id: z.string(), section_id: z.string().nullable(), pin_ids: z.array(z.string()) }),
    delete: z.object({ board_id: z.string(), pin_ids: z.array(z.string()) }),
  },
  BulkEditSelectAllResource: {
    update: z.object({ board_id: z.string(), section_id: z.string().nullable(), pin_ids: z.array(z.string()) }),
  },
  BoardSectionEditResource: {
    update: z.object({ board_id: z.string(), section_id: z.string().nullable(), pin_ids: z.array(z.string()) }),
  },
} satisfies ActionAnswers;

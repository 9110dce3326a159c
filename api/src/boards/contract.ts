import { z } from 'zod';
import { userText } from '../lib/text.js';
import { BOARD_NAME, SECTION_NAME } from './rules.js';
import type { BoardsService } from './service.js';
import type { ContractTable } from '../lib/envelope.contract.js';
import { id } from '../lib/validation.js';
import { bookmarkOption } from '../lib/bookmark.js';

/** The picker's list is paged: this many boards an answer; an account with no more fits in one answer. */
export const PICKER_PAGE_SIZE = 100;

/** The parts of a board's URL, /{username}/{slug}/: what usernames and slugify() are made of. */
export const usernamePart = z
  .string()
  .toLowerCase()
  .regex(/^[a-z0-9_]{1,32}$/, 'Must be a username (letters, digits and _).');

export const slugPart = z
  .string()
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a board slug (letters, digits and single dashes).')
  .max(100, 'Must be at most 100 characters.');

/** A board named by id, or by its URL; never both, never half of a URL. */
export const boardKey = z
  .object({ board_id: id.optional(), username: usernamePart.optional(), slug: slugPart.optional(), field_set_key: z.string().max(64).optional() })
  .refine((o) => (o.board_id === undefined ? o.username !== undefined && o.slug !== undefined : o.username === undefined && o.slug === undefined), {
    message: 'Name the board by board_id, or by username and slug.',
  })
  .transform((o) => (o.board_id !== undefined ? { id: o.board_id } : { username: o.username as string, slug: o.slug as string }));

/** BoardsResource fetch, page_size 25. */
export const PROFILE_BOARDS_PAGE_SIZE = 25;

export const pinIds = z.array(id).min(1, 'Choose at least one Pin.').max(250, 'Choose at most 250 Pins at once.');

/** Board and section names as the API parses them: the rules' options as zod (the popup checks with `boardNameProblem`). */
export const boardName = userText(BOARD_NAME);
export const sectionName = userText(SECTION_NAME);

/**
 * A profile's boards (BoardsResource get), as the contract: pure zod, the
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
 * The web app's types of these answers: inferred from the schemas below, or, where a schema is
 * looser than the service (a pin's `images` is a record there) or the answer is a route's, not an action's,
 * the service's return type: a type-only import, so the contract stays pure at run time.
 */
export type PickerAnswer = z.infer<typeof boardsContract.BoardPickerBoardsResource.get.answer>;
export type BoardPageAnswer = z.infer<typeof boardsContract.BoardResource.get.answer>;
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
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const boardsContract = {
  BoardPickerBoardsResource: {
    get: {
      options: z
        .object({
          field_set_key: z.string().optional(),
          shortlist_suggestions: z.number().int().optional(),
          advertiser_id: id.optional(),
          bookmark: z.string().max(1000, 'Must be a bookmark from the page before.').optional(),
          query: z.string().max(200, 'Must be at most 200 characters.').optional(),
          page_size: z.number().int().min(1).max(PICKER_PAGE_SIZE).optional(),
        })
        .loose(),
      answer: z.object({
        all_boards: z.array(boardAnswer),
        boards_shortlist: z.array(boardAnswer),
        bookmark: z.string(),
        advertiser: z.object({ id: z.string(), is_owner: z.boolean() }).nullable(),
      }),
    },
  },
  BoardResource: {
    get: {
      options: boardKey,
      answer: boardAnswer.extend({
        collaborated_by_me: z.boolean(),
        description: z.string(),
        archived: z.boolean(),
        cover_pin_id: z.string().nullable(),
        owner: z.object({ full_name: z.string(), image_medium_url: z.string().nullable(), id: z.string(), username: z.string() }),
        sections: z.array(sectionAnswer.extend({ url: z.string() })),
        /** Only on a board an operator hid or removed, which only its owner still sees: the decision, why, and whether the one appeal is used. */
        moderation: z.object({ state: z.enum(['hidden', 'removed']), reason: z.string(), appealed: z.boolean() }).optional(),
      }),
    },
    create: {
      options: z.object({
        name: boardName,
        // 'protected' only for a business's board (its owner acting for it; a member's always is).
        privacy: z.enum(['public', 'secret', 'protected']).default('public'),
        description: userText({ max: 500, multiline: true }).optional(),
        aux_data: z
          .object({ source: z.string().max(64) })
          .partial()
          .optional(),
        advertiser_id: id.optional(),
      }),
      answer: boardAnswer,
    },
    update: {
      options: z.object({
        board_id: id,
        name: boardName.optional(),
        description: userText({ max: 500, multiline: true }).optional(),
        privacy: z.enum(['public', 'secret']).optional(),
        cover_pin_id: id.nullable().optional(),
        archived: z.boolean().optional(),
      }),
      answer: boardAnswer.extend({ description: z.string(), archived: z.boolean(), cover_pin_id: z.string().nullable() }),
    },
    delete: { options: z.object({ board_id: id }), answer: z.object({ board_id: z.string() }) },
  },
  BoardSectionResource: {
    create: {
      options: z.object({
        board_id: id,
        name: sectionName,
        name_source: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
        initial_pins: z.array(id).max(250).default([]),
      }),
      answer: sectionAnswer,
    },
    update: { options: z.object({ section_id: id, name: sectionName }), answer: sectionAnswer },
    delete: { options: z.object({ section_id: id }), answer: z.object({ section_id: z.string(), board_id: z.string() }) },
  },
  BoardSectionPinsResource: {
    delete: { options: z.object({ section_id: id, pins: pinIds }), answer: z.object({ section_id: z.string(), pins: z.array(z.string()) }) },
  },
  BoardSectionsRepinResource: {
    get: { options: z.object({ board_id: id }), answer: z.array(sectionAnswer) },
  },
  BulkEditResource: {
    update: {
      options: z.object({ board_id: id, section_id: id.nullish(), pin_ids: pinIds }),
      answer: z.object({ board_id: z.string(), section_id: z.string().nullable(), pin_ids: z.array(z.string()) }),
    },
    delete: { options: z.object({ board_id: id, pin_ids: pinIds }), answer: z.object({ board_id: z.string(), pin_ids: z.array(z.string()) }) },
  },
  BulkEditSelectAllResource: {
    update: {
      options: z.object({ board_id: id, new_board_id: id, old_section_id: id.nullish(), new_section_id: id.nullish(), pin_ids: pinIds }),
      answer: z.object({ board_id: z.string(), section_id: z.string().nullable(), pin_ids: z.array(z.string()) }),
    },
  },
  BoardSectionEditResource: {
    update: {
      options: z.object({ section_id: id, board_id: id, pins: pinIds }),
      answer: z.object({ board_id: z.string(), section_id: z.string().nullable(), pin_ids: z.array(z.string()) }),
    },
  },
  BoardsResource: {
    get: {
      options: z
        .object({
          username: usernamePart,
          page_size: z.number().int().min(1).max(50).default(PROFILE_BOARDS_PAGE_SIZE),
          bookmark: bookmarkOption,
          archived: z.boolean().optional(),
        })
        .loose(),
      answer: profileBoardsAnswer,
    },
  },
} satisfies ContractTable;

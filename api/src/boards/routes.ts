import { NO_LIMIT, declare } from '../lib/declare.js';
import { boardName, profileBoardsAnswer, sectionName } from './contract.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { id, parse } from '../lib/validation.js';
import { userText } from '../lib/text.js';
import { bookmarkOption } from '../lib/bookmark.js';
import type { AdvertisersService } from '../advertisers/service.js';
import { PICKER_PAGE_SIZE, type BoardsService } from './service.js';
import { suggestBoardTitles } from './suggestions.js';
import type { PinsService } from '../pins/service.js';

/** The parts of a board's URL, /{username}/{slug}/: what usernames and slugify() are made of. */
export const usernamePart = z.string().toLowerCase().regex(/^[a-z0-9_]{1,32}$/, 'Must be a username (letters, digits and _).');
export const slugPart = z.string().toLowerCase().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Must be a board slug (letters, digits and single dashes).').max(100, 'Must be at most 100 characters.');

/** A board named by id, or by its URL; never both, never half of a URL. */
export const boardKey = z
  .object({ board_id: id.optional(), username: usernamePart.optional(), slug: slugPart.optional(), field_set_key: z.string().max(64).optional() })
  .refine((o) => (o.board_id === undefined ? o.username !== undefined && o.slug !== undefined : o.username === undefined && o.slug === undefined), {
    message: 'Name the board by board_id, or by username and slug.',
  })
  .transform((o) => (o.board_id !== undefined ? { id: o.board_id } : { username: o.username as string, slug: o.slug as string }));

/** saving.md section 7: BoardsResource fetch, page_size 25. */
export const PROFILE_BOARDS_PAGE_SIZE = 25;

const pinIds = z.array(id).min(1, 'Choose at least one Pin.').max(250, 'Choose at most 250 Pins at once.');

export function boardResources(boards: BoardsService, advertisers: AdvertisersService) {
  return {
    BoardPickerBoardsResource: {
      get: legacyAction({
        caller: 'user', limit: NO_LIMIT.read,
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
        run: async (o, { viewer }) =>
          boards.pickerBoards(viewer.id, await advertisers.context(viewer, o.advertiser_id), { bookmark: o.bookmark, query: o.query, pageSize: o.page_size }),
      }),
    },
    BoardResource: {
      // The board page (/{username}/{slug}/): open to visitors; secret and protected boards to their members.
      get: legacyAction({ caller: 'visitor', limit: NO_LIMIT.read, options: boardKey, run: (key, { viewer }) => boards.page(viewer, key) }),
      create: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({
          name: boardName,
          // 'protected' only for a business's board (its owner acting for it; a member's always is).
          privacy: z.enum(['public', 'secret', 'protected']).default('public'),
          description: userText({ max: 500, multiline: true }).optional(),
          aux_data: z.object({ source: z.string().max(64) }).partial().optional(),
          advertiser_id: id.optional(),
        }),
        run: async (o, { viewer }) =>
          boards.createBoard(viewer, { name: o.name, privacy: o.privacy, description: o.description }, await advertisers.context(viewer, o.advertiser_id)),
      }),
      // Issue 19: the owner edits or deletes a board.
      update: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        // Issue 28's board settings: the cover (one of its pins, null for the save rule) and archiving too.
        options: z.object({
          board_id: id,
          name: boardName.optional(),
          description: userText({ max: 500, multiline: true }).optional(),
          privacy: z.enum(['public', 'secret']).optional(),
          cover_pin_id: id.nullable().optional(),
          archived: z.boolean().optional(),
        }),
        run: (o, { viewer }) =>
          boards.updateBoard(viewer.id, { boardId: o.board_id, name: o.name, description: o.description, privacy: o.privacy, coverPinId: o.cover_pin_id, archived: o.archived }),
      }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ board_id: id }), run: (o, { viewer }) => boards.deleteBoard(viewer.id, o.board_id) }),
    },
    BoardsResource: {
      // A profile's boards (saving.md section 7, page size 25): open to visitors; secret boards to their owner only.
      get: legacyAction({
        caller: 'visitor', limit: NO_LIMIT.read,
        options: z.object({
          username: usernamePart,
          page_size: z.number().int().min(1).max(50).default(PROFILE_BOARDS_PAGE_SIZE),
          bookmark: bookmarkOption,
          archived: z.boolean().optional(),
        }).loose(),
        answer: profileBoardsAnswer,
        errors: ['not_found'],
        run: (o, { viewer }) => boards.profileBoards(viewer, o),
      }),
    },
    BoardSectionResource: {
      create: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({
          board_id: id,
          name: sectionName,
          name_source: z.union([z.literal(0), z.literal(1), z.literal(2)]).default(0),
          initial_pins: z.array(id).max(250).default([]),
        }),
        run: (options, { viewer }) => boards.createSection(viewer.id, { boardId: options.board_id, name: options.name, initialPins: options.initial_pins }),
      }),
      update: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ section_id: id, name: sectionName }), run: (o, { viewer }) => boards.updateSection(viewer.id, { sectionId: o.section_id, name: o.name }) }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ section_id: id }), run: (o, { viewer }) => boards.deleteSection(viewer.id, o.section_id) }),
    },
    BoardSectionPinsResource: {
      // saving.md section 7: section_id, pins; the pins stay on the board, out of the section.
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ section_id: id, pins: pinIds }), run: (o, { viewer }) => boards.unsectionPins(viewer.id, { sectionId: o.section_id, pinIds: o.pins }) }),
    },
    BoardSectionsRepinResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({ board_id: id }), run: (options, { viewer }) => boards.sections(viewer.id, options.board_id) }),
    },
    BulkEditResource: {
      update: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({ board_id: id, section_id: id.nullish(), pin_ids: pinIds }),
        run: (o, { viewer }) => boards.movePins(viewer.id, { pinIds: o.pin_ids, boardId: o.board_id, sectionId: o.section_id ?? null, busy: 'board_busy' }),
      }),
      // Bulk delete from the board page's Organise (issue 19): the pins named, all on board_id.
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ board_id: id, pin_ids: pinIds }), run: (o, { viewer }) => boards.deletePins(viewer.id, { boardId: o.board_id, pinIds: o.pin_ids }) }),
    },
    BulkEditSelectAllResource: {
      update: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({ board_id: id, new_board_id: id, old_section_id: id.nullish(), new_section_id: id.nullish(), pin_ids: pinIds }),
        run: (o, { viewer }) => boards.movePins(viewer.id, { pinIds: o.pin_ids, fromBoardId: o.board_id, boardId: o.new_board_id, sectionId: o.new_section_id ?? null, busy: 'bulk_busy' }),
      }),
    },
    BoardSectionEditResource: {
      update: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({ section_id: id, board_id: id, pins: pinIds }),
        run: (o, { viewer }) => boards.movePins(viewer.id, { pinIds: o.pins, boardId: o.board_id, sectionId: o.section_id, busy: 'section_busy' }),
      }),
    },
  } satisfies ResourceRegistry;
}

export const boardTitleQuery = z.object({ description: z.string().max(2048).default(''), title: z.string().max(200).default('') });

/**
 * GET /v3/pins/{id}/board_title_suggestions/: names from the pin's own words. For a pin not saved
 * yet the popup passes id 0 with the pin's description and title in the query.
 */
export function boardTitleRoutes(boards: BoardsService, pins: PinsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  const takenTitles = async (ownerId: string, titles: string[]) => {
    const taken = await Promise.all(titles.map((title) => boards.hasBoardNamed(ownerId, title)));
    return titles.filter((_, i) => taken[i]);
  };
  routes.get('/:id/board_title_suggestions/', declare({ caller: 'visitor', limit: NO_LIMIT.read, body: 0, policy: 'pin.view' }), async (c) => {
    const pinId = parse(id, c.req.param('id'));
    const text = parse(boardTitleQuery, c.req.query());
    const viewer = c.get('viewer');
    let words = `${text.title} ${text.description}`;
    if (pinId !== '0') {
      const pin = await pins.get(viewer, pinId);
      words = `${pin.title} ${pin.description} ${words}`;
    }
    // Names the viewer already has are left out: each suggestion is looked up by name (one index
    // lookup, however many boards), and a taken one makes room for the next.
    const existing: string[] = [];
    let titles = suggestBoardTitles(words, existing);
    for (let taken = viewer ? await takenTitles(viewer.id, titles) : []; taken.length; taken = viewer ? await takenTitles(viewer.id, titles) : []) {
      existing.push(...taken);
      titles = suggestBoardTitles(words, existing);
    }
    return ok(c, titles.map((title) => ({ title })));
  });
  return routes;
}

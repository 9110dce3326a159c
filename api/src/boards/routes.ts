import { NO_LIMIT, declare } from '../lib/declare.js';
import { boardsContract } from './contract.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.js';
import { ok } from '../lib/envelope.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { id, parse } from '../lib/validation.js';
import type { AdvertisersService } from '../advertisers/service.js';
import type { BoardsService } from './service.js';
import { suggestBoardTitles } from './suggestions.js';
import type { PinsService } from '../pins/service.js';

export function boardResources(boards: BoardsService, advertisers: AdvertisersService) {
  return {
    BoardPickerBoardsResource: {
      get: action({
        ...boardsContract.BoardPickerBoardsResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: async (o, { viewer }) =>
          boards.pickerBoards(viewer.id, await advertisers.context(viewer, o.advertiser_id), { bookmark: o.bookmark, query: o.query, pageSize: o.page_size }),
      }),
    },
    BoardResource: {
      // The board page (/{username}/{slug}/): open to visitors; secret and protected boards to their members.
      get: action({ ...boardsContract.BoardResource.get, caller: 'visitor', limit: NO_LIMIT.read, run: (key, { viewer }) => boards.page(viewer, key) }),
      create: action({
        ...boardsContract.BoardResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: async (o, { viewer }) =>
          boards.createBoard(viewer, { name: o.name, privacy: o.privacy, description: o.description }, await advertisers.context(viewer, o.advertiser_id)),
      }),
      // The owner edits or deletes a board.
      update: action({
        ...boardsContract.BoardResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        // The board's settings: the cover (one of its pins, null for the save rule) and archiving too.
        run: (o, { viewer }) =>
          boards.updateBoard(viewer.id, {
            boardId: o.board_id,
            name: o.name,
            description: o.description,
            privacy: o.privacy,
            coverPinId: o.cover_pin_id,
            archived: o.archived,
          }),
      }),
      delete: action({
        ...boardsContract.BoardResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => boards.deleteBoard(viewer.id, o.board_id),
      }),
    },
    BoardsResource: {
      // A profile's boards (page size 25): open to visitors; secret boards to their owner only.
      get: action({
        ...boardsContract.BoardsResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        errors: ['not_found'],
        run: (o, { viewer }) => boards.profileBoards(viewer, o),
      }),
    },
    BoardSectionResource: {
      create: action({
        ...boardsContract.BoardSectionResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (options, { viewer }) => boards.createSection(viewer.id, { boardId: options.board_id, name: options.name, initialPins: options.initial_pins }),
      }),
      update: action({
        ...boardsContract.BoardSectionResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => boards.updateSection(viewer.id, { sectionId: o.section_id, name: o.name }),
      }),
      delete: action({
        ...boardsContract.BoardSectionResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => boards.deleteSection(viewer.id, o.section_id),
      }),
    },
    BoardSectionPinsResource: {
      // Section_id, pins; the pins stay on the board, out of the section.
      delete: action({
        ...boardsContract.BoardSectionPinsResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => boards.unsectionPins(viewer.id, { sectionId: o.section_id, pinIds: o.pins }),
      }),
    },
    BoardSectionsRepinResource: {
      get: action({
        ...boardsContract.BoardSectionsRepinResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (options, { viewer }) => boards.sections(viewer.id, options.board_id),
      }),
    },
    BulkEditResource: {
      update: action({
        ...boardsContract.BulkEditResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => boards.movePins(viewer.id, { pinIds: o.pin_ids, boardId: o.board_id, sectionId: o.section_id ?? null, busy: 'board_busy' }),
      }),
      // Bulk delete from the board page's Organise: the pins named, all on board_id.
      delete: action({
        ...boardsContract.BulkEditResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => boards.deletePins(viewer.id, { boardId: o.board_id, pinIds: o.pin_ids }),
      }),
    },
    BulkEditSelectAllResource: {
      update: action({
        ...boardsContract.BulkEditSelectAllResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) =>
          boards.movePins(viewer.id, {
            pinIds: o.pin_ids,
            fromBoardId: o.board_id,
            boardId: o.new_board_id,
            sectionId: o.new_section_id ?? null,
            busy: 'bulk_busy',
          }),
      }),
    },
    BoardSectionEditResource: {
      update: action({
        ...boardsContract.BoardSectionEditResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
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
    return ok(
      c,
      titles.map((title) => ({ title })),
    );
  });
  return routes;
}

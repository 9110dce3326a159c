import type { Deps, Viewer } from '../deps.js';
import type { Board, BoardSection, Privacy } from '../db/schema.js';
import { ApiError } from '../lib/errors.js';
import { policyStore } from '../policy/store.js';
import { newId, slugify } from '../lib/ids.js';
import type { AdvertiserContext } from '../advertisers/service.js';
import { boardLocks } from './locks.js';
import { coverUrl } from '../images/service.js';
import { FACE_PILE_SIZE, orderCollaborators } from '../collaborators/rules.js';
import { nameWords } from './rules/names.js';
import { boardsStore, type PickerCursor, type PickerRow } from './store.js';
import { startBoardDeletion } from './deletion.js';
import { jobQueue } from '../jobs/service.js';
import { PICKER_PAGE_SIZE } from './contract.js';
export { PICKER_PAGE_SIZE };

type PickerCursorRow = Pick<PickerRow, 'sort_digit' | 'sort_key' | 'id'>;
import { FEED_END, pageOf, readBookmark } from '../lib/bookmark.js';

/** The picker asks for 2 shortlist suggestions. */
export const SHORTLIST_SIZE = 2;

/**
 * A board as the picker lists it. Its sections are not in the list: the picker asks for them when the
 * board is opened (BoardSectionsRepinResource), so the list costs the same whatever the sections.
 */
export interface PickerBoard {
  id: string;
  name: string;
  url: string;
  privacy: Privacy;
  image_cover_url: string | null;
  pin_count: number;
  section_count: number;
  is_collaborative: boolean;
  owner: { id: string; username: string };
}

/** The bookmark that says there is no next page (the end marker). */
export const PICKER_END = '-end-';

export interface PickerInput {
  /** The bookmark of the page before; absent for the first page. */
  bookmark?: string | undefined;
  /** A search: only boards with a name word starting with each typed word (boards/rules/names.ts). */
  query?: string | undefined;
  pageSize?: number | undefined;
}

export interface SectionJson {
  id: string;
  title: string;
  slug: string;
  board_id: string;
  pin_count: number;
  type: 'board_section';
}

const bookmarkOf = (row: PickerCursorRow): string => Buffer.from(JSON.stringify([row.sort_digit, row.sort_key, row.id])).toString('base64url');

function cursorOf(bookmark: string): PickerCursor {
  try {
    const [digit, key, id] = JSON.parse(Buffer.from(bookmark, 'base64url').toString()) as unknown[];
    if ((digit === 0 || digit === 1) && typeof key === 'string' && typeof id === 'string' && /^\d{1,20}$/.test(id)) return { digit, key, id };
  } catch {
    // falls through to the error below
  }
  throw new ApiError('invalid_input', 'bookmark: Must be a bookmark from the page before.');
}

const sectionJson = (s: BoardSection): SectionJson => ({
  id: s.id,
  title: s.title,
  slug: s.slug,
  board_id: s.board_id,
  pin_count: s.pin_count,
  type: 'board_section',
});

/** Slugs are cut to this length before a suffix, so a URL stays short whatever the name's letters expand to. */
const SLUG_BASE_MAX = 80;

/** The slug a name starts from: 'Home décor!' is `home-decor`. */
export const slugBase = (name: string) => slugify(name).slice(0, SLUG_BASE_MAX).replace(/-+$/, '') || 'board';

/**
 * A slug none of `taken` has: `home-decor`, then `home-decor-2`, … Names unique by case can still
 * share a slug ('Home decor', 'Home-decor'; every name in a script slugify drops is `board`).
 */
export function freeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** A slug for a new board or section: its name's, made free among the slugs `taken` finds. */
async function newSlug(name: string, taken: (base: string) => Promise<Set<string>>): Promise<string> {
  const base = slugBase(name);
  return freeSlug(base, await taken(base));
}

/** Where a board's page lives: /{owner_username}/{slug}/ (and a section's: below it, by its slug). */
export const boardUrl = (ownerUsername: string, slug: string) => `/${ownerUsername}/${slug}/`;

export function boardsService(deps: Deps) {
  const { db, clock, config, locks = boardLocks(deps) } = deps;
  const coverOf = (imageId: string) => coverUrl(config.publicOrigin, imageId);
  const store = boardsStore(db);
  const policy = policyStore(db);
  const jobs = jobQueue(deps);

  const toPickerBoard = (
    board: Pick<Board, 'id' | 'name' | 'slug' | 'privacy' | 'image_cover_url' | 'pin_count' | 'section_count' | 'owner_id'> & {
      owner_username: string;
      collaborator_count: number | string | null;
    },
  ): PickerBoard => ({
    id: board.id,
    name: board.name,
    url: boardUrl(board.owner_username, board.slug),
    privacy: board.privacy,
    image_cover_url: board.image_cover_url,
    pin_count: board.pin_count,
    section_count: board.section_count,
    is_collaborative: Number(board.collaborator_count ?? 0) > 0,
    owner: { id: board.owner_id, username: board.owner_username },
  });

  /** A section the user may change (policy/rules.ts sectionRule: a member of its board). */
  const memberSection = async (userId: string, sectionId: string) => (await policy.section(userId, sectionId, 'edit')).section;

  /**
   * BoardPickerBoardsResource: a page of the boards the viewer may save to, in the picker's order
   * (digit-last, then boards/rules/names.ts's sort key), and on the first page the 'Top choices'. The same
   * statements answer an account of 3 boards and one of 100,000: an index walk of one page. With a
   * query, only boards whose name has a word starting with each typed word, through board_words.
   * Acting for an advertiser they do not own, a viewer picks among that
   * advertiser's protected boards; otherwise among boards that are not protected.
   */
  const pickerBoards = async (userId: string, context: AdvertiserContext | null = null, input: PickerInput = {}) => {
    const scope = { protectedFor: context && !context.isOwner ? context.id : null, ownedProtected: context?.isOwner ? context.id : null };
    const pageSize = input.pageSize ?? PICKER_PAGE_SIZE;
    if (input.bookmark === PICKER_END)
      return { all_boards: [], boards_shortlist: [], bookmark: PICKER_END, advertiser: context ? { id: context.id, is_owner: context.isOwner } : null };
    const after = input.bookmark ? cursorOf(input.bookmark) : null;
    const words = nameWords(input.query ?? '');
    const first = !after && words.length === 0;
    const [rows, recent] = await Promise.all([
      store.pickerPage(userId, scope, after, pageSize + 1, words),
      first ? store.recentBoards(userId, scope, SHORTLIST_SIZE) : [],
    ]);
    const page = rows.slice(0, pageSize);
    const last = page.at(-1);
    return {
      all_boards: page.map(toPickerBoard),
      boards_shortlist: recent.map(toPickerBoard),
      bookmark: rows.length > pageSize && last ? bookmarkOf(last) : PICKER_END,
      advertiser: context ? { id: context.id, is_owner: context.isOwner } : null,
    };
  };

  /** Whether the owner already has a board of this name (case ignored, as createBoard checks it). */
  const hasBoardNamed = async (ownerId: string, name: string) => (await store.findBoardByName(ownerId, name)) !== undefined;

  return {
    pickerBoards,
    hasBoardNamed,

    /**
     * BoardResource get: a board as its page shows it (name, owner, counts, sections), by id or by its
     * URL. One the viewer may not see answers exactly as one that does not exist.
     */
    async page(viewer: Pick<Viewer, 'id'> | null, key: { id: string } | { username: string; slug: string }) {
      const board = await policy.boardPage(viewer?.id ?? null, key);
      const picker = toPickerBoard(board);
      // `collaborated_by_me`: the viewer collaborates on it (an accepted invite), not owns it.
      const collaborating = viewer !== null && viewer.id !== board.owner_id && (board.is_member || (await store.isMember(board.id, viewer.id)));
      return {
        ...picker,
        collaborated_by_me: collaborating,
        description: board.description,
        // Board settings: only its owner sees an archived board, and the pin they chose as cover.
        archived: board.archived_at !== null,
        cover_pin_id: viewer?.id === board.owner_id ? board.cover_pin_id : null,
        owner: { ...picker.owner, full_name: `${board.owner_first_name} ${board.owner_last_name}`.trim(), image_medium_url: board.owner_image_medium_url },
        sections: (await store.listSections(board.id)).map((section) => ({ ...sectionJson(section), url: `${picker.url}${section.slug}/` })),
        // Whoever still sees a hidden board is its owner (policy/rules.ts hiddenShownTo): they are told why.
        ...(board.hidden && { moderation: { state: board.hidden, reason: board.hidden_reason ?? '', appealed: board.appealed_at !== null } }),
      };
    },

    /**
     * BoardsResource get (page size 25): the boards a profile lists, newest first:
     * the user's own and the group boards they collaborate on. Secret boards only to the user
     * themselves; protected and archived boards to no one. A username that does not exist is "not found".
     */
    async profileBoards(
      viewer: Pick<Viewer, 'id'> | null,
      input: { username: string; page_size: number; bookmark?: string | undefined; archived?: boolean | undefined },
    ) {
      const owner = await policy.profile(viewer?.id ?? null, { username: input.username }, 'view');
      // Archived boards are their owner's alone: anyone else is shown none.
      if (input.bookmark === FEED_END || (input.archived && viewer?.id !== owner.id)) return { boards: [], bookmark: FEED_END };
      const rows = await store.listProfileBoards(owner.id, viewer?.id === owner.id, readBookmark(input.bookmark), input.page_size + 1, input.archived ?? false);
      const { page, bookmark } = pageOf(rows, input.page_size);
      // Group boards carry their people (owner first, then the viewer, then by name; a
      // face pile of 3 and a count of the rest). One statement for the page.
      const people = await store.collaboratorsOf(page.filter((b) => b.collaborator_count > 0).map((b) => b.id));
      const person = (u: { id: string; username: string; first_name: string; last_name: string; image_medium_url: string | null }) => ({
        id: u.id,
        username: u.username,
        full_name: `${u.first_name} ${u.last_name}`.trim(),
        image_medium_url: u.image_medium_url,
      });
      return {
        boards: page.map((board) => {
          const picker = toPickerBoard(board);
          if (!picker.is_collaborative) return { ...picker, collaborating_users: [], collaborator_count: 0 };
          const owner = person({
            id: board.owner_id,
            username: board.owner_username,
            first_name: board.owner_first_name,
            last_name: board.owner_last_name,
            image_medium_url: board.owner_image_medium_url,
          });
          const everyone = orderCollaborators([owner, ...people.filter((p) => p.board_id === board.id).map(person)], board.owner_id, viewer?.id ?? null);
          return { ...picker, collaborating_users: everyone.slice(0, FACE_PILE_SIZE), collaborator_count: board.collaborator_count };
        }),
        bookmark,
      };
    },

    /**
     * A non-owner acting for an advertiser creates protected boards carrying its id;
     * its owner may choose protected too, and no one else: protected belongs to a business.
     */
    async createBoard(
      owner: { id: string; username: string },
      input: { name: string; privacy: Privacy; description?: string },
      context: AdvertiserContext | null = null,
    ) {
      if (input.privacy === 'protected' && !context)
        throw new ApiError('invalid_input', 'privacy: Only a business’s boards can be protected. Create it while acting for your business.');
      if (await store.findBoardByName(owner.id, input.name)) throw new ApiError('board_name_taken');
      const protectedFor = context && (!context.isOwner || input.privacy === 'protected') ? context.id : null;
      const id = newId();
      await store.insertBoard({
        id,
        owner_id: owner.id,
        name: input.name,
        slug: await newSlug(input.name, (base) => store.boardSlugsLike(owner.id, base)),
        privacy: protectedFor ? 'protected' : input.privacy,
        description: input.description ?? '',
        advertiser_id: protectedFor,
        created_at: clock.now(),
      });
      const board = await store.findBoard(id);
      if (!board) throw new ApiError('internal');
      return toPickerBoard({ ...board, owner_username: owner.username, collaborator_count: 0 });
    },

    /**
     * BoardResource update (board settings): the owner renames a board (a new slug, so
     * its URL follows), re-describes it, changes its privacy, chooses its cover among its pins' images
     * (null: back to the save rule), or archives and unarchives it. An archived board takes no other
     * change until it is unarchived (in the same call is fine).
     */
    async updateBoard(
      userId: string,
      input: {
        boardId: string;
        name?: string | undefined;
        description?: string | undefined;
        privacy?: 'public' | 'secret' | undefined;
        coverPinId?: string | null | undefined;
        archived?: boolean | undefined;
      },
    ) {
      const board = await policy.board(userId, input.boardId, 'edit');
      if (board.privacy === 'protected' && input.privacy) throw new ApiError('forbidden', 'A protected board keeps its privacy.');
      const archivedAfter = input.archived ?? board.archived_at !== null;
      const otherChange = input.name !== undefined || input.description !== undefined || input.privacy !== undefined || input.coverPinId !== undefined;
      if (archivedAfter && otherChange) throw new ApiError('board_archived');
      const change: {
        name?: string;
        slug?: string;
        description?: string;
        privacy?: Privacy;
        cover_pin_id?: string | null;
        image_cover_url?: string | null;
        archived_at?: number | null;
      } = {};
      if (input.archived !== undefined && input.archived !== (board.archived_at !== null)) change.archived_at = input.archived ? clock.now() : null;
      if (input.coverPinId === null) change.cover_pin_id = null;
      else if (input.coverPinId !== undefined) {
        const pin = await store.pinOnBoard(board.id, input.coverPinId);
        if (!pin?.image_id) throw new ApiError('cover_pin_invalid');
        change.cover_pin_id = pin.id;
        change.image_cover_url = coverOf(pin.image_id);
      }
      if (input.name !== undefined && input.name !== board.name) {
        const same = await store.findBoardByName(userId, input.name);
        if (same && same.id !== board.id) throw new ApiError('board_name_taken');
        change.name = input.name;
        if (slugBase(input.name) !== slugBase(board.name)) change.slug = await newSlug(input.name, (base) => store.boardSlugsLike(userId, base));
      }
      if (input.description !== undefined) change.description = input.description;
      if (input.privacy !== undefined) change.privacy = input.privacy;
      await store.updateBoard(board.id, change);
      const updated = await store.findBoardWithOwner({ id: board.id });
      if (!updated) throw new ApiError('internal');
      return { ...toPickerBoard(updated), description: updated.description, archived: updated.archived_at !== null, cover_pin_id: updated.cover_pin_id };
    },

    /** BoardResource delete: the owner deletes a board and its pins; collaborators may not. */
    async deleteBoard(userId: string, boardId: string) {
      const board = await policy.board(userId, boardId, 'delete');
      // Gone for everyone at once; its pins go by a job in batches (boards/deletion.ts).
      await startBoardDeletion(db, (trx, kind, payload) => jobs.enqueue(trx, kind, payload), board.id, clock.now());
      return { board_id: board.id };
    },

    async createSection(userId: string, input: { boardId: string; name: string; initialPins?: string[] }) {
      const board = await policy.board(userId, input.boardId, 'save');
      if (await store.findSectionByTitle(board.id, input.name)) throw new ApiError('section_name_taken');
      const id = newId();
      const slug = await newSlug(input.name, (base) => store.sectionSlugsLike(board.id, base));
      await store.insertSection({ id, board_id: board.id, title: input.name, slug, created_at: clock.now() }, input.initialPins ?? []);
      const section = await store.findSection(id);
      if (!section) throw new ApiError('internal');
      return sectionJson(section);
    },

    /**
     * BoardSectionResource update / delete and BoardSectionPinsResource delete: any member of
     * the board (owner or collaborator), as creating a section is. Deleting a section keeps its pins on
     * the board; taking pins out of a section does too.
     */
    async updateSection(userId: string, input: { sectionId: string; name: string }) {
      const section = await memberSection(userId, input.sectionId);
      const same = await store.findSectionByTitle(section.board_id, input.name);
      if (same && same.id !== section.id) throw new ApiError('section_name_taken');
      const slug =
        slugBase(input.name) === slugBase(section.title) ? section.slug : await newSlug(input.name, (base) => store.sectionSlugsLike(section.board_id, base));
      await store.updateSection(section.id, { title: input.name, slug });
      const updated = await store.findSection(section.id);
      if (!updated) throw new ApiError('internal');
      return sectionJson(updated);
    },

    async deleteSection(userId: string, sectionId: string) {
      const section = await memberSection(userId, sectionId);
      await store.deleteSection(section);
      return { section_id: section.id, board_id: section.board_id };
    },

    async unsectionPins(userId: string, input: { sectionId: string; pinIds: string[] }) {
      const section = await memberSection(userId, input.sectionId);
      const pins = await store.pinsWithBoards(input.pinIds);
      if (pins.length !== new Set(input.pinIds).size || pins.some((p) => p.section_id !== section.id)) throw new ApiError('pin_not_found');
      await store.unsectionPins(section, input.pinIds);
      return { section_id: section.id, pins: input.pinIds };
    },

    async sections(userId: string, boardId: string) {
      const board = await policy.board(userId, boardId, 'save');
      return (await store.listSections(board.id)).map(sectionJson);
    },

    /**
     * BulkEditResource delete (the bulkDelete): pins of one board, all or none. The
     * board's owner deletes any of them; a collaborator only their own (as PinResource delete decides).
     */
    async deletePins(userId: string, input: { boardId: string; pinIds: string[] }) {
      const board = await policy.board(userId, input.boardId, 'save');
      const pins = await store.pinsWithBoards(input.pinIds);
      if (pins.length !== new Set(input.pinIds).size || pins.some((p) => p.board_id !== board.id)) throw new ApiError('pin_not_found');
      await policy.pins(userId, input.pinIds, 'delete');
      await locks.run([board.id], 'bulk_busy', () => store.deletePins(board.id, pins, coverOf));
      return { board_id: board.id, pin_ids: pins.map((p) => p.id) };
    },

    /**
     * Moves pins to a board and optional section (BulkEditResource, BoardSectionEditResource). The
     * mover must be a member of the destination and may move each pin (policy/rules.ts pinRule: any
     * member between a board's sections; to another board, only the pin's pinner or its board's
     * owner). Moving to where they already are is refused. Nothing moves unless every pin may.
     */
    async movePins(
      userId: string,
      input: { pinIds: string[]; fromBoardId?: string; boardId: string; sectionId: string | null; busy: 'board_busy' | 'section_busy' | 'bulk_busy' },
    ) {
      // BulkEditSelectAllResource names the board the pins come from: it answers as any board id does.
      const from = input.fromBoardId === undefined ? undefined : await policy.board(userId, input.fromBoardId, 'save');
      const board = await policy.board(userId, input.boardId, 'move');
      if (input.sectionId) {
        const section = await store.findSection(input.sectionId);
        if (!section || section.board_id !== board.id) throw new ApiError('section_not_found');
      }
      const pins = await policy.pins(userId, input.pinIds, 'move', board.id);
      if (from && pins.some((p) => p.board_id !== from.id)) throw new ApiError('pin_not_found');
      const sources = [...new Set(pins.map((p) => p.board_id))];
      if (pins.every((p) => p.board_id === board.id && p.section_id === input.sectionId)) throw new ApiError('same_destination');
      const keys = [...new Set([...sources, board.id, ...(input.sectionId ? [input.sectionId] : [])])];
      await locks.run(keys, input.busy, () => store.movePins(input.pinIds, { boardId: board.id, sectionId: input.sectionId }, sources, coverOf));
      return { board_id: board.id, section_id: input.sectionId, pin_ids: input.pinIds };
    },
  };
}

export type BoardsService = ReturnType<typeof boardsService>;

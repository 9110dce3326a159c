import { boardsStore } from '../boards/store.js';
import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { pinsStore, type PinDetailRow } from './store.js';

export const PIN_METHODS = ['create', 'button', 'bookmarklet', 'scraped', 'uploaded', 'pinbuilder'] as const;
export type PinMethod = (typeof PIN_METHODS)[number];

export interface PinCreateInput {
  board_id: string;
  section?: string | undefined;
  image_url: string;
  link?: string | undefined;
  description: string;
  title: string;
  method: PinMethod;
  guid?: string | undefined;
  color?: string | undefined;
}

export function pinsService({ db, clock }: Deps) {
  const pins = pinsStore(db);
  const boards = boardsStore(db);

  /** A board the viewer may not see is "not found"; one they may see but not save to is "forbidden". */
  const boardForSaving = async (viewer: Viewer, boardId: string) => {
    const board = await boards.findBoard(boardId);
    if (!board) throw new ApiError('board_not_found');
    if (!(await boards.isMember(board.id, viewer.id))) {
      throw new ApiError(board.privacy === 'secret' ? 'board_not_found' : 'forbidden', 'You can only save to your own boards and boards you collaborate on.');
    }
    return board;
  };

  return {
    async create(viewer: Viewer, input: PinCreateInput) {
      const board = await boardForSaving(viewer, input.board_id);
      const section = input.section ? await boards.findSection(input.section) : undefined;
      if (input.section && section?.board_id !== board.id) {
        throw new ApiError('invalid_input', 'section: That section is not on this board.');
      }
      const id = newId();
      await pins.savePin(
        {
          id,
          board_id: board.id,
          section_id: section?.id ?? null,
          pinner_id: viewer.id,
          image_url: input.image_url,
          link: input.link ?? null,
          title: input.title,
          description: input.description,
          method: input.method,
          guid: input.guid ?? null,
          color: input.color ?? null,
          created_at: clock.now(),
        },
        // saving.md section 4: the cover follows the pin into a section, or fills an empty cover.
        section ? 'always' : 'when-missing',
      );
      return {
        id,
        board: { id: board.id, name: board.name, privacy: board.privacy },
        section: section ? { id: section.id, title: section.title } : null,
        pinner: { id: viewer.id },
      };
    },

    /** A pin as its page shows it. Pins on secret boards exist only for the board's members. */
    async get(viewer: Viewer | null, pinId: string) {
      const row = await pins.findPinDetail(pinId);
      if (!row) throw new ApiError('pin_not_found');
      if (row.board_privacy === 'secret' && !(viewer && (await boards.isMember(row.board_id, viewer.id)))) {
        throw new ApiError('pin_not_found');
      }
      return pinJson(row);
    },
  };
}

export function pinJson(row: PinDetailRow) {
  const board = { id: row.board_id, name: row.board_name, url: `/${row.owner_username}/${row.board_slug}/`, privacy: row.board_privacy };
  return {
    id: row.id,
    type: 'pin' as const,
    title: row.title,
    description: row.description,
    link: row.link,
    method: row.method,
    created_at: new Date(row.created_at).toISOString(),
    dominant_color: row.dominant_color ?? row.color,
    image_url: row.image_url,
    images: { orig: { url: row.image_url, width: row.image_width, height: row.image_height } },
    board,
    pinned_to_board: board,
    section: row.section_id ? { id: row.section_id, title: row.section_title } : null,
    pinner: {
      id: row.pinner_id,
      username: row.pinner_username,
      full_name: `${row.pinner_first_name} ${row.pinner_last_name}`.trim(),
    },
  };
}

export type PinsService = ReturnType<typeof pinsService>;

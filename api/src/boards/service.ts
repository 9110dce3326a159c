import type { Deps } from '../deps.js';
import type { Board, BoardSection, Privacy } from '../db/schema.js';
import { newId, slugify } from '../lib/ids.js';
import { boardsStore } from './store.js';

/** saving.md section 9: the picker asks for 2 shortlist suggestions. */
export const SHORTLIST_SIZE = 2;

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
  sections: Array<{ id: string; title: string; slug: string }>;
}

/** Boards whose names start with a digit sort after the others; then by name, ignoring case and accents. */
export function compareBoardNames(a: string, b: string): number {
  const digitA = /^\d/.test(a);
  const digitB = /^\d/.test(b);
  if (digitA !== digitB) return digitA ? 1 : -1;
  return a.localeCompare(b, undefined, { sensitivity: 'base', numeric: true });
}

export function boardsService({ db, clock }: Deps) {
  const store = boardsStore(db);

  const toPickerBoard = (
    board: Board & { owner_username: string; collaborator_count: number },
    sections: BoardSection[],
  ): PickerBoard => ({
    id: board.id,
    name: board.name,
    url: `/${board.owner_username}/${board.slug}/`,
    privacy: board.privacy,
    image_cover_url: board.image_cover_url,
    pin_count: board.pin_count,
    section_count: board.section_count,
    is_collaborative: board.collaborator_count > 0,
    owner: { id: board.owner_id, username: board.owner_username },
    sections: sections.map((s) => ({ id: s.id, title: s.title, slug: s.slug })),
  });

  return {
    /** BoardPickerBoardsResource: every board the viewer may save to, and the recent shortlist. */
    async pickerBoards(userId: string) {
      const boards = await store.listMemberBoards(userId);
      const sections = await store.listSections(boards.map((b) => b.id));
      const byBoard = new Map<string, BoardSection[]>();
      for (const section of sections) byBoard.set(section.board_id, [...(byBoard.get(section.board_id) ?? []), section]);
      const all = boards
        .map((board) => ({ board, picker: toPickerBoard(board, byBoard.get(board.id) ?? []) }))
        .sort((a, b) => compareBoardNames(a.board.name, b.board.name));
      const shortlist = all
        .filter(({ board }) => board.last_pinned_at !== null)
        .sort((a, b) => (b.board.last_pinned_at ?? 0) - (a.board.last_pinned_at ?? 0))
        .slice(0, SHORTLIST_SIZE);
      return { all_boards: all.map((x) => x.picker), boards_shortlist: shortlist.map((x) => x.picker) };
    },

    async createBoard(ownerId: string, input: { name: string; privacy: Privacy }) {
      const id = newId();
      await store.insertBoard({ id, owner_id: ownerId, name: input.name, slug: slugify(input.name), privacy: input.privacy, created_at: clock.now() });
      return id;
    },

    async createSection(boardId: string, title: string) {
      const id = newId();
      await store.insertSection({ id, board_id: boardId, title, slug: slugify(title), created_at: clock.now() });
      return id;
    },
  };
}

export type BoardsService = ReturnType<typeof boardsService>;

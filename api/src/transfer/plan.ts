import { IMPORT_MAX_BOARDS, IMPORT_MAX_PINS, IMPORT_MAX_SECTIONS, fitBoardName, fitText, type Plan, type PlannedBoard, type PlannedPin } from './rules.js';
import { BOARD_NAME_MAX } from '../boards/rules.js';
import { ApiError } from '../lib/errors.js';

/**
 * Builds a Plan as a parser finds boards, sections and pins: boards and sections by name, folded as the
 * product compares board names (case), so a file naming one board twice fills one board; limits checked
 * as it grows, so a file over them is refused before it is held whole.
 */
export function planBuilder() {
  const boards = new Map<string, PlannedBoard & { sectionKeys: Map<string, number> }>();
  let pins = 0;
  let sections = 0;
  const board = (name: unknown, extra: { description?: string; privacy?: 'public' | 'secret' } = {}) => {
    const fitted = fitBoardName(name);
    const key = fitted.toLowerCase();
    let found = boards.get(key);
    if (!found) {
      if (boards.size >= IMPORT_MAX_BOARDS) throw new ApiError('import_too_many', `One import makes at most ${IMPORT_MAX_BOARDS} boards.`);
      found = { name: fitted, description: extra.description ?? '', privacy: extra.privacy ?? 'public', sections: [], pins: [], sectionKeys: new Map() };
      boards.set(key, found);
    }
    return found;
  };
  /** A section of a board by its title (made if new): its index, or null for a blank title. */
  const section = (target: ReturnType<typeof board>, name: unknown) => {
    const title = fitText(name, BOARD_NAME_MAX);
    if (!title) return null;
    const key = title.toLowerCase();
    let index = target.sectionKeys.get(key);
    if (index === undefined) {
      if (++sections > IMPORT_MAX_SECTIONS)
        throw new ApiError('import_too_many', `One import makes at most ${IMPORT_MAX_SECTIONS.toLocaleString('en')} sections.`);
      index = target.sections.push(title) - 1;
      target.sectionKeys.set(key, index);
    }
    return index;
  };
  return {
    /** Adds a pin to a board (made if new), in a section of it when `section` names one. */
    add(boardName: unknown, sectionName: unknown, pin: PlannedPin, boardExtra?: { description?: string; privacy?: 'public' | 'secret' }) {
      if (++pins > IMPORT_MAX_PINS) throw new ApiError('import_too_many', `One import takes at most ${IMPORT_MAX_PINS.toLocaleString('en')} Pins.`);
      const target = board(boardName, boardExtra);
      target.pins.push({ ...pin, section: section(target, sectionName) });
    },
    /** A section with no pins of its own yet (an exported empty section). */
    section: (boardName: unknown, name: unknown) => section(board(boardName), name),
    /** A board with no pins of its own yet (an empty folder, an exported empty board). */
    board,
    plan(): Plan {
      return { boards: [...boards.values()].map(({ sectionKeys: _, ...rest }) => rest) };
    },
  };
}

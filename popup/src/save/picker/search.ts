import { nameWords } from '../../../../api/src/boards/rules/names';

/**
 * Board search: every typed word must match the start of a word of the
 * board's name, ignoring case and accents. The words are boards/rules/names.ts's, the same the server's
 * search index holds, so an account too large for one answer finds the same boards on the server.
 * Names are split into words once, so a keystroke over the boards held is a scan of short strings.
 */
export interface SearchIndex<T> {
  items: T[];
  /** Each name's words, each led by a space (" home decor"): a typed word matches the start of one of
   * them exactly when " " + word is in it, one native search per board and word. */
  keys: string[];
}

export function indexBoards<T extends { name: string }>(boards: T[]): SearchIndex<T> {
  return { items: boards, keys: boards.map((b) => ` ${nameWords(b.name).join(' ')}`) };
}

export function filterBoards<T>(index: SearchIndex<T>, query: string): T[] {
  const wanted = nameWords(query).map((w) => ` ${w}`);
  if (wanted.length === 0) return index.items;
  const found: T[] = [];
  // Plain loops, no closures: the first keystroke runs before the JIT has warmed up.
  next: for (let i = 0; i < index.keys.length; i++) {
    const key = index.keys[i]!;
    for (let w = 0; w < wanted.length; w++) if (!key.includes(wanted[w]!)) continue next;
    found.push(index.items[i]!);
  }
  return found;
}

/** With 3 or fewer boards the picker shows one list. */
export const SINGLE_LIST_MAX = 3;

/**
 * Board search (saving.md section 2.2): every typed word must match the start of a word of the
 * board's name, ignoring case and accents. Names are split into words once, so a keystroke over
 * 10,000 boards is a scan of short strings.
 */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function words(text: string): string[] {
  return normalise(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export interface SearchIndex<T> {
  items: T[];
  /** Each name's words, each led by a space (" home decor"): a typed word matches the start of one of
   * them exactly when " " + word is in it, one native search per board and word. */
  keys: string[];
}

export function indexBoards<T extends { name: string }>(boards: T[]): SearchIndex<T> {
  return { items: boards, keys: boards.map((b) => ` ${words(b.name).join(' ')}`) };
}

export function filterBoards<T>(index: SearchIndex<T>, query: string): T[] {
  const wanted = words(query).map((w) => ` ${w}`);
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

/** saving.md section 9: with 3 or fewer boards the picker shows one list. */
export const SINGLE_LIST_MAX = 3;

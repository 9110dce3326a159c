/**
 * Board search (saving.md section 2.2): every typed word must match the start of a word of the
 * board's name, ignoring case and accents. Names are split into words once, so a keystroke over
 * 10,000 boards is a scan of small arrays.
 */
export function normalise(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

function words(text: string): string[] {
  return normalise(text).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

export interface SearchIndex<T> {
  items: T[];
  words: string[][];
}

export function indexBoards<T extends { name: string }>(boards: T[]): SearchIndex<T> {
  return { items: boards, words: boards.map((b) => words(b.name)) };
}

export function filterBoards<T>(index: SearchIndex<T>, query: string): T[] {
  const wanted = words(query);
  if (wanted.length === 0) return index.items;
  const found: T[] = [];
  for (let i = 0; i < index.items.length; i++) {
    const have = index.words[i] ?? [];
    if (wanted.every((w) => have.some((h) => h.startsWith(w)))) found.push(index.items[i] as T);
  }
  return found;
}

/** saving.md section 9: with 3 or fewer boards the picker shows one list. */
export const SINGLE_LIST_MAX = 3;

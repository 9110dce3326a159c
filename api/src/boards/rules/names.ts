/**
 * How board names are folded, split into words and ordered: ONE pure module that the popup's instant
 * filter (popup/src/save/picker/search.ts) and the server's stored sort key and words index
 * (boards/store.ts, migration 0009) both use, so a board found or ordered on one side is found or
 * ordered the same on the other. No imports: the popup bundles it.
 */

/** Case and accents folded: 'Crème BRÛLÉE' is 'creme brulee'. */
export function foldName(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** A name's words for search: folded, split at anything not a letter or digit. */
export function nameWords(text: string): string[] {
  return foldName(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Boards whose names start with a digit sort after the others (the picker's digit-last rule). */
export const startsWithDigit = (name: string): boolean => /^\d/.test(name);

/**
 * The key boards are ordered by after the digit flag, compared as bytes (SQLite's BINARY, Postgres
 * COLLATE "C", Buffer.compare): case and accents folded, a run of digits compared by its value
 * ('2' before '10': the run's length, then its digits, leading zeros dropped), and any run of
 * other characters (spaces, punctuation) one space, which sorts before digits and letters. This is
 * the order Intl.Collator gives with sensitivity 'base' and numeric on, up to punctuation (which it
 * tells apart and we do not: ties fall to the board id), and it can be stored and indexed.
 */
export function nameSortKey(name: string): string {
  return foldName(name)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\d+/g, (run) => {
      const digits = run.replace(/^0+(?=\d)/, '');
      return `${String.fromCharCode(0x30 + Math.min(digits.length, 40))}${digits}`;
    });
}

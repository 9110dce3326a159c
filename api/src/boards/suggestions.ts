/**
 * 'Suggested board names': the spec does not say how they are made.
 * Ours come from the pin's own words: its most frequent two-word phrase and keywords, title-cased,
 * leaving out names the user already has.
 */
const STOPWORDS = new Set(
  'a an and are as at be but by easy for from how in into is it its of on or our the this that to way with your you my we best new make made diy ideas idea'.split(
    ' ',
  ),
);
export const MAX_SUGGESTIONS = 5;

export function suggestBoardTitles(text: string, existing: string[] = []): string[] {
  const words = (
    text
      .toLowerCase()
      .normalize('NFKC')
      .match(/\p{L}[\p{L}\p{N}'’-]*/gu) ?? []
  ).filter((w) => w.length > 2 && !STOPWORDS.has(w));
  const counts = new Map<string, number>();
  const bump = (key: string, by = 1) => counts.set(key, (counts.get(key) ?? 0) + by);
  words.forEach((word, i) => {
    bump(word);
    const next = words[i + 1];
    if (next) bump(`${word} ${next}`, 1.5);
  });
  const taken = new Set(existing.map((name) => name.toLowerCase()));
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .map(([phrase]) => phrase.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase()))
    .filter((title) => !taken.has(title.toLowerCase()))
    .slice(0, MAX_SUGGESTIONS);
}

/**
 * A hashtag is '#' followed by characters other than punctuation or whitespace.
 * Tags are kept folded (NFC, lower case) so '#Summer' and '#summer' are one tag. One module, used by
 * the save (pins/store.ts keeps pin_hashtags), the autocomplete and the popup's description field.
 */
const HASHTAG = /#([^\s\p{P}\p{S}]+)/gu;
/** At most this many tags of a pin are indexed, each at most this long. */
export const HASHTAGS_PER_PIN = 20;
export const HASHTAG_MAX = 100;
/** Hashtag suggestions max 5. */
export const HASHTAG_SUGGESTIONS = 5;

export const foldTag = (tag: string) => tag.normalize('NFC').toLowerCase();

/** The distinct tags of a text, folded, without their '#'. */
export function hashtagsOf(text: string): string[] {
  const tags = new Set<string>();
  for (const match of text.matchAll(HASHTAG)) {
    const tag = foldTag(match[1] ?? '');
    if (tag && tag.length <= HASHTAG_MAX) tags.add(tag);
    if (tags.size >= HASHTAGS_PER_PIN) break;
  }
  return [...tags];
}

/** The tag being typed at the end of `text` (the caret), without its '#', or null. */
export function typedHashtag(text: string): string | null {
  const match = /(?:^|\s)#([^\s\p{P}\p{S}]*)$/u.exec(text);
  return match ? (match[1] ?? '') : null;
}

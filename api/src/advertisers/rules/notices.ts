/**
 * Advisory and sensitivity notices: severity 0 abusive, 1 sensitive,
 * 2 brand unsafe; a description whose text tags (offset, length, link; tagType 5 is a link) mark
 * links; and actions (button text, link).
 */
export const SEVERITIES = { 0: 'abusive', 1: 'sensitive', 2: 'brand_unsafe' } as const;
export type Severity = keyof typeof SEVERITIES;
export const LINK_TAG = 5;

export interface TextTag {
  tagType: number;
  offset: number;
  length: number;
  link?: string;
}

export interface Notice {
  style: 'warning' | 'info' | 'error';
  title: string;
  description: { text: string; textTags: TextTag[] };
  actions: Array<{ text: string; link: string }>;
}

/** The description split into plain and linked runs, in order; tags out of range or overlapping are dropped. */
export function noticeSegments(text: string, tags: readonly TextTag[]): Array<{ text: string; link?: string }> {
  const out: Array<{ text: string; link?: string }> = [];
  let at = 0;
  for (const tag of [...tags].sort((a, b) => a.offset - b.offset)) {
    if (tag.tagType !== LINK_TAG || !tag.link || tag.offset < at || tag.length <= 0 || tag.offset + tag.length > text.length) continue;
    if (tag.offset > at) out.push({ text: text.slice(at, tag.offset) });
    out.push({ text: text.slice(tag.offset, tag.offset + tag.length), link: tag.link });
    at = tag.offset + tag.length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/** The notice's style by severity: abusive is an error, sensitive a warning, brand unsafe information. */
export function styleFor(severity: Severity): Notice['style'] {
  return severity === 0 ? 'error' : severity === 1 ? 'warning' : 'info';
}

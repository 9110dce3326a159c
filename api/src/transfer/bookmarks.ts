import { Parser } from 'htmlparser2';
import { ApiError } from '../lib/errors.js';
import { planBuilder } from './plan.js';
import { readBudget, type ReadBudget, type Source } from './read.js';
import {
  IMPORT_MAX_ELEMENT_DEPTH,
  IMPORT_MAX_NESTING,
  IMPORT_MAX_RECORD_BYTES,
  fileDate,
  fitDescription,
  fitTitle,
  httpAddress,
  type Plan,
  type PlannedPin,
} from './rules.js';

/** Where bookmarks outside any folder go. */
export const LOOSE_BOOKMARKS_BOARD = 'Bookmarks';

/**
 * A Netscape bookmarks file (the format browsers, Pinboard and Raindrop export): `<DT><H3>` names a folder
 * whose `<DL>` follows; `<DT><A HREF ADD_DATE TAGS>` is a bookmark, `<DD>` after it its note. A top-level
 * folder becomes a board, a folder inside it a section, deeper folders fill their section; bookmarks outside
 * every folder go to a board "Bookmarks". Tags (Pinboard's TAGS) join the description as hashtags; a cover
 * image (Raindrop's DATA-COVER) becomes the pin's image. Links that are not http(s) (javascript:, place:)
 * are skipped.
 *
 * Streamed through htmlparser2 a piece at a time. The open lists are a stack (each bookmark asks only its
 * top two named folders); lists nested deeper than IMPORT_MAX_NESTING, elements deeper than
 * IMPORT_MAX_ELEMENT_DEPTH, or a name or note longer than IMPORT_MAX_RECORD_BYTES refuse the file.
 */
export async function parseBookmarks(source: Source, budget: ReadBudget = readBudget()): Promise<Plan> {
  const plan = planBuilder();
  /** Per open list, whether it opened a named folder; and the named folders open, outermost first. */
  const lists: boolean[] = [];
  const named: string[] = [];
  let depth = 0;
  let sawList = false;
  let sawLink = false;
  let pendingFolder: string | null = null;
  let heading: string | null = null;
  let anchor: { href: string | null; attrs: Record<string, string>; text: string } | null = null;
  let last: { pin: PlannedPin; board: string; section: string | null } | null = null;
  let note: string | null = null;

  const place = () => ({ board: named[0] ?? LOOSE_BOOKMARKS_BOARD, section: named[1] ?? null });
  const tooLong = (text: string) => {
    if (text.length > IMPORT_MAX_RECORD_BYTES)
      throw new ApiError('import_invalid', 'This bookmarks file has a name or note longer than any bookmark could have.');
    return text;
  };
  const flushNote = () => {
    if (last && note !== null) last.pin.description = fitDescription([note.trim(), last.pin.description].filter(Boolean).join('\n'));
    note = null;
  };
  const flushPin = () => {
    flushNote();
    if (last) plan.add(last.board, last.section, last.pin);
    last = null;
  };

  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (++depth > IMPORT_MAX_ELEMENT_DEPTH)
          throw new ApiError('import_invalid', `This bookmarks file nests its elements deeper than ${IMPORT_MAX_ELEMENT_DEPTH}.`);
        if (name === 'h3') heading = '';
        else if (name === 'a') anchor = { href: attrs.href ?? null, attrs, text: '' };
        else if (name === 'dd') note = '';
        else if (name === 'dt') flushPin();
        else if (name === 'dl') {
          flushPin();
          sawList = true;
          if (lists.length >= IMPORT_MAX_NESTING)
            throw new ApiError('import_invalid', `This bookmarks file nests its folders deeper than ${IMPORT_MAX_NESTING}.`);
          // A list with no heading before it (the outer list) opens no folder.
          lists.push(pendingFolder !== null);
          if (pendingFolder !== null) named.push(pendingFolder);
          pendingFolder = null;
        }
      },
      ontext(text) {
        if (heading !== null) heading = tooLong(heading + text);
        else if (anchor) anchor.text = tooLong(anchor.text + text);
        else if (note !== null) note = tooLong(note + text);
      },
      onclosetag(name) {
        depth = Math.max(0, depth - 1);
        if (name === 'h3' && heading !== null) {
          pendingFolder = heading.trim() || 'Untitled';
          heading = null;
        } else if (name === 'a' && anchor) {
          const link = httpAddress(anchor.href);
          if (link) {
            sawLink = true;
            const tags = (anchor.attrs.tags ?? '')
              .split(/[,\s]+/)
              .filter(Boolean)
              .map((tag) => `#${tag.replace(/^#/, '')}`);
            last = {
              ...place(),
              pin: {
                link,
                title: fitTitle(anchor.text.trim() || new URL(link).host),
                description: fitDescription(tags.join(' ')),
                alt_text: '',
                image_url: httpAddress(anchor.attrs['data-cover']),
                image_file: null,
                created_at: fileDate(anchor.attrs.add_date),
              },
            };
          }
          anchor = null;
        } else if (name === 'dl') {
          flushPin();
          if (lists.pop()) named.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  const stream = source().setEncoding('utf8');
  try {
    for await (const piece of stream as AsyncIterable<string>) {
      budget.check();
      parser.write(piece);
    }
    parser.end();
  } finally {
    stream.destroy();
  }
  flushPin();
  if (!sawList) throw new ApiError('import_invalid', 'This HTML file is not a bookmarks file: it has no list of links.');
  const result = plan.plan();
  if (!sawLink || !result.boards.length) throw new ApiError('import_empty', 'This bookmarks file has no web links in it.');
  return result;
}

import { Parser } from 'htmlparser2';
import { ApiError } from '../lib/errors.js';
import { planBuilder } from './plan.js';
import { fileDate, fitDescription, fitTitle, httpAddress, type Plan, type PlannedPin } from './rules.js';

/** Where bookmarks outside any folder go. */
export const LOOSE_BOOKMARKS_BOARD = 'Bookmarks';

/** Characters of HTML parsed between two pauses. */
const PARSE_CHUNK = 128 * 1024;

/** What the upload's request checks at once (cheap): a list, and a link in it. */
export function checkBookmarks(html: string) {
  if (!/<dl[\s>]/i.test(html) || !/<a\s[^>]*href/i.test(html)) throw new ApiError('import_invalid', 'This HTML file is not a bookmarks file: it has no list of links.');
}

/**
 * A Netscape bookmarks file (the format browsers, Pinboard and Raindrop export): `<DT><H3>` names a folder
 * whose `<DL>` follows; `<DT><A HREF ADD_DATE TAGS>` is a bookmark, `<DD>` after it its note. A top-level
 * folder becomes a board, a folder inside it a section, deeper folders fill their section; bookmarks outside
 * every folder go to a board "Bookmarks". Tags (Pinboard's TAGS) join the description as hashtags; a cover
 * image (Raindrop's DATA-COVER) becomes the pin's image. Links that are not http(s) (javascript:, place:)
 * are skipped.
 */
export async function parseBookmarks(html: string, pause: () => Promise<unknown> = async () => undefined): Promise<Plan> {
  checkBookmarks(html);
  const plan = planBuilder();
  /** The open folders, outermost first. */
  const folders: string[] = [];
  let pendingFolder: string | null = null;
  let heading: string | null = null;
  let anchor: { href: string | null; attrs: Record<string, string>; text: string } | null = null;
  let last: { pin: PlannedPin; board: string; section: string | null } | null = null;
  let note: string | null = null;

  const place = () => {
    const named = folders.filter(Boolean);
    return { board: named[0] ?? LOOSE_BOOKMARKS_BOARD, section: named[1] ?? null };
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
        if (name === 'h3') heading = '';
        else if (name === 'a') anchor = { href: attrs.href ?? null, attrs, text: '' };
        else if (name === 'dd') note = '';
        else if (name === 'dt') flushPin();
        else if (name === 'dl') {
          flushPin();
          if (pendingFolder !== null) folders.push(pendingFolder);
          // A list with no heading before it (the outer list) opens no folder: a marker keeps </dl> balanced.
          else folders.push('');
          pendingFolder = null;
        }
      },
      ontext(text) {
        if (heading !== null) heading += text;
        else if (anchor) anchor.text += text;
        else if (note !== null) note += text;
      },
      onclosetag(name) {
        if (name === 'h3' && heading !== null) {
          pendingFolder = heading.trim() || 'Untitled';
          heading = null;
        } else if (name === 'a' && anchor) {
          const link = httpAddress(anchor.href);
          if (link) {
            const tags = (anchor.attrs.tags ?? '').split(/[,\s]+/).filter(Boolean).map((tag) => `#${tag.replace(/^#/, '')}`);
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
          folders.pop();
        }
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true, lowerCaseTags: true },
  );
  // Fed a piece at a time, with a pause between: a 20 MB file does not hold the server's other requests.
  for (let at = 0; at < html.length; at += PARSE_CHUNK) {
    parser.write(html.slice(at, at + PARSE_CHUNK));
    await pause();
  }
  parser.end();
  flushPin();
  const result = plan.plan();
  if (!result.boards.length) throw new ApiError('import_empty', 'This bookmarks file has no web links in it.');
  return result;
}

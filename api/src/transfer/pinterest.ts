import { ApiError } from '../lib/errors.js';
import { planBuilder } from './plan.js';
import { fileDate, fitDescription, fitText, fitTitle, httpAddress, type Plan } from './rules.js';
import { ALT_TEXT_MAX } from '../pins/rules/limits.js';

/**
 * A Pinterest export: pins with their board's name and image address, as a CSV or as JSON.
 *
 * CSV: the columns of Pinterest's bulk-create sheet ("Title, Media URL, Pinterest board, Thumbnail,
 * Description, Link, Publish date, Keywords"), and the names export tools use for the same things
 * ("Board", "Board Name", "Image URL", "Section", "URL", "Created at"). Header names are matched folded.
 *
 * JSON: a list of pins, or `{pins | items: [...]}` with `{boards: [...]}` beside it as Pinterest's API v5
 * answers them: a pin's board by `board_name`/`board` or by `board_id` into the boards' names; its image
 * by `image_url`, `media_url` or `media.images.{originals|1200x|600x|...}.url`.
 */

const COLUMNS = {
  board: ['pinterest board', 'board', 'board name', 'board_name'],
  section: ['board section', 'section', 'section name', 'section_name'],
  title: ['title', 'name'],
  description: ['description', 'note', 'details'],
  link: ['link', 'url', 'destination link', 'source url', 'website'],
  image: ['media url', 'image url', 'image_url', 'image', 'media_url', 'thumbnail'],
  alt: ['alt text', 'alt_text'],
  date: ['publish date', 'created at', 'created_at', 'date'],
  keywords: ['keywords', 'tags'],
} as const;

/** RFC 4180 rows: quoted fields may hold commas, quotes ("") and line breaks. */
export function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      row.push(field);
      field = '';
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else field += ch;
  }
  if (quoted) throw new ApiError('import_invalid', 'This CSV file ends inside a quoted field.');
  if (field !== '' || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((r) => r.some((f) => f.trim() !== ''));
}

const keywordsTags = (value: string | undefined) =>
  (value ?? '')
    .split(/[,;]/)
    .map((k) => k.trim().replace(/^#/, '').replace(/\s+/g, ''))
    .filter(Boolean)
    .map((k) => `#${k}`)
    .join(' ');

/** Each column's index in a CSV header (-1: none); a header without a link or image column is refused. */
function columnsOf(header: string[]) {
  const folded = header.map((h) => h.trim().toLowerCase());
  const column = (names: readonly string[]) => folded.findIndex((h) => names.includes(h));
  const at = Object.fromEntries(Object.entries(COLUMNS).map(([key, names]) => [key, column(names)])) as Record<keyof typeof COLUMNS, number>;
  if (at.link < 0 && at.image < 0) throw new ApiError('import_invalid', 'This CSV file has no column of links or images (for example "Link" or "Media URL").');
  return at;
}

/** What the upload's request checks at once (cheap): the header row. */
export function checkPinterestCsv(text: string) {
  columnsOf(csvRows((text.replace(/^\uFEFF/, '').split(/\r?\n/, 1)[0] ?? '') + '\n')[0] ?? []);
}

/** Rows or pins read between two pauses. */
const PAUSE_EVERY = 2_000;

export async function parsePinterestCsv(text: string, pause: () => Promise<unknown> = async () => undefined): Promise<Plan> {
  const rows = csvRows(text.replace(/^\uFEFF/, ''));
  const at = columnsOf(rows.shift() ?? []);
  const plan = planBuilder();
  let n = 0;
  for (const row of rows) {
    if (++n % PAUSE_EVERY === 0) await pause();
    const cell = (i: number) => (i >= 0 ? row[i] : undefined);
    const link = httpAddress(cell(at.link));
    const image = httpAddress(cell(at.image));
    if (!link && !image) continue;
    const description = [cell(at.description) ?? '', keywordsTags(cell(at.keywords))].filter(Boolean).join(' ');
    plan.add(cell(at.board) || 'Pinterest', cell(at.section), {
      link,
      title: fitTitle(cell(at.title)),
      description: fitDescription(description),
      alt_text: fitText(cell(at.alt), ALT_TEXT_MAX, true),
      image_url: image,
      image_file: null,
      created_at: fileDate(cell(at.date)),
    });
  }
  const result = plan.plan();
  if (!result.boards.length) throw new ApiError('import_empty', 'This CSV file has no rows with a link or an image address.');
  return result;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined);

/** The largest image Pinterest's API names for a pin (`media.images`), or the one it names outright. */
function imageOf(pin: Json): string | null {
  const direct = httpAddress(pin.image_url ?? pin.media_url ?? pin.imageUrl ?? pin.image);
  if (direct) return direct;
  const media = isObject(pin.media) ? pin.media : isObject(pin.images) ? { images: pin.images } : null;
  const images = media && isObject(media.images) ? media.images : null;
  if (!images) return null;
  for (const size of ['originals', 'orig', '1200x', '736x', '600x', '400x300', '236x', '150x150']) {
    const entry = images[size];
    const url = isObject(entry) ? httpAddress(entry.url) : null;
    if (url) return url;
  }
  return null;
}

export async function parsePinterestJson(text: string, pause: () => Promise<unknown> = async () => undefined): Promise<Plan> {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    throw new ApiError('import_invalid', 'This JSON file is not valid JSON.');
  }
  const pins = Array.isArray(data) ? data : isObject(data) ? (data.pins ?? data.items) : undefined;
  if (!Array.isArray(pins)) throw new ApiError('import_invalid', 'This JSON file has no list of Pins ("pins" or "items").');
  const boardNames = new Map<string, { name: string; description: string; privacy: 'public' | 'secret' }>();
  if (isObject(data) && Array.isArray(data.boards)) {
    for (const b of data.boards) {
      const id = isObject(b) ? str(b.id) : undefined;
      if (id && isObject(b)) boardNames.set(id, { name: str(b.name) ?? 'Pinterest', description: fitDescription(b.description), privacy: b.privacy === 'SECRET' || b.privacy === 'secret' ? 'secret' : 'public' });
    }
  }
  const plan = planBuilder();
  let n = 0;
  for (const pin of pins) {
    if (++n % PAUSE_EVERY === 0) await pause();
    if (!isObject(pin)) continue;
    const link = httpAddress(pin.link ?? pin.url);
    const image = imageOf(pin);
    if (!link && !image) continue;
    const known = boardNames.get(str(pin.board_id) ?? '');
    const boardName = str(pin.board_name) ?? (isObject(pin.board) ? str(pin.board.name) : str(pin.board)) ?? known?.name ?? 'Pinterest';
    plan.add(
      boardName,
      str(pin.section_name) ?? str(pin.section),
      {
        link,
        title: fitTitle(pin.title),
        description: fitDescription(pin.description),
        alt_text: fitText(pin.alt_text, ALT_TEXT_MAX, true),
        image_url: image,
        image_file: null,
        created_at: fileDate(pin.created_at),
      },
      known && { description: known.description, privacy: known.privacy },
    );
  }
  const result = plan.plan();
  if (!result.boards.length) throw new ApiError('import_empty', 'This JSON file has no Pins with a link or an image address.');
  return result;
}

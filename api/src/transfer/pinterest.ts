import { CsvError, parse, type Options } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { ApiError } from '../lib/errors.js';
import { planBuilder } from './plan.js';
import { jsonValues, readBudget, type ReadBudget, type Source } from './read.js';
import { IMPORT_MAX_BOARDS, IMPORT_MAX_RECORD_BYTES, IMPORT_MAX_ROWS, fileDate, fitDescription, fitText, fitTitle, httpAddress, type Plan } from './rules.js';
import { ALT_TEXT_MAX } from '../pins/rules/limits.js';

/**
 * A Pinterest export: pins with their board's name and image address, as a CSV or as JSON.
 *
 * Both are read streaming (csv-parse; stream-json), a row or a pin at a time, under the import's limits.
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

/** RFC 4180 as csv-parse reads it: quoted fields may hold commas, quotes ("") and line breaks; blank lines skipped. */
const CSV_OPTIONS: Options = {
  bom: true,
  record_delimiter: ['\r\n', '\n', '\r'],
  skip_empty_lines: true,
  relax_column_count: true,
  relax_quotes: true,
  max_record_size: IMPORT_MAX_RECORD_BYTES,
};

const csvRefusal = (error: unknown) => {
  if (!(error instanceof CsvError)) return error;
  if (error.code === 'CSV_QUOTE_NOT_CLOSED') return new ApiError('import_invalid', 'This CSV file ends inside a quoted field.');
  if (error.code === 'CSV_MAX_RECORD_SIZE') return new ApiError('import_invalid', 'This CSV file has a row longer than any Pin could be.');
  return new ApiError('import_invalid', 'This CSV file is damaged.');
};

/** What the upload's request checks at once (cheap): the header, the first line of the file's first bytes. */
export function checkPinterestCsv(head: Buffer) {
  const line =
    head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/, 1)[0] ?? '';
  let header: string[] = [];
  try {
    header = (parseSync(line, { ...CSV_OPTIONS, to: 1 }) as string[][])[0] ?? [];
  } catch (error) {
    throw csvRefusal(error);
  }
  columnsOf(header);
}

export async function parsePinterestCsv(source: Source, budget: ReadBudget = readBudget()): Promise<Plan> {
  const plan = planBuilder();
  let at: ReturnType<typeof columnsOf> | null = null;
  let rows = 0;
  const records = source().pipe(parse(CSV_OPTIONS));
  try {
    for await (const row of records as AsyncIterable<string[]>) {
      budget.check();
      if (!at) {
        at = columnsOf(row);
        continue;
      }
      if (++rows > IMPORT_MAX_ROWS) throw new ApiError('import_too_many', `One import reads at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows.`);
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
  } catch (error) {
    throw csvRefusal(error);
  } finally {
    records.destroy();
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

const INVALID_JSON = 'This JSON file is not valid JSON.';

/**
 * Read in two passes: the boards' names first (`boards`, at most IMPORT_MAX_BOARDS of them), then the pins,
 * one at a time, from a top-level list or the list under `pins` or `items`.
 */
export async function parsePinterestJson(source: Source, budget: ReadBudget = readBudget()): Promise<Plan> {
  const boardNames = new Map<string, { name: string; description: string; privacy: 'public' | 'secret' }>();
  for await (const b of jsonValues(source(), /^boards\.\d+$/, INVALID_JSON)) {
    budget.check();
    const id = isObject(b) ? str(b.id) : undefined;
    if (!id || !isObject(b)) continue;
    if (boardNames.size >= IMPORT_MAX_BOARDS) throw new ApiError('import_too_many', `One import makes at most ${IMPORT_MAX_BOARDS} boards.`);
    boardNames.set(id, {
      name: str(b.name) ?? 'Pinterest',
      description: fitDescription(b.description),
      privacy: b.privacy === 'SECRET' || b.privacy === 'secret' ? 'secret' : 'public',
    });
  }
  const plan = planBuilder();
  let listed = 0;
  for await (const pin of jsonValues(source(), /^(\d+|(pins|items)\.\d+)$/, INVALID_JSON)) {
    budget.check();
    listed++;
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
  if (!listed) throw new ApiError('import_invalid', 'This JSON file has no list of Pins ("pins" or "items").');
  const result = plan.plan();
  if (!result.boards.length) throw new ApiError('import_empty', 'This JSON file has no Pins with a link or an image address.');
  return result;
}

import { BOARD_NAME_MAX } from '../boards/rules.js';
import { fitUserText } from '../lib/rules/text.js';
import { DESCRIPTION_MAX, PIN_TITLE_MAX } from '../pins/rules/limits.js';

/**
 * Import and export: what every importer turns its file into, and the limits that hold for
 * any file. Pure: the parsers (bookmarks.ts, pinterest.ts, archive.ts) build a Plan, the service checks
 * and writes it; the web app reads the limits to say them.
 */

/** The largest file an import takes: a bookmarks file of 100,000 links is ~20 MB; a ZIP with its images far more. */
export const IMPORT_MAX_BYTES = 512 * 1024 * 1024;
/** A text file (HTML, CSV, JSON), and each JSON file inside a ZIP: held to this. */
export const IMPORT_TEXT_MAX_BYTES = 64 * 1024 * 1024;
/** Most pins one import writes. */
export const IMPORT_MAX_PINS = 100_000;
/** Most boards one import makes (folders become boards). */
export const IMPORT_MAX_BOARDS = 2_000;
/** Most sections one import makes, over all its boards. */
export const IMPORT_MAX_SECTIONS = 10_000;
/**
 * Most pins one person's imports write in IMPORT_QUOTA_WINDOW_MS: every imported image is a fetch from
 * someone else's site, so a person cannot make the server fetch without end by importing again and again.
 */
export const IMPORT_QUOTA_PINS = 200_000;
export const IMPORT_QUOTA_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Rows a CSV may have (with or without a link): the pins, and as many rows that are not. */
export const IMPORT_MAX_ROWS = 2 * IMPORT_MAX_PINS;
/** The longest one CSV row or bookmark may be: a quote never closed is refused here, not held whole. */
export const IMPORT_MAX_RECORD_BYTES = 1024 * 1024;
/** Folders (nested lists) a bookmarks file may nest, and elements of any kind. */
export const IMPORT_MAX_NESTING = 32;
export const IMPORT_MAX_ELEMENT_DEPTH = 256;
/** boards.json inside a ZIP: 2,000 boards with their sections fit well under this. */
export const IMPORT_BOARDS_JSON_MAX_BYTES = 8 * 1024 * 1024;
/** How long reading one file may take in its job; past it the import fails (import_too_large). */
export const IMPORT_READ_BUDGET_MS = 5 * 60 * 1000;
/** Bytes parsed at a time: the server's other requests are answered between two pieces. */
export const IMPORT_READ_CHUNK = 8 * 1024;
/**
 * Attempts of an import's job: a file whose read stopped the process twice (its memory, its time) is not
 * read a third time; the import fails with import_too_large.
 */
export const IMPORT_MAX_ATTEMPTS = 2;
/** Pins written per transaction: each commit is short, so requests between batches stay fast. */
export const IMPORT_BATCH = 200;

/** A ZIP: most entries, most bytes once inflated, and most inflation per entry (a zip bomb passes none). */
export const ZIP_MAX_ENTRIES = IMPORT_MAX_PINS + 10;
export const ZIP_MAX_INFLATED_BYTES = 2 * 1024 * 1024 * 1024;
export const ZIP_MAX_RATIO = 100;

export type ImportFormat = 'bookmarks' | 'pinterest-csv' | 'pinterest-json' | 'corkboard-zip';
export const IMPORT_FORMATS: readonly ImportFormat[] = ['bookmarks', 'pinterest-csv', 'pinterest-json', 'corkboard-zip'];

export interface PlannedPin {
  link: string | null;
  title: string;
  description: string;
  alt_text: string;
  /** A remote image: fetched by the ingest job under the outbound rules. */
  image_url: string | null;
  /** An image inside the imported ZIP (its entry name). */
  image_file: string | null;
  /** Epoch ms, when the file says; else the import's time. */
  created_at: number | null;
}

export interface PlannedBoard {
  name: string;
  description: string;
  privacy: 'public' | 'secret';
  sections: string[];
  /** Each pin with the index of its section in `sections`, or null. */
  pins: Array<PlannedPin & { section: number | null }>;
}

export interface Plan {
  boards: PlannedBoard[];
}

export const pinCount = (plan: Plan) => plan.boards.reduce((n, b) => n + b.pins.length, 0);

/**
 * Text from a file made elsewhere, fitted to our fields by the one text rule (lib/text.ts fitUserText):
 * what a form would refuse is dropped (one bad character must not fail a 10,000-bookmark import).
 */
export const fitText = fitUserText;

export const fitBoardName = (value: unknown) => fitText(value, BOARD_NAME_MAX) || 'Imported';
export const fitTitle = (value: unknown) => fitText(value, PIN_TITLE_MAX);
export const fitDescription = (value: unknown) => fitText(value, DESCRIPTION_MAX, true);

/** An http(s) address as given, or null: anything else (javascript:, place:, data:, file:) is not a pin's link. */
export function httpAddress(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  if (trimmed.length > 2048) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** A date from a file: seconds (Netscape ADD_DATE), milliseconds, or an ISO string; null when none or absurd. */
export function fileDate(value: unknown): number | null {
  if (value === undefined || value === null || value === '') return null;
  let ms: number;
  if (typeof value === 'number' || /^\d+$/.test(String(value))) {
    const n = Number(value);
    // Seconds until the year 5138; microseconds (Firefox's LAST_MODIFIED in places) past 1e15.
    ms = n < 1e11 ? n * 1000 : n > 1e15 ? Math.floor(n / 1000) : n;
  } else {
    ms = Date.parse(String(value));
  }
  // Before 1990 or more than a day in the future: not a date a save could have.
  return Number.isFinite(ms) && ms > 631_152_000_000 && ms < Date.now() + 86_400_000 ? ms : null;
}

/**
 * Which importer reads a file, from its first bytes: a ZIP by its signature, JSON by its first character,
 * a Netscape bookmarks file by its doctype (or a <DL> list), else a CSV whose header names a link or an
 * image. Null: none of ours.
 */
export function sniffFormat(head: Buffer): ImportFormat | null {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'corkboard-zip';
  const text = head
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart();
  if (text.startsWith('{') || text.startsWith('[')) return 'pinterest-json';
  if (/^<!DOCTYPE\s+NETSCAPE-Bookmark-file-1>/i.test(text) || (/^</.test(text) && /<DL[\s>]/i.test(text))) return 'bookmarks';
  const header = (text.split(/\r?\n/, 1)[0] ?? '').toLowerCase();
  if (!text.startsWith('<') && header.includes(',') && /(url|link|board)/.test(header)) return 'pinterest-csv';
  return null;
}

/** The export's layout: one JSON file of boards and sections, one of pins, and each image's original. */
export const EXPORT_BOARDS_FILE = 'boards.json';
export const EXPORT_PINS_FILE = 'pins.json';
export const EXPORT_FORMAT = 'corkboard-export';
export const EXPORT_VERSION = 1;
export const exportImageName = (imageId: string) => `images/${imageId}.jpg`;
export const EXPORT_IMAGE_NAME = /^images\/\d{1,20}\.jpg$/;

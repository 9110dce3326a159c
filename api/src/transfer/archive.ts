import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { z } from 'zod';
import { ApiError } from '../lib/errors.js';
import { IMAGE_MAX_BYTES } from '../images/service.js';
import { planBuilder } from './plan.js';
import { jsonValues, readBudget, type ReadBudget } from './read.js';
import {
  EXPORT_BOARDS_FILE,
  IMPORT_BOARDS_JSON_MAX_BYTES,
  IMPORT_MAX_BOARDS,
  IMPORT_MAX_SECTIONS,
  EXPORT_FORMAT,
  EXPORT_IMAGE_NAME,
  EXPORT_PINS_FILE,
  IMPORT_TEXT_MAX_BYTES,
  ZIP_MAX_ENTRIES,
  ZIP_MAX_INFLATED_BYTES,
  ZIP_MAX_RATIO,
  fileDate,
  fitDescription,
  fitText,
  fitTitle,
  httpAddress,
  type Plan,
} from './rules.js';
import { ALT_TEXT_MAX } from '../pins/rules/limits.js';

/**
 * The ZIP we export, read back. Opened through its central directory (yauzl), each entry judged
 * before a byte is inflated: a name that climbs out (`..`, `/…`, `C:`, `\`), too many entries, more bytes
 * inflated than a person's export holds, or an entry that inflates more than ZIP_MAX_RATIO times its packed
 * size (a zip bomb) refuse the whole file. yauzl holds every entry to its declared size as it inflates, so a
 * header that lies is caught too.
 */

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, zip) =>
      error ? reject(error) : resolve(zip),
    ),
  );

/** A name that could land outside the folder it is unpacked to. */
export const unsafeEntryName = (name: string) =>
  name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..') || name.includes('\0');

export interface ArchiveIndex {
  zip: yauzl.ZipFile;
  entries: Map<string, yauzl.Entry>;
  close(): void;
}

/** The archive's entries by name, every one judged; the caller closes it. */
export async function openArchive(path: string): Promise<ArchiveIndex> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(path);
  } catch (error) {
    throw refusal(error);
  }
  const entries = new Map<string, yauzl.Entry>();
  try {
    if (zip.entryCount > ZIP_MAX_ENTRIES)
      throw new ApiError('import_unsafe_archive', `This ZIP file has more than ${ZIP_MAX_ENTRIES.toLocaleString('en')} files in it.`);
    let inflated = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const name = entry.fileName;
          if (unsafeEntryName(name))
            throw new ApiError('import_unsafe_archive', `This ZIP file has a file named "${name.slice(0, 80)}" that points outside it.`);
          if (entry.isEncrypted()) throw new ApiError('import_invalid', 'This ZIP file is encrypted.');
          inflated += entry.uncompressedSize;
          if (inflated > ZIP_MAX_INFLATED_BYTES) throw new ApiError('import_unsafe_archive', 'This ZIP file unpacks to more than we can take.');
          if (entry.uncompressedSize > 1024 * 1024 && entry.uncompressedSize > ZIP_MAX_RATIO * Math.max(1, entry.compressedSize)) {
            throw new ApiError('import_unsafe_archive', `"${name.slice(0, 80)}" in this ZIP file unpacks to far more than its size.`);
          }
          if (!name.endsWith('/')) entries.set(name, entry);
          zip.readEntry();
        } catch (error) {
          reject(error);
        }
      });
      zip.readEntry();
    });
  } catch (error) {
    zip.close();
    throw refusal(error);
  }
  return { zip, entries, close: () => zip.close() };
}

/** yauzl's own refusals: of a name (it checks them too), or of a file that is no ZIP. */
function refusal(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (/relative path|absolute path|invalid characters|file name/i.test(message))
    return new ApiError('import_unsafe_archive', 'This ZIP file has a file name that points outside it.');
  return new ApiError('import_invalid', 'This ZIP file is damaged.');
}

/** One entry's bytes as they inflate; refused when it says it is larger than `max` (yauzl holds it to what it says). */
async function openEntry(archive: ArchiveIndex, name: string, max: number): Promise<Readable> {
  const entry = archive.entries.get(name);
  if (!entry) throw new ApiError('import_invalid', `This ZIP file has no ${name}.`);
  if (entry.uncompressedSize > max) throw new ApiError('import_too_large', `${name} in this ZIP file is too large.`);
  try {
    return await new Promise<Readable>((resolve, reject) => archive.zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))));
  } catch (error) {
    throw refusal(error);
  }
}

/** One entry's bytes, held to `max` (its declared size is checked first, its real size as it inflates). */
export async function readEntry(archive: ArchiveIndex, name: string, max: number): Promise<Buffer> {
  const stream = await openEntry(archive, name, max);
  try {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      size += (chunk as Buffer).length;
      if (size > max) {
        stream.destroy();
        throw new ApiError('import_unsafe_archive', `${name} in this ZIP file unpacks to more than it says.`);
      }
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks);
  } catch (error) {
    throw refusal(error);
  }
}

/** The JSON values of an entry at the paths `filter` matches, streamed as it inflates (read.ts jsonValues). */
async function* entryValues(archive: ArchiveIndex, name: string, max: number, filter: RegExp): AsyncGenerator<unknown> {
  try {
    yield* jsonValues(await openEntry(archive, name, max), filter, `${name} in this ZIP file is not valid JSON.`);
  } catch (error) {
    throw refusal(error);
  }
}

const text = z.string().max(100_000).catch('');
const exportedBoard = z.object({
  id: z.string().max(40),
  name: z.string().max(1000),
  description: text.default(''),
  privacy: z.string().max(20).catch('public'),
  sections: z.array(z.object({ id: z.string().max(40), title: z.string().max(1000) })).default([]),
});
const exportedPin = z.object({
  board_id: z.string().max(40),
  section_id: z.string().max(40).nullish(),
  link: z.string().max(4096).nullish(),
  title: text.default(''),
  description: text.default(''),
  alt_text: text.default(''),
  image_url: z.string().max(4096).nullish(),
  image: z.string().max(200).nullish(),
  created_at: z.union([z.string().max(40), z.number()]).nullish(),
});

/**
 * Our export read back into a Plan: boards (empty ones too) with their sections, and pins with their
 * image as the entry that holds it (the image's address as a fallback, when the entry is missing).
 */
export async function parseArchive(archive: ArchiveIndex, budget: ReadBudget = readBudget()): Promise<Plan> {
  if (!archive.entries.has(EXPORT_BOARDS_FILE) || !archive.entries.has(EXPORT_PINS_FILE)) {
    throw new ApiError('import_invalid', `This ZIP file is not an export from us: it has no ${EXPORT_BOARDS_FILE} and ${EXPORT_PINS_FILE}.`);
  }
  const notOurs = (name: string) => new ApiError('import_invalid', `${name} in this ZIP file is not one we wrote.`);
  const plan = planBuilder();
  type Board = { name: string; sections: Map<string, string> };
  const boards = new Map<string, Board>();
  let format: unknown;
  // boards.json: its format, then each board alone (a list of a million sections is refused as it is read).
  for await (const value of entryValues(archive, EXPORT_BOARDS_FILE, IMPORT_BOARDS_JSON_MAX_BYTES, /^(format|boards\.\d+)$/)) {
    budget.check();
    if (typeof value === 'string') {
      format = value;
      continue;
    }
    if (format !== EXPORT_FORMAT) throw notOurs(EXPORT_BOARDS_FILE);
    if (boards.size >= IMPORT_MAX_BOARDS) throw new ApiError('import_too_many', `One import makes at most ${IMPORT_MAX_BOARDS} boards.`);
    const sections = (value as { sections?: unknown } | null)?.sections;
    if (Array.isArray(sections) && sections.length > IMPORT_MAX_SECTIONS)
      throw new ApiError('import_too_many', `One import makes at most ${IMPORT_MAX_SECTIONS.toLocaleString('en')} sections.`);
    const parsed = exportedBoard.safeParse(value);
    if (!parsed.success) throw notOurs(EXPORT_BOARDS_FILE);
    const b = parsed.data;
    plan.board(b.name, { description: fitDescription(b.description), privacy: b.privacy === 'public' ? 'public' : 'secret' });
    // Sections keep their order, even those with no pins.
    for (const s of b.sections) plan.section(b.name, s.title);
    boards.set(b.id, { name: b.name, sections: new Map(b.sections.map((s) => [s.id, s.title])) });
  }
  if (format !== EXPORT_FORMAT) throw notOurs(EXPORT_BOARDS_FILE);
  let listed = 0;
  for await (const value of entryValues(archive, EXPORT_PINS_FILE, IMPORT_TEXT_MAX_BYTES, /^\d+$/)) {
    budget.check();
    if (++listed > ZIP_MAX_ENTRIES) throw new ApiError('import_too_many', `One import takes at most ${ZIP_MAX_ENTRIES.toLocaleString('en')} Pins.`);
    const parsed = exportedPin.safeParse(value);
    if (!parsed.success) throw notOurs(EXPORT_PINS_FILE);
    const pin = parsed.data;
    const board = boards.get(pin.board_id);
    if (!board) throw new ApiError('import_invalid', `${EXPORT_PINS_FILE} names a board that ${EXPORT_BOARDS_FILE} does not have.`);
    const image = pin.image && EXPORT_IMAGE_NAME.test(pin.image) && archive.entries.has(pin.image) ? pin.image : null;
    const link = httpAddress(pin.link);
    const imageUrl = httpAddress(pin.image_url);
    if (!link && !image && !imageUrl) continue;
    plan.add(board.name, pin.section_id ? board.sections.get(pin.section_id) : null, {
      link,
      title: fitTitle(pin.title),
      description: fitDescription(pin.description),
      alt_text: fitText(pin.alt_text, ALT_TEXT_MAX, true),
      image_url: image ? null : imageUrl,
      image_file: image,
      created_at: fileDate(pin.created_at),
    });
  }
  return plan.plan();
}

/** An image entry's bytes, for the import's job; IMAGE_MAX_BYTES as any image. */
export const readImageEntry = (archive: ArchiveIndex, name: string) => readEntry(archive, name, IMAGE_MAX_BYTES);

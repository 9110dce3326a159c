import { Readable } from 'node:stream';
import yauzl from 'yauzl';
import { z } from 'zod';
import { ApiError } from '../lib/errors.js';
import { IMAGE_MAX_BYTES } from '../images/service.js';
import { planBuilder } from './plan.js';
import {
  EXPORT_BOARDS_FILE,
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
 * The ZIP we export, read back (issue 28). Opened through its central directory (yauzl), each entry judged
 * before a byte is inflated: a name that climbs out (`..`, `/…`, `C:`, `\`), too many entries, more bytes
 * inflated than a person's export holds, or an entry that inflates more than ZIP_MAX_RATIO times its packed
 * size (a zip bomb) refuse the whole file. yauzl holds every entry to its declared size as it inflates, so a
 * header that lies is caught too.
 */

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );

/** A name that could land outside the folder it is unpacked to. */
export const unsafeEntryName = (name: string) => name.startsWith('/') || name.includes('\\') || /^[a-z]:/i.test(name) || name.split('/').includes('..') || name.includes('\0');

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
    if (zip.entryCount > ZIP_MAX_ENTRIES) throw new ApiError('import_unsafe_archive', `This ZIP file has more than ${ZIP_MAX_ENTRIES.toLocaleString('en')} files in it.`);
    let inflated = 0;
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        try {
          const name = entry.fileName;
          if (unsafeEntryName(name)) throw new ApiError('import_unsafe_archive', `This ZIP file has a file named "${name.slice(0, 80)}" that points outside it.`);
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
  if (/relative path|absolute path|invalid characters|file name/i.test(message)) return new ApiError('import_unsafe_archive', 'This ZIP file has a file name that points outside it.');
  return new ApiError('import_invalid', 'This ZIP file is damaged.');
}

/** One entry's bytes, held to `max` (its declared size is checked first, its real size as it inflates). */
export async function readEntry(archive: ArchiveIndex, name: string, max: number): Promise<Buffer> {
  const entry = archive.entries.get(name);
  if (!entry) throw new ApiError('import_invalid', `This ZIP file has no ${name}.`);
  if (entry.uncompressedSize > max) throw new ApiError('import_too_large', `${name} in this ZIP file is too large.`);
  try {
    const stream = await new Promise<Readable>((resolve, reject) => archive.zip.openReadStream(entry, (error, s) => (error ? reject(error) : resolve(s))));
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

const text = z.string().max(100_000).catch('');
const exportedBoards = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int(),
  boards: z
    .array(
      z.object({
        id: z.string().max(40),
        name: z.string().max(1000),
        description: text.default(''),
        privacy: z.string().max(20).catch('public'),
        sections: z.array(z.object({ id: z.string().max(40), title: z.string().max(1000) })).max(10_000).default([]),
      }),
    )
    .max(100_000),
});
const exportedPins = z
  .array(
    z.object({
      board_id: z.string().max(40),
      section_id: z.string().max(40).nullish(),
      link: z.string().max(4096).nullish(),
      title: text.default(''),
      description: text.default(''),
      alt_text: text.default(''),
      image_url: z.string().max(4096).nullish(),
      image: z.string().max(200).nullish(),
      created_at: z.union([z.string().max(40), z.number()]).nullish(),
    }),
  )
  .max(ZIP_MAX_ENTRIES);

const jsonOf = (bytes: Buffer, name: string) => {
  try {
    return JSON.parse(bytes.toString('utf8'));
  } catch {
    throw new ApiError('import_invalid', `${name} in this ZIP file is not valid JSON.`);
  }
};

/**
 * Our export read back into a Plan: boards (empty ones too) with their sections, and pins with their
 * image as the entry that holds it (the image's address as a fallback, when the entry is missing).
 */
export async function parseArchive(archive: ArchiveIndex): Promise<Plan> {
  if (!archive.entries.has(EXPORT_BOARDS_FILE) || !archive.entries.has(EXPORT_PINS_FILE)) {
    throw new ApiError('import_invalid', `This ZIP file is not an export from us: it has no ${EXPORT_BOARDS_FILE} and ${EXPORT_PINS_FILE}.`);
  }
  const boardsParsed = exportedBoards.safeParse(jsonOf(await readEntry(archive, EXPORT_BOARDS_FILE, IMPORT_TEXT_MAX_BYTES), EXPORT_BOARDS_FILE));
  if (!boardsParsed.success) throw new ApiError('import_invalid', `${EXPORT_BOARDS_FILE} in this ZIP file is not one we wrote.`);
  const pinsParsed = exportedPins.safeParse(jsonOf(await readEntry(archive, EXPORT_PINS_FILE, IMPORT_TEXT_MAX_BYTES), EXPORT_PINS_FILE));
  if (!pinsParsed.success) throw new ApiError('import_invalid', `${EXPORT_PINS_FILE} in this ZIP file is not one we wrote.`);

  const plan = planBuilder();
  const boards = new Map(boardsParsed.data.boards.map((b) => [b.id, { ...b, sections: new Map(b.sections.map((s) => [s.id, s.title])) }]));
  const extra = (b: (typeof boardsParsed.data.boards)[number]) => ({ description: fitDescription(b.description), privacy: b.privacy === 'public' ? ('public' as const) : ('secret' as const) });
  for (const b of boardsParsed.data.boards) {
    plan.board(b.name, extra(b));
    // Sections keep their order, even those with no pins.
    for (const s of b.sections) plan.section(b.name, s.title);
  }
  for (const pin of pinsParsed.data) {
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

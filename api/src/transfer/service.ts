import { createWriteStream } from 'node:fs';
import { OWNER_ONLY_FILE } from '../lib/private-files.js';
import { rm, stat } from 'node:fs/promises';
import { scratchPath } from '../jobs/scratch.js';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import yazl from 'yazl';
import type { Deps, Viewer } from '../deps.js';
import type { JobHandler } from '../jobs/service.js';
import { ApiError } from '../lib/errors.js';
import { newId } from '../lib/ids.js';
import { freeSlug, slugBase } from '../boards/service.js';
import { BOARD_NAME_MAX } from '../boards/rules.js';
import { boardRule, SHOWN_STATE } from '../policy/rules.js';
import { ownImageSource, imageJson, type ImagesService } from '../images/service.js';
import { mediaKeys, mediaObjects } from '../storage/index.js';
import { imagesStore } from '../images/store.js';
import { openArchive, parseArchive, readImageEntry, type ArchiveIndex } from './archive.js';
import { parseBookmarks } from './bookmarks.js';
import { checkPinterestCsv, parsePinterestCsv, parsePinterestJson } from './pinterest.js';
import { fileSource, readBudget } from './read.js';
import {
  EXPORT_BOARDS_FILE,
  EXPORT_FORMAT,
  EXPORT_PINS_FILE,
  EXPORT_VERSION,
  IMPORT_BATCH,
  IMPORT_MAX_ATTEMPTS,
  IMPORT_MAX_BYTES,
  IMPORT_QUOTA_PINS,
  IMPORT_QUOTA_WINDOW_MS,
  IMPORT_TEXT_MAX_BYTES,
  exportImageName,
  pinCount,
  sniffFormat,
  type ImportFormat,
  type Plan,
} from './rules.js';
import { transfersStore, type TransferRow } from './store.js';

export const IMPORT_JOB = 'transfer.import';
export const EXPORT_JOB = 'transfer.export';
export interface TransferJobPayload {
  transfer_id: string;
}

/**
 * A transfer whose row has not moved for this long is no longer waited for (its job failed for good on
 * an error of ours, and the queue keeps it as 'failed'): the person may start another.
 */
export const TRANSFER_STALE_MS = 60 * 60 * 1000;

/** How many bytes decide a file's format (rules.ts sniffFormat). */
const SNIFF_BYTES = 4096;

/**
 * Where an import's file and an export's ZIP are kept: in the media store (MEDIA_DIR or the bucket)
 * under `transfers/`, so whichever host runs the job finds them; a file is put there whole. Local scratch
 * (the bytes arriving, a ZIP being written, a copy for yauzl, which reads a file at random) lives in this
 * host's MEDIA_DIR/transfers-work/.
 */
export const importKey = mediaKeys.import;
export const exportKey = mediaKeys.export;
/** A scratch file of this host's (jobs/scratch.ts: named for the job attempt or request that owns it, swept when none does). */
const scratch = (mediaDir: string, name: string) => scratchPath(mediaDir, 'transfers-work', name);

/**
 * The one read of the media store an export makes for an image: its original rendition as a stream, or an
 * empty one when the store has none (a pin whose image was swept; the import then leaves that pin without it).
 */
async function openOriginal(config: Deps['config'], imageId: string): Promise<Readable> {
  const found = await mediaObjects(config).open(mediaKeys.rendition(imageId, 'originals'));
  return found?.body ?? Readable.from([]);
}

/**
 * A file's Plan, by its format, read only by the job: streamed a piece at a time by its format's parser,
 * under the import's limits and its time budget (rules.ts); every check is made before the first write.
 */
async function readPlan(format: ImportFormat, path: string): Promise<{ plan: Plan; archive: ArchiveIndex | null }> {
  const budget = readBudget();
  if (format === 'corkboard-zip') {
    const archive = await openArchive(path);
    try {
      return { plan: await parseArchive(archive, budget), archive };
    } catch (error) {
      archive.close();
      throw error;
    }
  }
  const source = fileSource(path);
  const plan =
    format === 'bookmarks'
      ? await parseBookmarks(source, budget)
      : format === 'pinterest-csv'
        ? await parsePinterestCsv(source, budget)
        : await parsePinterestJson(source, budget);
  return { plan, archive: null };
}

/** What the upload's request judges: the format by the first bytes, and a CSV's header (its first line). */
function checkHead(format: ImportFormat, head: Buffer) {
  if (format === 'pinterest-csv') checkPinterestCsv(head);
}

/** The pins a person's imports may still write in the quota's window (rules.ts IMPORT_QUOTA_PINS). */
const quotaRefusal = () =>
  new ApiError('import_too_many', `Your imports may add at most ${IMPORT_QUOTA_PINS.toLocaleString('en')} Pins a day. Try again tomorrow.`);

/** The distinct images of a ZIP's plan, in the order pins name them. */
const imageFiles = (plan: Plan) => [...new Set(plan.boards.flatMap((b) => b.pins.map((p) => p.image_file).filter((f): f is string => !!f)))];

interface ImportState {
  /** Per planned board: its id, and its sections' ids by their index in the plan. */
  boards: Array<{ id: string; sections: string[] }>;
  /** Per image file of the ZIP: the image id it becomes. */
  images: Record<string, string>;
}

/**
 * Import and export. An import's request only stages the file (streamed to disk, held to its
 * format's size) and judges its first bytes (the format; a CSV's header); its job reads the file into a Plan
 * (a bad file fails there, before anything is written), then writes it in short transactions, progress in
 * the transfers row. An export is a job that streams a ZIP to a
 * file (yazl: the JSON a page of pins at a time, images one by one), downloaded once ready.
 */
export function transfersService({ db, config, clock }: Deps) {
  const store = transfersStore(db);

  const json = (row: TransferRow) => ({
    id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    total: Number(row.total),
    done: Number(row.done),
    error: row.status === 'failed' ? row.error : null,
    /** A failed import's api_error_code (the catalogue's), for the page to say it in its own words. */
    error_code: row.status === 'failed' ? row.error_code : null,
    created_at: new Date(Number(row.created_at)).toISOString(),
    download_url: row.kind === 'export' && row.status === 'done' ? `/v3/exports/${row.id}/download/` : null,
    bytes: row.bytes === null ? null : Number(row.bytes),
  });

  const own = async (viewer: Pick<Viewer, 'id'>, id: string) => {
    const row = await store.find(id);
    if (!row || row.owner_id !== viewer.id) throw new ApiError('transfer_not_found');
    return row;
  };

  const refuseWhileBusy = async (viewer: Pick<Viewer, 'id'>) => {
    if (await store.busy(viewer.id, clock.now() - TRANSFER_STALE_MS)) throw new ApiError('transfer_busy');
  };

  return {
    json,
    own,

    /** The page's view: the latest import and export, each with its progress. */
    async latest(viewer: Pick<Viewer, 'id'>) {
      const [imported, exported] = await Promise.all([store.latest(viewer.id, 'import'), store.latest(viewer.id, 'export')]);
      return { import: imported ? json(imported) : null, export: exported ? json(exported) : null };
    },

    /**
     * An import's file as it arrives: its first bytes say its format (and with it the size it may have),
     * the rest goes to disk; then it is parsed whole. Refused at any step: the file is deleted, no row, no job.
     */
    async receive(viewer: Pick<Viewer, 'id'>, chunks: AsyncIterable<Uint8Array>, declared?: number) {
      await refuseWhileBusy(viewer);
      if ((await store.importedSince(viewer.id, clock.now() - IMPORT_QUOTA_WINDOW_MS)) >= IMPORT_QUOTA_PINS) throw quotaRefusal();
      if (declared !== undefined && declared > IMPORT_MAX_BYTES) throw new ApiError('import_too_large');
      const id = newId();
      const path = await scratch(config.mediaDir, `${id}.import.part`);
      let format: ImportFormat | null = null;
      let size = 0;
      const judged = async function* () {
        let head: Buffer[] = [];
        let headSize = 0;
        const decide = () => {
          format = sniffFormat(Buffer.concat(head));
          if (!format) throw new ApiError('import_unknown_format');
          checkHead(format, Buffer.concat(head));
          const max = format === 'corkboard-zip' ? IMPORT_MAX_BYTES : IMPORT_TEXT_MAX_BYTES;
          if (Math.max(size, declared ?? 0) > max) throw new ApiError('import_too_large');
        };
        for await (const chunk of chunks) {
          size += chunk.length;
          if (!format) {
            head.push(Buffer.from(chunk));
            headSize += chunk.length;
            if (headSize < SNIFF_BYTES) continue;
            decide();
            yield* head;
            head = [];
            continue;
          }
          if (size > (format === 'corkboard-zip' ? IMPORT_MAX_BYTES : IMPORT_TEXT_MAX_BYTES)) throw new ApiError('import_too_large');
          yield chunk;
        }
        if (!format) {
          if (size === 0) throw new ApiError('import_empty', 'The file is empty. Choose another one.');
          decide();
          yield* head;
        }
      };
      try {
        await pipeline(Readable.from(judged()), createWriteStream(path, { mode: OWNER_ONLY_FILE }));
        const found = format as unknown as ImportFormat;
        // What the file holds is known once its job has read it.
        const total = 0;
        await refuseWhileBusy(viewer);
        await mediaObjects(config).putFile(importKey(id), path, 'application/octet-stream');
        try {
          await store.create({ id, owner_id: viewer.id, kind: 'import', format: found, total, now: clock.now() }, IMPORT_JOB);
        } catch (error) {
          await mediaObjects(config).delete(importKey(id));
          throw error;
        }
      } finally {
        await rm(path, { force: true });
      }
      return json((await store.find(id))!);
    },

    /** An export of everything the viewer owns, made by its job; the page polls for its link. */
    async startExport(viewer: Pick<Viewer, 'id'>) {
      await refuseWhileBusy(viewer);
      const id = newId();
      await store.create({ id, owner_id: viewer.id, kind: 'export', format: 'zip', total: await store.countPins(viewer.id), now: clock.now() }, EXPORT_JOB);
      return json((await store.find(id))!);
    },

    /** The finished export's file, the owner's only. */
    async download(viewer: Pick<Viewer, 'id'>, id: string) {
      const row = await own(viewer, id);
      if (row.kind !== 'export') throw new ApiError('transfer_not_found');
      if (row.status !== 'done') throw new ApiError('export_not_ready');
      const found = await mediaObjects(config).open(exportKey(id));
      if (!found) throw new ApiError('transfer_not_found', 'This export has expired. Make a new one.');
      return { stream: found.body, bytes: found.info.size, name: `corkboard-export-${new Date(Number(row.created_at)).toISOString().slice(0, 10)}.zip` };
    },
  };
}

export type TransfersService = ReturnType<typeof transfersService>;

/** The handlers of this capability's jobs, for the queue's worker (images/ingest.ts backgroundJobs). */
export function transferJobs(deps: Deps, images: ImagesService, ingestJob: string) {
  const { db, config, clock } = deps;
  const store = transfersStore(db);
  const imageRows = imagesStore(db);

  /** A verdict on the file (4xx): told to the person, the job done with. Anything else: retried by the queue. */
  const failed = async (id: string, error: unknown) => {
    if (!(error instanceof ApiError) || error.status >= 500) throw error;
    await store.update(
      id,
      { status: 'failed', error: error.detail ?? error.message.replaceAll('{brand}', config.brandName), error_code: error.code },
      clock.now(),
    );
  };

  const runImport = async (row: TransferRow) => {
    const stored = await mediaObjects(config).open(importKey(row.id));
    if (!stored) {
      await store.update(row.id, { status: 'failed', error: 'The file was lost before it could be imported. Import it again.' }, clock.now());
      return;
    }
    // A copy on this host: the ZIP reader reads a file at random, the others read it whole.
    const path = await scratch(config.mediaDir, `${row.id}.import`);
    let archive: ArchiveIndex | null = null;
    try {
      await pipeline(stored.body, createWriteStream(path, { mode: OWNER_ONLY_FILE }));
      const read = await readPlan(row.format as ImportFormat, path);
      archive = read.archive;
      const plan = read.plan;
      const files = imageFiles(plan);
      // The person's quota counts the pins of their other imports in the window (this one's not yet).
      if (!row.state && (await store.importedSince(row.owner_id, clock.now() - IMPORT_QUOTA_WINDOW_MS, row.id)) + pinCount(plan) > IMPORT_QUOTA_PINS)
        throw quotaRefusal();
      if (Number(row.total) !== pinCount(plan) + files.length) await store.update(row.id, { total: pinCount(plan) + files.length }, clock.now());
      let state: ImportState | null = row.state ? (JSON.parse(row.state) as ImportState) : null;
      if (!state) state = await makeBoards(row, plan, files);
      const now = clock.now();
      const pins = plan.boards.flatMap((board, b) => board.pins.map((pin) => ({ board: b, pin })));
      for (let start = Number(row.done); start < pins.length; start += IMPORT_BATCH) {
        const batch = pins.slice(start, start + IMPORT_BATCH).map(({ board, pin }) => {
          const target = state.boards[board]!;
          const ownImage = pin.image_file ? state.images[pin.image_file] : undefined;
          return {
            id: newId(),
            board_id: target.id,
            section_id: pin.section === null ? null : (target.sections[pin.section] ?? null),
            pinner_id: row.owner_id,
            link: pin.link,
            title: pin.title,
            description: pin.description,
            alt_text: pin.alt_text,
            image_url: ownImage ? ownImageSource(config.publicOrigin, ownImage) : pin.image_url,
            created_at: pin.created_at ?? now,
            ingest: !ownImage && !!pin.image_url,
          };
        });
        await store.writePins(row.id, batch, start + batch.length, ingestJob, clock.now());
        // Between batches, the requests waiting on this process go first.
        await yieldToRequests();
      }
      // The ZIP's images: re-encoded as any upload (sniff, pixel limit), then linked to the pins that show them.
      const doneImages = Math.max(0, Number(row.done) - pins.length);
      for (let i = doneImages; i < files.length && archive; i++) {
        const name = files[i]!;
        const imageId = state.images[name]!;
        const source = ownImageSource(config.publicOrigin, imageId);
        try {
          const known = await imageRows.findBySource(source);
          if (known?.status !== 'ready') await images.fromUpload(await readImageEntry(archive, name), { id: imageId });
          const cover = imageJson(config.publicOrigin, { id: imageId, source_url: source, width: null, height: null, dominant_color: null }).images['236x'].url;
          for (const pin of await store.pinsAwaiting(row.owner_id, source)) await imageRows.attachToPin(pin.id, imageId, cover);
        } catch (error) {
          // One image that is not one leaves its pins without it; the rest of the import goes on.
          if (!(error instanceof ApiError) || error.status >= 500) throw error;
        }
        await store.update(row.id, { done: pins.length + i + 1 }, clock.now());
      }
      await store.update(row.id, { status: 'done', done: pins.length + files.length }, clock.now());
      await mediaObjects(config).delete(importKey(row.id));
    } finally {
      (archive as ArchiveIndex | null)?.close();
      await rm(path, { force: true });
    }
  };

  /** The boards and sections a plan needs, made once: a board of the same name the owner has takes its pins. */
  const makeBoards = async (row: TransferRow, plan: Plan, files: string[]): Promise<ImportState> => {
    const now = clock.now();
    const boards = await store.boardsByName(row.owner_id);
    // A board of the same name takes the imported pins when the owner may save to it (policy/rules.ts: not an
    // archived one); otherwise the import makes a board of its own, named apart ("Name 2").
    const existing = new Map<string, string>();
    for (const [key, b] of boards)
      if (boardRule('save', { relation: 'owner', privacy: b.privacy, archived: b.archived_at !== null, ownerState: SHOWN_STATE }).allow)
        existing.set(key, b.id);
    const names = new Set(boards.keys());
    for (const board of plan.boards) {
      if (existing.has(board.name.toLowerCase()) || !names.has(board.name.toLowerCase())) continue;
      for (let n = 2; ; n++) {
        const suffix = ` ${n}`;
        const candidate = `${[...board.name]
          .slice(0, BOARD_NAME_MAX - suffix.length)
          .join('')
          .trim()}${suffix}`;
        if (!names.has(candidate.toLowerCase())) {
          board.name = candidate;
          break;
        }
      }
      names.add(board.name.toLowerCase());
    }
    const slugs = new Set((await db.selectFrom('boards').select('slug').where('owner_id', '=', row.owner_id).execute()).map((r) => r.slug));
    const existingIds = plan.boards.map((b) => existing.get(b.name.toLowerCase())).filter((id): id is string => !!id);
    const existingSections = await store.sectionsByTitle(existingIds);
    const sectionSlugs = new Map<string, Set<string>>();
    for (const id of existingIds)
      sectionSlugs.set(id, new Set((await db.selectFrom('board_sections').select('slug').where('board_id', '=', id).execute()).map((r) => r.slug)));
    const made: Parameters<typeof store.makeBoards>[1] = [];
    const addedSections: Parameters<typeof store.makeBoards>[2] = [];
    const state: ImportState = { boards: [], images: Object.fromEntries(files.map((f) => [f, newId()])) };
    for (const board of plan.boards) {
      const found = existing.get(board.name.toLowerCase());
      const id = found ?? newId();
      const taken = sectionSlugs.get(id) ?? new Set<string>();
      const sections = board.sections.map((title) => {
        const known = found ? existingSections.get(`${found}\n${title.toLowerCase()}`) : undefined;
        if (known) return { id: known, title, slug: '', known: true };
        const slug = freeSlug(slugBase(title), taken);
        taken.add(slug);
        return { id: newId(), title, slug, known: false };
      });
      if (found) {
        for (const s of sections) if (!s.known) addedSections.push({ id: s.id, board_id: found, title: s.title, slug: s.slug, created_at: now });
      } else {
        const slug = freeSlug(slugBase(board.name), slugs);
        slugs.add(slug);
        made.push({
          id,
          owner_id: row.owner_id,
          name: board.name,
          slug,
          description: board.description,
          privacy: board.privacy,
          created_at: now,
          sections: sections.map(({ id: sid, title, slug: sslug }) => ({ id: sid, title, slug: sslug })),
        });
      }
      state.boards.push({ id, sections: sections.map((s) => s.id) });
    }
    await store.makeBoards(row.id, made, addedSections, JSON.stringify(state), now);
    return state;
  };

  const runExport = async (row: TransferRow) => {
    const owner = row.owner_id;
    const boards = await store.ownBoards(owner);
    const sections = await store.sectionsOf(boards.map((b) => b.id));
    // The images first (their files looked for once), so pins.json names only those the ZIP holds.
    const packed = new Map<string, () => Promise<Readable>>();
    for (let after = ''; ; ) {
      const page = await store.pinsPage(owner, after, 1000);
      if (!page.length) break;
      after = page[page.length - 1]!.id;
      for (const pin of page) {
        if (!pin.image_id || pin.image_status !== 'ready' || packed.has(pin.image_id)) continue;
        packed.set(pin.image_id, () => openOriginal(config, pin.image_id!));
      }
    }
    const total = (await store.countPins(owner)) + packed.size;
    await store.update(row.id, { total, done: 0 }, clock.now());
    let done = 0;
    let reported = clock.now();
    const progress = async (n: number) => {
      done += n;
      if (clock.now() - reported < 500) return;
      reported = clock.now();
      await store.update(row.id, { done }, reported);
    };

    async function* pinsJson() {
      yield '[';
      let first = true;
      for (let after = ''; ; ) {
        const page = await store.pinsPage(owner, after, 1000);
        if (!page.length) break;
        after = page[page.length - 1]!.id;
        const tags = await store.hashtagsOf(page.map((p) => p.id));
        const lines = page.map((p) =>
          JSON.stringify({
            id: p.id,
            board_id: p.board_id,
            section_id: p.section_id,
            link: p.link,
            title: p.title,
            description: p.description,
            alt_text: p.alt_text,
            hashtags: tags.get(p.id) ?? [],
            image_url: p.image_url,
            image: p.image_id && packed.has(p.image_id) ? exportImageName(p.image_id) : null,
            created_at: new Date(Number(p.created_at)).toISOString(),
          }),
        );
        yield `${first ? '' : ','}\n${lines.join(',\n')}`;
        first = false;
        await progress(page.length);
      }
      yield '\n]\n';
    }

    const zip = new yazl.ZipFile();
    const part = await scratch(config.mediaDir, `${row.id}.zip`);
    const written = pipeline(zip.outputStream, createWriteStream(part, { mode: OWNER_ONLY_FILE }));
    const boardsJson = {
      format: EXPORT_FORMAT,
      version: EXPORT_VERSION,
      exported_at: new Date(clock.now()).toISOString(),
      boards: boards.map((b) => ({
        id: b.id,
        name: b.name,
        description: b.description,
        privacy: b.privacy,
        archived: b.archived_at !== null,
        created_at: new Date(Number(b.created_at)).toISOString(),
        sections: sections
          .filter((s) => s.board_id === b.id)
          .map((s) => ({ id: s.id, title: s.title, created_at: new Date(Number(s.created_at)).toISOString() })),
      })),
    };
    zip.addBuffer(Buffer.from(JSON.stringify(boardsJson, null, 2)), EXPORT_BOARDS_FILE);
    zip.addReadStreamLazy(EXPORT_PINS_FILE, (cb) => cb(null, Readable.from(pinsJson())));
    for (const [imageId, open] of packed) {
      // Images are JPEG already: stored, not deflated again.
      zip.addReadStreamLazy(exportImageName(imageId), { compress: false }, (cb) => {
        void progress(1).catch(() => undefined);
        open().then(
          (stream) => cb(null, stream),
          (error) => cb(error, Readable.from([])),
        );
      });
    }
    zip.end();
    let bytes: number;
    try {
      await written;
      bytes = (await stat(part)).size;
      await mediaObjects(config).putFile(exportKey(row.id), part, 'application/zip');
    } finally {
      await rm(part, { force: true });
    }
    await store.update(row.id, { status: 'done', done: total, bytes }, clock.now());
    // One export kept per person: the older files go.
    const older = await store.olderExports(owner, row.id);
    for (const o of older) await mediaObjects(config).delete(exportKey(o.id));
    await store.remove(older.map((o) => o.id));
  };

  /**
   * The queue gave up on a transfer's job: an import whose reading stopped its process (memory, time) or
   * failed every try says so on its status; the file goes.
   */
  const gaveUp = async ({ transfer_id }: TransferJobPayload, why: 'failed' | 'died') => {
    const row = await store.find(transfer_id);
    if (!row || row.status === 'done' || row.status === 'failed') return;
    const error =
      row.kind === 'export'
        ? new ApiError('internal', 'This export could not be made. Try again later.')
        : why === 'died'
          ? new ApiError(
              'import_too_large',
              'Reading this file stopped our import worker (it needed more memory or time than one import may have). Split it into smaller files.',
            )
          : new ApiError('internal', 'This import could not be finished. Try again later.');
    await store.update(row.id, { status: 'failed', error: error.detail!, error_code: error.code }, clock.now());
    if (row.kind === 'import') await mediaObjects(config).delete(importKey(row.id));
  };

  const run =
    (fn: (row: TransferRow) => Promise<void>) =>
    async ({ transfer_id }: TransferJobPayload) => {
      const row = await store.find(transfer_id);
      // Gone (the account deleted), or finished by an earlier attempt that died before it could finish the job.
      if (!row || row.status === 'done' || row.status === 'failed') return;
      if (row.status === 'queued') await store.update(row.id, { status: 'running' }, clock.now());
      try {
        await fn(row);
      } catch (error) {
        await failed(row.id, error);
        if (row.kind === 'import') await mediaObjects(config).delete(importKey(row.id));
      }
    };

  return {
    [IMPORT_JOB]: Object.assign(run(runImport), { maxAttempts: IMPORT_MAX_ATTEMPTS, gaveUp }),
    [EXPORT_JOB]: Object.assign(run(runExport), { gaveUp }),
  } satisfies Record<string, JobHandler>;
}

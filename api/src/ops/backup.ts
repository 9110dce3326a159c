import { createWriteStream, existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import SQLite from 'better-sqlite3';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { z } from 'zod';
import type { Config } from '../config.js';
import { DEFAULT_SQLITE_PATH } from '../db/connect.js';
import { mediaFiles, restoreMediaFile, type MediaConfig } from './media.js';
import { OWNER_ONLY_FILE } from '../lib/private-files.js';

/**
 * `npm run admin -- backup <file>` and `restore <file> [--dir <dir>]`: one zip holding a
 * consistent copy of the SQLite database, taken while the server runs (SQLite's online backup, by
 * better-sqlite3), and every media file. Postgres is backed up with its own tools (docs/operating.md, "Backup and
 * restore"); these commands say so. The media part is ops/media.ts's, so a store other than a directory
 * changes only that file.
 */
export const BACKUP_USAGE = `Backup and restore (SQLite; for Postgres use pg_dump and pg_restore, see docs/operating.md):
  npm run admin -- backup <file.zip>                 the database (online: the server may run) and MEDIA_DIR, in one zip
  npm run admin -- restore <file.zip> [--dir <dir>]  into <dir>/corkboard.sqlite and <dir>/media, or into DATABASE_URL's file and MEDIA_DIR;
                                                     refuses to write over a database or media that exist`;

const FORMAT = 'corkboard-backup';
const MANIFEST = 'manifest.json';
const DATABASE_ENTRY = 'corkboard.sqlite';
const MEDIA_PREFIX = 'media/';

const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  created_at: z.string(),
  database: z.literal(DATABASE_ENTRY),
  media_files: z.number().int().min(0),
});
type Manifest = z.infer<typeof manifestSchema>;

/** The SQLite file a configuration names; an error naming pg_dump for Postgres. */
export function sqlitePath(databaseUrl: string | undefined): string {
  if (databaseUrl && /^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error(
      'This database is Postgres: back it up with pg_dump -Fc and restore it with pg_restore, and copy MEDIA_DIR beside it (docs/operating.md, "Backup and restore").',
    );
  }
  const path = databaseUrl ? databaseUrl.replace(/^sqlite:/, '') : DEFAULT_SQLITE_PATH;
  if (path === ':memory:') throw new Error('An in-memory database has nothing to back up.');
  return path;
}

/** A media entry's name as a relative path of plain segments: no `..`, no absolute path, no backslash. */
export function safeMediaName(name: string): string | undefined {
  if (!name.startsWith(MEDIA_PREFIX)) return undefined;
  const rest = name.slice(MEDIA_PREFIX.length);
  const segments = rest.split('/');
  const plain = segments.every((s) => s !== '' && s !== '.' && s !== '..' && !/[\\\0:]/.test(s));
  return plain && rest.length > 0 ? rest : undefined;
}

/** Writes the backup of `config`'s database and media to `file`; the file appears only once complete. */
export async function backup(config: Pick<Config, 'databaseUrl'> & MediaConfig, file: string): Promise<{ file: string; mediaFiles: number; bytes: number }> {
  const databasePath = sqlitePath(config.databaseUrl);
  if (!existsSync(databasePath)) throw new Error(`No database at ${databasePath}.`);
  const target = resolve(file);
  const work = await mkdtemp(join(dirname(target), `.${basename(target)}.`));
  try {
    // SQLite's online backup: a consistent copy while the server keeps writing (pages copied in steps).
    const copy = join(work, DATABASE_ENTRY);
    // Not read-only: a read-only connection cannot open a WAL database whose -shm file is gone (server stopped).
    const source = new SQLite(databasePath, { fileMustExist: true });
    try {
      await source.backup(copy);
    } finally {
      source.close();
    }
    // One self-contained file (the copy keeps the live file's WAL mode; the server sets it again at start).
    const copied = new SQLite(copy);
    copied.pragma('journal_mode = DELETE');
    copied.close();
    const media: Array<{ name: string; open(): Promise<Readable> }> = [];
    for await (const entry of mediaFiles(config)) media.push(entry);

    const zip = new yazl.ZipFile();
    const manifest: Manifest = { format: FORMAT, version: 1, created_at: new Date().toISOString(), database: DATABASE_ENTRY, media_files: media.length };
    // The manifest first: a restore knows what it reads before it writes anything.
    zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`), MANIFEST);
    zip.addFile(copy, DATABASE_ENTRY);
    // Images and videos are compressed already: stored as they are.
    // Opened one at a time, as the zip reaches each (a bucket's objects are not all fetched at once).
    for (const entry of media) {
      zip.addReadStreamLazy(MEDIA_PREFIX + entry.name, { compress: false }, (done) =>
        entry.open().then(
          (stream) => done(null, stream),
          (error: Error) => done(error, undefined as never),
        ),
      );
    }
    zip.end();
    const partial = join(work, 'backup.zip');
    // Every account's data and password hashes: readable by the server's user only.
    await pipeline(zip.outputStream, createWriteStream(partial, { mode: OWNER_ONLY_FILE }));
    await rename(partial, target);
    return { file: target, mediaFiles: media.length, bytes: (await stat(target)).size };
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

const openZip = (file: string) =>
  new Promise<yauzl.ZipFile>((done, fail) => yauzl.open(file, { lazyEntries: true, autoClose: true }, (error, zip) => (error ? fail(error) : done(zip))));

const readEntry = (zip: yauzl.ZipFile, entry: yauzl.Entry) =>
  new Promise<Readable>((done, fail) => zip.openReadStream(entry, (error, stream) => (error ? fail(error) : done(stream))));

/** Calls `each` for every entry of a zip, one after another. */
async function entries(file: string, each: (entry: yauzl.Entry, open: () => Promise<Readable>) => Promise<void>): Promise<void> {
  const zip = await openZip(file);
  await new Promise<void>((done, fail) => {
    zip.on('error', fail);
    zip.on('end', done);
    zip.on('entry', (entry: yauzl.Entry) => {
      each(entry, () => readEntry(zip, entry)).then(
        () => zip.readEntry(),
        (error) => (zip.close(), fail(error)),
      );
    });
    zip.readEntry();
  });
}

/** Where a restore writes: `--dir` gives both; without it, the configuration's database file and MEDIA_DIR. */
export function restoreTargets(config: Pick<Config, 'databaseUrl' | 'mediaDir'>, dir: string | undefined): { databasePath: string; mediaDir: string } {
  if (dir) return { databasePath: resolve(dir, DATABASE_ENTRY), mediaDir: resolve(dir, 'media') };
  return { databasePath: resolve(sqlitePath(config.databaseUrl)), mediaDir: resolve(config.mediaDir) };
}

const isEmptyOrAbsent = (dir: string) => !existsSync(dir) || readdirSync(dir).length === 0;

/**
 * Restores a backup made by backup(). Refuses to write over a database file or a media directory with
 * anything in it. Everything is written beside its place first and moved in at the end, so a refused or
 * broken archive leaves nothing behind.
 */
export async function restore(
  config: Pick<Config, 'databaseUrl' | 'mediaDir'>,
  file: string,
  dir?: string,
): Promise<{ databasePath: string; mediaDir: string; mediaFiles: number; pins: number }> {
  const { databasePath, mediaDir } = restoreTargets(config, dir);
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(databasePath + suffix))
      throw new Error(`A database is already at ${databasePath + suffix}: restore into a new --dir, or move it away first.`);
  }
  if (!isEmptyOrAbsent(mediaDir)) throw new Error(`${mediaDir} is not empty: restore into a new --dir, or move it away first.`);

  await mkdir(dirname(databasePath), { recursive: true });
  await mkdir(dirname(mediaDir), { recursive: true });
  const stagedDatabase = `${databasePath}.restoring-${process.pid}`;
  const stagedMedia = `${mediaDir}.restoring-${process.pid}`;
  let manifest: Manifest | undefined;
  let media = 0;
  let database = false;
  try {
    await mkdir(stagedMedia, { recursive: true });
    await entries(file, async (entry, open) => {
      if (!manifest) {
        if (entry.fileName !== MANIFEST) throw new Error(`${file} is not a backup made by npm run admin -- backup (no manifest first).`);
        const parsed = manifestSchema.safeParse(JSON.parse(await streamText(await open())));
        if (!parsed.success)
          throw new Error(
            `${file} is not a backup this version can restore (its manifest: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}).`,
          );
        manifest = parsed.data;
        return;
      }
      if (entry.fileName.endsWith('/')) return;
      if (entry.fileName === DATABASE_ENTRY) {
        await pipeline(await open(), createWriteStream(stagedDatabase, { flags: 'wx', mode: OWNER_ONLY_FILE }));
        database = true;
        return;
      }
      const name = safeMediaName(entry.fileName);
      if (!name) throw new Error(`${file} holds an entry outside the backup's layout: ${JSON.stringify(entry.fileName)}.`);
      await restoreMediaFile(stagedMedia, name, await open());
      media++;
    });
    if (!manifest) throw new Error(`${file} is empty.`);
    if (!database) throw new Error(`${file} holds no database.`);
    if (media !== manifest.media_files) throw new Error(`${file} is incomplete: its manifest lists ${manifest.media_files} media files, it holds ${media}.`);
    // The copy is a whole database before it takes its place.
    const check = new SQLite(stagedDatabase, { fileMustExist: true });
    let pins: number;
    try {
      const result = check.pragma('quick_check', { simple: true });
      if (result !== 'ok') throw new Error(`The database in ${file} is damaged (${String(result)}).`);
      pins = (check.prepare('select count(*) as n from pins').get() as { n: number }).n;
    } finally {
      check.close();
    }
    if (existsSync(mediaDir)) await rm(mediaDir, { recursive: true });
    await rename(stagedMedia, mediaDir);
    await rename(stagedDatabase, databasePath);
    return { databasePath, mediaDir, mediaFiles: media, pins };
  } finally {
    await rm(stagedDatabase, { force: true });
    await rm(stagedMedia, { recursive: true, force: true });
  }
}

async function streamText(stream: Readable): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** The admin commands of this file; null when argv names none of them. */
export async function runBackupAdmin(config: Pick<Config, 'databaseUrl'> & MediaConfig, argv: string[]): Promise<string | null> {
  const [command, file, ...rest] = argv;
  if (command !== 'backup' && command !== 'restore') return null;
  if (!file) throw new Error(BACKUP_USAGE);
  if (command === 'backup') {
    if (rest.length) throw new Error(BACKUP_USAGE);
    const made = await backup(config, file);
    return `Backed up the database and ${made.mediaFiles} media files to ${made.file} (${(made.bytes / 1e6).toFixed(1)} MB).`;
  }
  let dir: string | undefined;
  if (rest.length) {
    if (rest[0] !== '--dir' || !rest[1] || rest.length > 2) throw new Error(BACKUP_USAGE);
    dir = rest[1];
  }
  const done = await restore(config, file, dir);
  return [
    `Restored ${done.pins} pins' database to ${done.databasePath} and ${done.mediaFiles} media files to ${done.mediaDir}.`,
    `Start on it with: DATABASE_URL=sqlite:${done.databasePath} MEDIA_DIR=${done.mediaDir} npm start`,
  ].join('\n');
}

/** For a test's look at an archive: its entry names, in order. */
export async function backupEntries(file: string): Promise<string[]> {
  const names: string[] = [];
  await entries(file, async (entry) => void names.push(entry.fileName));
  return names;
}

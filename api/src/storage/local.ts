import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { newToken } from '../lib/ids.js';
import { LRUCache } from 'lru-cache';
import type { MediaObjects, ObjectInfo, Opened } from './types.js';

/** Where an attempt writes before its files are whole: `.partial-{name}.{attempt}` at the top of MEDIA_DIR. */
export const PARTIAL_PREFIX = '.partial-';

/** Room below which the directory counts as full (check): less than one large upload. */
export const MIN_FREE_BYTES = 1024 * 1024;

/** A key is ours (ids and fixed names): never absolute, never climbing out of the directory. */
export function checkKey(key: string): string {
  if (!key || key.startsWith('/') || key.split('/').some((part) => part === '..' || part === '.' || part === '')) throw new Error(`Not a media key: ${key}`);
  return key;
}

const infoOf = (size: number, mtimeMs: number): ObjectInfo => ({
  size,
  // Size and time of writing: an object is written once under its key, so this names its content.
  etag: `"${size.toString(36)}-${Math.floor(mtimeMs).toString(36)}"`,
  modifiedMs: mtimeMs,
});

/**
 * Writes `files` into `root/dir` all at once: into a hidden directory of the attempt's own, then
 * renamed in one step. A kill mid-write leaves only the hidden directory (swept by sweepPartials); a
 * directory under its real name is always whole. When it exists already, an earlier attempt finished it:
 * that one is kept.
 */
export async function writeDirAtOnce(root: string, dir: string, files: Record<string, Buffer>): Promise<void> {
  const partial = join(root, `${PARTIAL_PREFIX}${dir.replaceAll('/', '_')}.${newToken().slice(0, 8)}`);
  await mkdir(partial, { recursive: true });
  try {
    await Promise.all(Object.entries(files).map(([name, bytes]) => writeFile(join(partial, checkKey(name)), bytes)));
    const target = join(root, checkKey(dir));
    await mkdir(dirname(target), { recursive: true });
    try {
      await rename(partial, target);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code !== 'ENOTEMPTY' && code !== 'EEXIST') throw error;
    }
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/**
 * Deletes the partial writes of attempts killed mid-write (older than `olderThanMs`, so never one still
 * being written); returns how many. Run by the queue's worker (images/ingest.ts) on MEDIA_DIR, which every
 * backend keeps for the files still arriving.
 */
export async function sweepPartials(root: string, now: number, olderThanMs: number): Promise<number> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch {
    return 0;
  }
  let swept = 0;
  for (const name of names.filter((n) => n.startsWith(PARTIAL_PREFIX))) {
    const path = join(root, name);
    const info = await stat(path).catch(() => undefined);
    if (info && now - info.mtimeMs > olderThanMs) {
      await rm(path, { recursive: true, force: true });
      swept++;
    }
  }
  return swept;
}

/**
 * How many bytes of small objects one store keeps in memory, most lately read first. The pictures a page
 * shows are asked for again and again; read from memory, one answer costs a stat instead of a stream's
 * open, reads and close, each a trip to libuv's threads (measured: 0.5 ms of CPU a picture through the
 * stream, 0.16 from memory).
 */
const HOT_BYTES = 32 * 1024 * 1024;
/** And how many (the cache's bookkeeping is sized by it): a tile's picture is 5-50 KB. */
const HOT_COUNT = 5_000;

/** A file still arriving or half-written: not an object (uploads' `.part`, partial writes, our temp files). */
const arriving = (name: string) => name.startsWith('.') || name.endsWith('.part');

/** The MEDIA_DIR directory as a media store: the layout it always had, so nothing moves on upgrade. */
export function localObjects(root: string): MediaObjects {
  const path = (key: string) => join(root, checkKey(key));

  /** One file written whole: a temporary name beside the store's top, then renamed over. */
  const placeFile = async (key: string, from: { bytes: Buffer } | { file: string; keep?: boolean }) => {
    const target = path(key);
    await mkdir(dirname(target), { recursive: true });
    if ('file' in from && !from.keep) {
      try {
        return await rename(from.file, target);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
      }
    }
    const temp = join(root, `${PARTIAL_PREFIX}${newToken().slice(0, 12)}`);
    try {
      if ('file' in from) await copyFile(from.file, temp);
      else await writeFile(temp, from.bytes);
      await rename(temp, target);
      if ('file' in from && !from.keep) await rm(from.file, { force: true });
    } finally {
      await rm(temp, { force: true });
    }
  };

  // An object is written once under its key and never rewritten (types.ts), so bytes kept are the file's as
  // long as its size and time are. Each answer still stats the file: an object deleted, by this process or
  // another, is gone at once (its bytes leave memory as the least lately read).
  // Made when first asked: a store that never answers a request (a job's, a test's) keeps none.
  let kept: LRUCache<string, { etag: string; bytes: Uint8Array<ArrayBuffer> }> | undefined;
  const hot = () => (kept ??= new LRUCache({ max: HOT_COUNT, maxSize: HOT_BYTES, sizeCalculation: (held) => held.bytes.length || 1 }));

  const open = async (key: string) => {
    const file = path(key);
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return undefined;
    return { file, info: infoOf(info.size, info.mtimeMs) };
  };

  return {
    kind: 'local',
    where: root,
    putSet: (dir, files) => writeDirAtOnce(root, dir, files),
    putFile: (key, file, _type, options) => placeFile(key, { file, keep: options?.keep }),
    async open(key) {
      const found = await open(key);
      return found && { info: found.info, body: createReadStream(found.file) };
    },
    async openSmall(key, upTo): Promise<Opened | undefined> {
      const found = await open(key);
      if (!found) {
        kept?.delete(key);
        return undefined;
      }
      const { file, info } = found;
      if (info.size > upTo) return { info, body: createReadStream(file) };
      const held = hot().get(key);
      if (held?.etag === info.etag) return { info, bytes: held.bytes };
      const bytes = await readFile(file).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return undefined;
        throw error;
      });
      if (!bytes) return undefined;
      // Not the size it was stat'ed at: replaced meanwhile (never by the product). Answered as read, not kept.
      if (bytes.length !== info.size) return { info: infoOf(bytes.length, info.modifiedMs), bytes };
      hot().set(key, { etag: info.etag, bytes });
      return { info, bytes };
    },
    async read(key) {
      return readFile(path(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT' || error.code === 'EISDIR') return undefined;
        throw error;
      });
    },
    async delete(key) {
      await rm(path(key), { force: true });
    },
    async deleteDir(dir) {
      await rm(path(dir), { recursive: true, force: true });
    },
    async list(prefix) {
      // The directory the prefix names, walked; keys are paths under the root with forward slashes.
      const base = prefix.includes('/') ? prefix.slice(0, prefix.lastIndexOf('/')) : '';
      const start = base ? path(base) : root;
      const entries = await readdir(start, { recursive: true, withFileTypes: true }).catch(() => []);
      const found: Array<{ key: string; size: number; modifiedMs: number }> = [];
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const full = join(entry.parentPath, entry.name);
        const key = relative(root, full).split(sep).join('/');
        if (!key.startsWith(prefix) || key.split('/').some(arriving)) continue;
        const info = await stat(full).catch(() => undefined);
        if (info) found.push({ key, size: info.size, modifiedMs: info.mtimeMs });
      }
      return found.sort((a, b) => (a.key < b.key ? -1 : 1));
    },
    async check() {
      await mkdir(root, { recursive: true });
      await stat(root);
      // A directory with no room answers like a full disk does (ENOSPC), so it is named as one.
      const room = await statfs(root);
      if (room.bavail * room.bsize < MIN_FREE_BYTES) throw Object.assign(new Error(`The media directory ${root} is full.`), { code: 'ENOSPC' });
    },
  };
}

import { constants, createReadStream, createWriteStream } from 'node:fs';
import { access, mkdir, readdir } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * What operations needs of the media store, in one place (issue 29): whether it is reachable (/ready), its
 * files for a backup and how a backup's files go back. Today the store is the directory MEDIA_DIR; when
 * media moves behind a store interface (local or S3, issue 29 item 1), these three are what change.
 */

/** Resolves when the media directory can be written to (made if missing, as the first write would); rejects otherwise. */
export async function mediaReachable(mediaDir: string): Promise<void> {
  await mkdir(mediaDir, { recursive: true });
  await access(mediaDir, constants.W_OK);
}

/** Every file of the store (relative names with `/`), but the `.part` files of uploads cut off while arriving. */
export async function* mediaFiles(mediaDir: string): AsyncGenerator<{ name: string; open(): Readable }> {
  let entries;
  try {
    entries = await readdir(mediaDir, { recursive: true, withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    if (!entry.isFile() || entry.name.endsWith('.part')) continue;
    const path = join(entry.parentPath, entry.name);
    yield { name: relative(mediaDir, path).split(sep).join('/'), open: () => createReadStream(path) };
  }
}

/** Writes one file of a backup back into the store (`name` already checked by the caller: ops/backup.ts). */
export async function restoreMediaFile(mediaDir: string, name: string, content: Readable): Promise<void> {
  const path = join(mediaDir, ...name.split('/'));
  await mkdir(dirname(path), { recursive: true });
  await pipeline(content, createWriteStream(path, { flags: 'wx' }));
}

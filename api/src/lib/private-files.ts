import { chmod, mkdir } from 'node:fs/promises';

/**
 * Files that hold a person's or the whole product's data (backups, exports, the uploads an import
 * stages) are readable by the server's own user only: a file 0600, its directory 0700, whatever the
 * process's umask would give.
 */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_DIR = 0o700;

/** A directory (and its parents, as needed) readable by the server's user only, even if it was there already. */
export async function ownerOnlyDir(path: string): Promise<void> {
  await mkdir(path, { recursive: true, mode: OWNER_ONLY_DIR });
  await chmod(path, OWNER_ONLY_DIR);
}

import { existsSync } from 'node:fs';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The repository's root, with a trailing separator, found by walking up to package.json: this file
 * runs from api/src/lib under tsx and from dist/server/ once compiled, so no fixed '../..' fits both.
 */
export const ROOT = findRoot(dirname(fileURLToPath(import.meta.url)));

function findRoot(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir + sep;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${start}`);
  }
}

/** The build's output folder. */
export const DIST = join(ROOT, 'dist') + sep;

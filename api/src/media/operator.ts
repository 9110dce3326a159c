import { resolve } from 'node:path';
import type { Config } from '../config.js';
import { copyMediaDir } from './copy.js';
import { mediaObjects } from '../storage/index.js';

export const MEDIA_USAGE = `Media:
  media-copy [--from <dir>]   copy MEDIA_DIR (or <dir>) into the store MEDIA_STORE names (s3://bucket/prefix);
                              run again to finish a cut run: what is there already is skipped`;

/** `npm run admin -- media-copy …`; null when the command is not this area's. */
export async function runMediaAdmin(config: Config, argv: string[]): Promise<string | null> {
  if (argv[0] !== 'media-copy') return null;
  const rest = argv.slice(1);
  const at = rest.indexOf('--from');
  if ((at >= 0 && !rest[at + 1]) || rest.length !== (at >= 0 ? 2 : 0)) throw new Error(MEDIA_USAGE);
  const from = resolve(at >= 0 ? rest[at + 1]! : config.mediaDir);
  const to = mediaObjects(config);
  if (to.kind === 'local' && resolve(to.where) === from)
    throw new Error(`MEDIA_STORE names ${from} itself: set MEDIA_STORE=s3://bucket/prefix (and MEDIA_S3_*) to copy into a bucket.\n\n${MEDIA_USAGE}`);
  await to.check();
  const report = await copyMediaDir(from, to);
  return `Copied ${report.copied} files (${report.bytes} bytes) from ${from} to ${to.where}; ${report.skipped} were there already.`;
}

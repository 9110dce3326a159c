import { ownerOnlyDir } from '../lib/private-files.js';
import { readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { newId } from '../lib/ids.js';
import { currentAttempt } from './service.js';
import type { JobsStore } from './store.js';

/**
 * Scratch files of this host (the bytes of an import arriving, a copy a ZIP reader reads at random, an
 * export's ZIP being written) live under MEDIA_DIR/<area>-work/, named for their owner:
 *   `<job id>.<attempt>.<name>`  made by a job's attempt: live while that attempt runs under a lease
 *   `req.<name>`                 made by a request: live while it may still be reading its body
 * A process killed mid-job or mid-request leaves them behind; sweepScratch deletes every one no live owner
 * holds, when the server starts and from the worker's upkeep every lease (a killed attempt's files go soon
 * after its job is taken up again).
 */
export const SCRATCH_DIRS = ['transfers-work', 'shares-work'] as const;

/** A request's body is read within minutes (lib/bodies.ts deadlines); one left this long has no reader. */
export const REQUEST_SCRATCH_MAX_AGE_MS = 60 * 60 * 1000;

/** A new scratch file's path under MEDIA_DIR/`dir`, owned by the job attempt running now, else by the request. */
export async function scratchPath(mediaDir: string, dir: (typeof SCRATCH_DIRS)[number], name: string): Promise<string> {
  const under = join(mediaDir, dir);
  // What a job stages is a person's data (an import, an export): the folder is the server user's alone.
  await ownerOnlyDir(under);
  const attempt = currentAttempt();
  const owner = attempt ? `${attempt.id}.${attempt.attempts}` : 'req';
  return join(under, `${owner}.${newId()}.${name}`);
}

/** Deletes the scratch files no live job attempt and no recent request owns; returns how many. */
export async function sweepScratch(mediaDir: string, jobs: Pick<JobsStore, 'liveAttempts'>, now: number): Promise<number> {
  let live: Set<string> | undefined;
  let swept = 0;
  for (const dir of SCRATCH_DIRS) {
    const under = join(mediaDir, dir);
    const names = await readdir(under).catch(() => [] as string[]);
    // The owners are asked only when there is a file to judge (the common case is an empty directory).
    if (names.length) live ??= await jobs.liveAttempts(now);
    for (const name of names) {
      const [owner, attempt] = name.split('.');
      const path = join(under, name);
      if (owner === 'req') {
        const info = await stat(path).catch(() => undefined);
        if (!info || now - info.mtimeMs < REQUEST_SCRATCH_MAX_AGE_MS) continue;
      } else if (live!.has(`${owner}.${attempt}`)) continue;
      await rm(path, { force: true, recursive: true });
      swept++;
    }
  }
  return swept;
}

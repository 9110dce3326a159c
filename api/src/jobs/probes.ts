import { sql } from 'kysely';
import type { Deps } from '../deps.js';
import { mediaObjects } from '../storage/index.js';
import type { DependencyProbes } from './service.js';

/** How long a probe may take before the dependency counts as still away. */
export const PROBE_DEADLINE_MS = 2_000;

const within = (work: Promise<unknown>) =>
  Promise.race([work, new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in time')), PROBE_DEADLINE_MS).unref())]);

/**
 * Whether each dependency answers again, for taking up the jobs failed waiting on it (jobs/service.ts).
 * The media store's check says whether a bucket answers and a directory has room (storage/). A bare
 * "network" error names no one to ask: those jobs wait for an operator (npm run admin -- jobs retry <kind>).
 */
export function dependencyProbes(deps: Pick<Deps, 'db' | 'redis' | 'config'>): DependencyProbes {
  const media = () => within(mediaObjects(deps.config).check());
  return {
    database: () => within(sql`select 1`.execute(deps.db)),
    redis: deps.redis ? () => within(deps.redis!.ping()) : async () => undefined,
    bucket: media,
    disk: media,
  };
}

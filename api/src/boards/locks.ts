import { ApiError, type ErrorName } from '../lib/errors.js';

/**
 * Board actions in flight, by board or section id. A second move touching the same board while
 * the first is running is refused with the spec's busy codes (2171-2173) instead of interleaving.
 * Held in memory: one server process owns its boards' moves.
 */
export function boardLocks() {
  const held = new Set<string>();
  return {
    async run<T>(keys: string[], busy: ErrorName, work: () => Promise<T>): Promise<T> {
      if (keys.some((key) => held.has(key))) throw new ApiError(busy);
      for (const key of keys) held.add(key);
      try {
        return await work();
      } finally {
        for (const key of keys) held.delete(key);
      }
    },
  };
}

export type BoardLocks = ReturnType<typeof boardLocks>;

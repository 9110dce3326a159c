/**
 * Where a server process is in its life, for GET /ready (ops/probes.ts): a load balancer stops sending
 * to a process that is migrating its database or draining for a shutdown, before it is gone.
 */
export interface Lifecycle {
  /** Set by product.ts's stop(): requests in flight are being finished; take no more. */
  draining: boolean;
}

export const newLifecycle = (): Lifecycle => ({ draining: false });

/** Migrations running in this process (db/migrate.ts counts them). */
let migrations = 0;
export const migrationsRunning = () => migrations > 0;
export async function whileMigrating<T>(work: () => Promise<T>): Promise<T> {
  migrations++;
  try {
    return await work();
  } finally {
    migrations--;
  }
}

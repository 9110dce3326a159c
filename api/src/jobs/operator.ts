import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import type { Clock } from '../lib/clock.js';
import { jobsStore } from './store.js';

export const JOBS_USAGE = `Background jobs:
  jobs failed                 the failed jobs, by kind and by the dependency they waited on
  jobs retry <kind>           queues every failed job of <kind> again, with its tries anew`;

/** npm run admin -- jobs …: null when argv is not a jobs command. */
export async function runJobsAdmin({ db, clock }: { db: Kysely<Database>; clock: Clock }, argv: string[]): Promise<string | null> {
  if (argv[0] !== 'jobs') return null;
  const store = jobsStore(db);
  if (argv[1] === 'failed') {
    const rows = await store.failedByKind();
    if (!rows.length) return 'No failed jobs.';
    return rows.map((row) => `${row.kind}\t${row.failed}${row.waiting_on ? `\twaiting on ${row.waiting_on}` : ''}`).join('\n');
  }
  if (argv[1] === 'retry' && argv[2]) {
    const n = await store.retryFailed(argv[2], clock.now());
    return `${n} failed job${n === 1 ? '' : 's'} of kind ${argv[2]} queued again.`;
  }
  return JOBS_USAGE;
}

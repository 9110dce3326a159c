import { availableParallelism, loadavg } from 'node:os';
import { runLoad } from './load.js';

/**
 * Issue 32: does image ingest keep up with the saves? BENCH=load's run (the real server, SQLite, 200 savers)
 * with a new image for every save, so every save makes an ingest job. Printed beside their goals: ingest jobs
 * done per second during the load against the saves acknowledged per second, and the age of the oldest job
 * still waiting when the load ends (at most 60 s). Then the queue gets a minute to drain; what is left is printed.
 */
const QUEUE_AGE_GOAL_S = 60;
const SECONDS = Number(process.env.INGEST_SECONDS ?? 60);

export async function ingest() {
  const port = Number(process.env.PORT ?? 9151);
  const examplesPort = Number(process.env.EXAMPLES_PORT ?? port + 1);
  const r = await runLoad({ seconds: SECONDS, savers: 200, kills: 0, port, examplesPort, images: Number.MAX_SAFE_INTEGER, drainTimeoutMs: 60_000, log: (line) => console.log(`    ${line}`) });
  console.log(`    acknowledged ${r.acknowledged}, errors ${r.errors}, shed ${r.shed}; at the load's end ${r.queueAtEnd.left} jobs waiting, the oldest ${Math.round(r.queueAtEnd.oldestAgeMs / 1000)} s old; after the drain: jobs left ${r.jobsLeft}, failed ${r.jobsFailed}, pins without copies ${r.pinsWithoutCopies}`);
  for (const sample of r.errorSamples) console.log(`      error: ${sample}`);
  return [
    // A machine shared with other work shows in every figure: its 1-minute load average, beside its cores.
    { name: `load average (${availableParallelism()} cores)`, value: Math.round(loadavg()[0]! * 10) / 10, unit: '' },
    { name: 'saves acknowledged (distinct images)', value: r.savesPerSecond, unit: 'saves/s' },
    { name: 'ingest jobs done during the load', value: r.ingestPerSecond, budget: r.savesPerSecond, atLeast: true, unit: 'jobs/s' },
    { name: 'queue age at the load\u2019s end', value: Math.round(r.queueAtEnd.oldestAgeMs / 1000), budget: QUEUE_AGE_GOAL_S, unit: 's' },
    { name: 'errors', value: r.errors, budget: 0, unit: '' },
    { name: 'ingest unfinished after the drain', value: r.pinsWithoutCopies, budget: 0, unit: 'pins' },
  ];
}

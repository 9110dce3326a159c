import { availableParallelism, loadavg } from 'node:os';
import { runLoad } from './load.js';

/**
 * Does image ingest keep up with the saves? BENCH=load's run (the real server, SQLite, 200 savers)
 * with a new image for every save, so every save makes an ingest job, and every save the admission refuses
 * (images/backlog.ts: 503 with Retry-After) is sent again after it. Two cores cannot re-encode what they
 * can acknowledge, so the goal is that the saves acknowledged are what ingest drains: over the load's steady
 * part, ingest jobs done per second at least the new-image saves acknowledged per second (the queue does
 * not grow), and the oldest job still waiting when the load ends at most 60 s old. The steady part is the
 * load's second half: first the queue fills to INGEST_MAX_WAIT_MS of work (at once to what the assumed drain
 * allows, then as the measured drain replaces it and shed savers come back), which took 20-30 s here at
 * load 12-20. Then the queue gets a minute to drain; what is left is printed.
 */
const QUEUE_AGE_GOAL_S = 60;
const SECONDS = Number(process.env.INGEST_SECONDS ?? 60);

export async function ingest() {
  const port = Number(process.env.PORT ?? 9151);
  const examplesPort = Number(process.env.EXAMPLES_PORT ?? port + 1);
  const r = await runLoad({
    seconds: SECONDS,
    savers: 200,
    kills: 0,
    port,
    examplesPort,
    images: Number.MAX_SAFE_INTEGER,
    steadyAfterSeconds: SECONDS / 2,
    drainTimeoutMs: 60_000,
    log: (line) => console.log(`    ${line}`),
  });
  const steady = r.steady!;
  console.log(
    `    acknowledged ${r.acknowledged}, errors ${r.errors}, shed ${r.shed}; steady part (last ${steady.seconds} s): queue grew by ${steady.queueGrowth}; at the load's end ${r.queueAtEnd.left} jobs waiting, the oldest ${Math.round(r.queueAtEnd.oldestAgeMs / 1000)} s old; after the drain: jobs left ${r.jobsLeft}, failed ${r.jobsFailed}, pins without copies ${r.pinsWithoutCopies}`,
  );
  for (const sample of r.errorSamples) console.log(`      error: ${sample}`);
  return [
    // A machine shared with other work shows in every figure: its 1-minute load average, beside its cores.
    { name: `load average (${availableParallelism()} cores)`, value: Math.round(loadavg()[0]! * 10) / 10, unit: '' },
    { name: 'whole load: new-image saves acknowledged', value: r.savesPerSecond, unit: 'saves/s' },
    { name: 'whole load: ingest jobs done', value: r.ingestPerSecond, unit: 'jobs/s' },
    { name: 'steady: new-image saves acknowledged', value: steady.savesPerSecond, unit: 'saves/s' },
    { name: 'steady: ingest jobs done', value: steady.ingestPerSecond, budget: steady.savesPerSecond, atLeast: true, unit: 'jobs/s' },
    { name: 'saves shed (503, sent again)', value: r.shed, unit: '' },
    { name: 'queue depth at the load\u2019s end', value: r.queueAtEnd.left, unit: 'jobs' },
    { name: 'queue age at the load\u2019s end', value: Math.round(r.queueAtEnd.oldestAgeMs / 1000), budget: QUEUE_AGE_GOAL_S, unit: 's' },
    { name: 'errors', value: r.errors, budget: 0, unit: '' },
    { name: 'ingest unfinished after the drain', value: r.pinsWithoutCopies, budget: 0, unit: 'pins' },
  ];
}

const BURST_SAVES = 500;
const BURST_CLIENTS = 6;

/**
 * A burst: 500 saves, each with a new image, from 6 clients as fast as they are answered. A save with a
 * new image is taken and its image made after, so none may be refused for image work (503, or 429
 * image_busy), and every pin has its copies once the queue has drained.
 */
export async function ingestBurst() {
  const port = Number(process.env.PORT ?? 9151);
  const examplesPort = Number(process.env.EXAMPLES_PORT ?? port + 1);
  const r = await runLoad({
    seconds: 0,
    saves: BURST_SAVES,
    savers: BURST_CLIENTS,
    kills: 0,
    port,
    examplesPort,
    images: Number.MAX_SAFE_INTEGER,
    drainTimeoutMs: 180_000,
    log: (line) => console.log(`    ${line}`),
  });
  console.log(
    `    burst: acknowledged ${r.acknowledged} at ${r.savesPerSecond} saves/s, refused for image work ${r.shed}, errors ${r.errors}; after the drain: jobs left ${r.jobsLeft}, failed ${r.jobsFailed}, pins without copies ${r.pinsWithoutCopies}`,
  );
  for (const sample of r.errorSamples) console.log(`      error: ${sample}`);
  return [
    { name: `burst of ${BURST_SAVES} from ${BURST_CLIENTS} clients: saves acknowledged`, value: r.acknowledged, budget: BURST_SAVES, atLeast: true, unit: '' },
    { name: 'burst: refused for image work', value: r.shed, budget: 0, unit: '' },
    { name: 'burst: errors', value: r.errors, budget: 0, unit: '' },
    { name: 'burst: ingest unfinished after the drain', value: r.jobsLeft + r.jobsFailed + r.pinsWithoutCopies, budget: 0, unit: 'pins' },
  ];
}

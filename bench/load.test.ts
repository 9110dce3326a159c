import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runLoad } from './load.js';

/** A port nobody listens on now (the OS's pick), so parallel runs do not collide. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * The scale issue's crash check, kept short for the test suite (the 60 s run is `BENCH=load npm run bench`):
 * the real server under 200 concurrent savers for 10 s, killed with SIGKILL three times mid-load and
 * restarted. No acknowledged save may be missing, the file must be intact and the counts right, and the
 * ingest queue must finish every pin's image after the restarts.
 */
describe('a server killed with kill -9 under load', () => {
  it('loses no acknowledged save, keeps the database intact, and finishes the ingest after restart', async () => {
    const result = await runLoad({ seconds: 10, savers: 200, kills: 3, port: await freePort(), examplesPort: await freePort(), images: 10 });
    console.log(`kill -9 x3 under 200 savers: ${JSON.stringify(result)}`);
    expect(result.acknowledged).toBeGreaterThan(0);
    expect(result.lost).toBe(0);
    expect(result.errorSamples).toEqual([]);
    expect(result.errors).toBe(0);
    // Saves whose answer the kill cut may or may not be rows; every answered one is.
    expect(result.rows).toBeGreaterThanOrEqual(result.acknowledged);
    expect(result.rows).toBeLessThanOrEqual(result.acknowledged + result.cut);
    expect(result.integrity).toBe('ok');
    expect(result.foreignKeyProblems).toBe(0);
    expect(result.countsMatch).toBe(true);
    expect({ jobsLeft: result.jobsLeft, jobsFailed: result.jobsFailed, pinsWithoutCopies: result.pinsWithoutCopies }).toEqual({
      jobsLeft: 0,
      jobsFailed: 0,
      pinsWithoutCopies: 0,
    });
  }, 240_000);
});

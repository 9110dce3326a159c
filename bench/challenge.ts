import { createHash } from 'node:crypto';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { loadConfig } from '../api/src/config.js';
import { searchSlice } from '../popup/src/auth/sha256.js';

/**
 * The log-in challenge's cost (security issue, item 8) at the default CHALLENGE_MAX_NUMBER: the
 * average time the popup's solver (popup/src/auth/sha256.ts, the same JavaScript Chromium runs) takes,
 * goal about a second. Beside it, for context: a script hashing natively, and altcha-lib's solver (one
 * awaited WebCrypto digest per number, as the popup solved before), both at the same size.
 */
export async function challengeCost() {
  const maxnumber = loadConfig({}).challengeMaxNumber;
  const rounds = Number(process.env.CHALLENGE_ROUNDS ?? 6);
  // A fixed spread of answers over the range: their average is maxnumber / 2, as for random answers.
  const numbers = Array.from({ length: rounds }, (_, i) => Math.round(((i + 0.5) / rounds) * maxnumber));
  let total = 0;
  for (const number of numbers) {
    const c = await createChallenge({ hmacKey: 'bench-key-bench-key-bench', maxnumber, number });
    const started = performance.now();
    if (searchSlice(c.challenge, c.salt, 0, maxnumber + 1) !== number) throw new Error('challenge not solved');
    total += performance.now() - started;
  }
  const hashes = numbers.reduce((a, b) => a + b, 0);
  const c = await createChallenge({ hmacKey: 'bench-key-bench-key-bench', maxnumber: 20_000, number: 20_000 });
  const awaited = performance.now();
  await solveChallenge(c.challenge, c.salt, c.algorithm, c.maxnumber).promise;
  const awaitedPerHashUs = ((performance.now() - awaited) / 20_000) * 1000;
  const nativeStarted = performance.now();
  for (let n = 0; n < 100_000; n++) createHash('sha256').update(`${c.salt}${n}`).digest('hex');
  const nativePerHashUs = (performance.now() - nativeStarted) / 100;
  return [
    { name: 'maxnumber (default)', value: maxnumber, unit: '' },
    { name: 'average solve, popup', value: Math.round(total / rounds), budget: 1500, unit: 'ms (goal about 1000)' },
    { name: 'per hash, popup', value: Number(((total / hashes) * 1000).toFixed(2)), unit: 'µs' },
    { name: 'average solve, native script', value: Math.round((nativePerHashUs * maxnumber) / 2 / 1000), unit: 'ms' },
    { name: 'average solve, awaited digest', value: Math.round((awaitedPerHashUs * maxnumber) / 2 / 1000), unit: 'ms (altcha-lib solver)' },
  ];
}

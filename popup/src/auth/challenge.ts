import { challengeAllowed } from '../../../api/src/auth/rules/recovery';
import { v3 } from '../api';
import { searchSlice } from './sha256';

/**
 * The log-in challenge in the popup: fetch an ALTCHA challenge from /v3/challenge/, find the number
 * whose SHA-256 with the salt is the challenge, and hand back the base64 payload the server verifies,
 * sent as recaptchaV2Token. Hashed synchronously (./sha256.ts) in slices, yielding between them so the
 * page stays responsive; about a second at the default CHALLENGE_MAX_NUMBER.
 */
/** Numbers hashed between two yields to the page (a few milliseconds of work). */
const SLICE = 2000;

export async function solveChallenge(): Promise<string> {
  const c = await v3('/v3/challenge/');
  // ALTCHA's own default when a challenge names no ceiling (ours always does: CHALLENGE_MAX_NUMBER).
  const max = c.maxnumber ?? 1_000_000;
  for (let start = 0; start <= max; start += SLICE) {
    const n = searchSlice(c.challenge, c.salt, start, Math.min(start + SLICE, max + 1));
    if (n !== null) return btoa(JSON.stringify({ algorithm: c.algorithm, challenge: c.challenge, number: n, salt: c.salt, signature: c.signature }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  throw new Error('challenge not solved');
}

const TIMES_KEY = 'cb_challenge_times';

function readTimes(): number[] {
  try {
    const parsed = JSON.parse(localStorage.getItem(TIMES_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? parsed.filter((t): t is number => typeof t === 'number') : [];
  } catch {
    return [];
  }
}

/**
 * Three challenge timestamps are kept; a new challenge is shown only when the
 * oldest of them is more than 3600 s old. Records this one when allowed.
 */
export function takeChallengeSlot(now: number): boolean {
  const times = readTimes();
  if (!challengeAllowed(times, now)) return false;
  try {
    localStorage.setItem(TIMES_KEY, JSON.stringify([...times, now].slice(-3)));
  } catch {
    // Storage unavailable: the server's own limits still hold.
  }
  return true;
}

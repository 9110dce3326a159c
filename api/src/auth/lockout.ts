/**
 * Failed log-ins, counted per normalised email whether or not it has an account (so the answers
 * do not tell which emails exist). The steps, in the order a person meets them:
 *
 *   failure 3          the login-assistance answer; the account holder gets a help email
 *   after 5 failures   every attempt must carry a solved challenge (ALTCHA), else it is refused unread
 *   failure 10         locked for 30 minutes: every attempt answers rate-limited,
 *                      is not counted and does not extend the lock; a correct password fails too
 *
 * A success, a password reset or the end of a lock starts the count again; failures older than a
 * day are forgotten. Chosen numbers are in docs/decisions.md.
 */
export const LOCKOUT = {
  assistanceAt: 3,
  challengeAfter: 5,
  lockAt: 10,
  lockMs: 30 * 60 * 1000,
  windowMs: 24 * 60 * 60 * 1000,
} as const;

export interface AttemptRow {
  failures: number;
  first_failed_at: number;
  locked_until: number | null;
}

export type AttemptState =
  | { locked: true; lockedUntil: number }
  /** stale: the stored row is over (lock ended, window passed) and the next failure starts at 1. */
  | { locked: false; failures: number; stale: boolean };

export function attemptState(row: AttemptRow | undefined, now: number): AttemptState {
  if (!row) return { locked: false, failures: 0, stale: false };
  if (row.locked_until !== null) {
    return now < row.locked_until ? { locked: true, lockedUntil: row.locked_until } : { locked: false, failures: 0, stale: true };
  }
  if (now - row.first_failed_at >= LOCKOUT.windowMs) return { locked: false, failures: 0, stale: true };
  return { locked: false, failures: row.failures, stale: false };
}

export const needsChallenge = (failures: number) => failures >= LOCKOUT.challengeAfter;

/** What the failure that brought the count to `failures` answers. */
export function failureOutcome(failures: number): 'lock' | 'assist' | 'incorrect' {
  if (failures >= LOCKOUT.lockAt) return 'lock';
  if (failures === LOCKOUT.assistanceAt) return 'assist';
  return 'incorrect';
}

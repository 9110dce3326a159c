import { createChallenge, extractParams, verifySolution } from 'altcha-lib';
import type { Payload } from 'altcha-lib/types';
import type { Deps } from '../deps.js';
import { sha256 } from '../lib/ids.js';
import { authStore } from './store.js';

/** How long a handed-out challenge may be solved and used. */
export const CHALLENGE_TTL_MS = 10 * 60 * 1000;

/**
 * The log-in challenge: ALTCHA proof of work, self-hosted, in place of reCAPTCHA v2 (the popup
 * sends the solution as recaptchaV2Token, as the spec's flow does). The challenge is signed with
 * config.challengeKey, expires by the injected clock and is spent on first use.
 */
export function challengeService({ db, clock, config }: Deps) {
  const store = authStore(db);
  return {
    create() {
      return createChallenge({ hmacKey: config.challengeKey, maxnumber: config.challengeMaxNumber, expires: new Date(clock.now() + CHALLENGE_TTL_MS) });
    },

    /** A solution (base64 JSON, as the ALTCHA widget sends it) that is right, ours, live and unused. */
    async verify(token: string | undefined): Promise<boolean> {
      if (!token || token === 'default' || token.length > 4096) return false;
      let payload: unknown;
      try {
        payload = JSON.parse(Buffer.from(token, 'base64').toString('utf8'));
      } catch {
        return false;
      }
      if (!isPayload(payload)) return false;
      // The library would read expiry from Date.now(); ours comes from the clock.
      if (!(await verifySolution(payload, config.challengeKey, false))) return false;
      const expires = Number(extractParams(payload).expires) * 1000;
      const now = clock.now();
      if (!Number.isFinite(expires) || expires <= now) return false;
      try {
        await store.insertToken({
          id: sha256(`challenge:${payload.signature}`),
          kind: 'challenge',
          user_id: null,
          address: null,
          created_at: now,
          expires_at: expires,
          used_at: now,
        });
        return true;
      } catch {
        return false; // the primary key says this solution was spent already
      }
    },
  };
}

function isPayload(value: unknown): value is Payload {
  const p = value as Partial<Payload> | null;
  return (
    !!p &&
    p.algorithm === 'SHA-256' &&
    typeof p.challenge === 'string' &&
    typeof p.number === 'number' &&
    typeof p.salt === 'string' &&
    typeof p.signature === 'string'
  );
}

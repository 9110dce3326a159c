import type { Deps, Viewer } from '../../deps.js';
import type { User } from '../../db/schema.js';
import { ApiError, type ErrorName } from '../../lib/errors.js';
import { limitsFor } from '../../lib/limits.js';
import type { SmsSender } from '../../lib/mail.js';
import { mfaService } from '../mfa.js';
import { verifyPassword } from '../passwords.js';
import { loggedInRecently } from '../rules.js';

/** What a person gives to prove it is the owner at the keyboard: the password and, when two-factor is on, a code (a backup code too). */
export interface Proof {
  password?: string;
  code?: string;
}

/**
 * The fresh proof every credential change asks for, of factors the account had before the change: its
 * password (for an account with none, a real log-in through its provider within the last 30 minutes:
 * a session a change rotated keeps its predecessor's log-in time), and its current second factor when
 * one is on. One never stands in for the other, and a factor the change sets up never proves it (the
 * caller asks before the change is written). Wrong guesses are counted per account (lib/limits.ts
 * securityAccount), whatever the session.
 */
export function proofService(deps: Deps, sms: SmsSender) {
  const { clock } = deps;
  const limits = limitsFor(deps);
  const mfa = mfaService(deps, sms);

  /** Runs one guess under the account's limit: refused once the share is used; a wrong guess is counted. */
  const guarded = async (userId: string, guess: () => Promise<boolean>, wrong: ErrorName) => {
    await limits.check('securityAccount', userId);
    if (await guess()) return;
    await limits.count('securityAccount', userId);
    throw new ApiError(wrong);
  };

  const prove = async (viewer: Viewer, user: User, proof: Proof) => {
    if (user.password_hash) {
      if (!proof.password) throw new ApiError('proof_required');
      await guarded(user.id, () => verifyPassword(user.password_hash!, proof.password!), 'password_incorrect');
    } else if (!loggedInRecently(viewer, clock.now())) {
      throw new ApiError('reauth_required');
    }
    if (user.mfa_method) {
      if (!proof.code) throw new ApiError('proof_required', 'Enter a two-factor code to continue.');
      await guarded(user.id, () => mfa.verifyOrBackup(user, proof.code!), 'mfa_code_invalid');
    }
  };

  return { prove, guarded };
}

export type ProofService = ReturnType<typeof proofService>;

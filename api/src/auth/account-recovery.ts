import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import type { Mailer } from '../lib/mail.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { assertNewPassword } from './new-password.js';
import type { AccountState, DeactivationReason } from './rules/recovery.js';
import { resetService } from './reset.js';
import { mayHoldSession } from './states.js';
import { authStore } from './store.js';
import { limitsFor } from '../lib/limits.js';

/**
 * Getting an account back and keeping it safe (auth.md sections 4 and 7): forgot and reset password,
 * the logged-in password change, and the account states that refuse log-in.
 */
export function accountRecoveryService(deps: Deps, mailer: Mailer, startSession: (userId: string, mfaAt?: number | null) => Promise<string>) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const resets = resetService(deps, mailer);
  const limits = limitsFor(deps);

  return {
    forgotPassword: resets.forgotPassword,
    resetPassword: resets.resetPassword,
    resetLinkIsLive: resets.linkIsLive,

    /** A logged-in password change: the old password first; every other session is revoked, every reset link retired, and this one rotates. */
    async changePassword(viewer: Viewer, oldPassword: string, newPassword: string) {
      const user = await store.findUserById(viewer.id);
      if (!user?.password_hash) throw new ApiError('password_incorrect');
      // Wrong current passwords count against the account (issue 27): a left-open session cannot guess it.
      await limits.check('securityAccount', user.id);
      if (!(await verifyPassword(user.password_hash, oldPassword))) {
        await limits.count('securityAccount', user.id);
        throw new ApiError('password_incorrect');
      }
      assertNewPassword(newPassword, user.email, config.passwordMinLength);
      // The new hash, every session revoked and every reset link retired, together: a link mailed
      // before the change must not undo it.
      await store.changePassword(user.id, await hashPassword(newPassword), clock.now());
      // The new session keeps what this one had passed: two-factor is not asked for again.
      return startSession(user.id, viewer.mfaPassed ? clock.now() : null);
    },

    /**
     * An account's state, set by an operator (the admin command): a state that refuses log-in ends every
     * session of the account in the same transaction. It is recorded as the operator's, so its subject
     * cannot undo it by logging in, whatever reason it was given (auth/states.ts admitAtLogIn).
     */
    async setAccountState(userId: string, state: AccountState, reason: DeactivationReason | null = null) {
      await store.setState(userId, { state, state_reason: state === 'deactivated' ? (reason ?? 'user_requested') : null, state_set_by: 'operator' }, mayHoldSession(state) ? null : clock.now());
    },
  };
}

import type { Deps, Viewer } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import type { Mailer } from '../lib/mail.js';
import { hashPassword } from './passwords.js';
import { assertNewPassword } from './new-password.js';
import type { AccountState, DeactivationReason } from './rules/recovery.js';
import { resetService } from './reset.js';
import { mayHoldSession } from './states.js';
import { authStore } from './store.js';
import { credentialStore } from './credentials/store.js';
import { proofService } from './credentials/proof.js';
import type { SmsSender } from '../lib/mail.js';
import type { StartSession } from './session.js';

/**
 * Getting an account back and keeping it safe: forgot and reset password,
 * the logged-in password change, and the account states that refuse log-in.
 */
export function accountRecoveryService(deps: Deps, outgoing: { mailer: Mailer; sms: SmsSender }, startSession: StartSession) {
  const { db, clock, config } = deps;
  const store = authStore(db);
  const credentials = credentialStore(db);
  const resets = resetService(deps, outgoing.mailer);
  const { prove } = proofService(deps, outgoing.sms);

  return {
    forgotPassword: resets.forgotPassword,
    resetPassword: resets.resetPassword,
    resetLinkIsLive: resets.linkIsLive,

    /**
     * A logged-in password change: the old password first, and the current two-factor code when it is on
     * (auth/credentials/proof.ts; wrong ones count against the account). The epoch moves (every session,
     * reset link, email-change link and remembered browser dies), and this browser gets a new session
     * that keeps this one's log-in time and what it had passed.
     */
    async changePassword(viewer: Viewer, oldPassword: string, newPassword: string, code?: string) {
      const user = await store.findUserById(viewer.id);
      if (!user?.password_hash) throw new ApiError('password_incorrect');
      assertNewPassword(newPassword, user.email, config.passwordMinLength);
      await prove(viewer, user, { password: oldPassword, code });
      await credentials.changePassword(user.id, await hashPassword(newPassword), clock.now());
      return startSession(user.id, viewer.mfaPassed ? clock.now() : null, viewer.loggedInAt);
    },

    /**
     * An account's state, set by an operator (the admin command): a state that refuses log-in ends every
     * session of the account in the same transaction. It is recorded as the operator's, so its subject
     * cannot undo it by logging in, whatever reason it was given (auth/states.ts admitAtLogIn).
     */
    async setAccountState(userId: string, state: AccountState, reason: DeactivationReason | null = null) {
      await store.setState(
        userId,
        { state, state_reason: state === 'deactivated' ? (reason ?? 'user_requested') : null, state_set_by: 'operator' },
        mayHoldSession(state) ? null : clock.now(),
      );
    },
  };
}

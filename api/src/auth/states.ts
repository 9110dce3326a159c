import { ApiError, type ErrorName } from '../lib/errors.js';
import { selfDeactivated } from './security-rules.js';
import { accountShown } from '../policy/rules.js';

/**
 * The one rule of which account states may hold a session. Log-in, the session
 * check on every request, the remembered-browser welcome-back and the revoke-on-state-change all ask
 * here, so a state cannot refuse log-in and still keep a live session.
 */

/** The error a correct password meets on an account in a state. */
const STATE_ERRORS: Readonly<Record<string, ErrorName>> = {
  suspended: 'account_suspended',
  deactivated: 'account_deactivated',
  soft_banned: 'account_soft_banned',
  prevent_facebook_register: 'prevent_facebook_register',
  prevent_google_register: 'prevent_google_register',
};

/**
 * Why an account in this state may not log in or keep a session; null for an active account. A state
 * this code does not know (a row edited by hand, a newer server's state) refuses as suspended: closed,
 * not open.
 */
export function stateRefusal(state: string): ErrorName | null {
  if (accountShown(state)) return null;
  return Object.hasOwn(STATE_ERRORS, state) ? STATE_ERRORS[state]! : 'account_suspended';
}

/**
 * What a log-in that has proved who it is (the password, or a provider's word for a linked account) meets,
 * for every way in: an account its owner deactivated (not an operator) comes back (`reactivates`: the caller
 * writes it with the store's reactivate once the rest of the log-in, two-factor included, has passed);
 * any other state refuses, a deactivated one with its reason for the dialog.
 */
export function admitAtLogIn(user: { state: string; state_reason: string | null; state_set_by: string }): { reactivates: boolean } {
  if (selfDeactivated(user)) return { reactivates: true };
  const refusal = stateRefusal(user.state);
  if (refusal) throw new ApiError(refusal, undefined, user.state === 'deactivated' ? { reason: user.state_reason ?? 'user_requested' } : undefined);
  return { reactivates: false };
}

/** Whether an account in this state may hold a session at all: the policy's live state, the same rule that shows an account. */
export const mayHoldSession = accountShown;

// Whether an account's profile and everything it owns is shown is the object policy's question
// (policy/rules.ts accountShown), answered with this same rule.

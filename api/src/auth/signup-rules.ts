import type { ErrorName } from '../lib/errors.js';

/**
 * Who may make an account (SIGNUP_MODE), pure. Every way in asks this one rule: email and password, Google,
 * Facebook, LINE and company SSO. Accounts an operator makes (npm run admin -- create, the demo seeds) are
 * the operator's word and are not asked.
 */
export const SIGNUP_MODES = ['open', 'invite', 'closed'] as const;
export type SignupMode = (typeof SIGNUP_MODES)[number];
export type SignupWay = 'password' | 'sso' | 'google' | 'facebook' | 'line';

/** How long a mailed invitation may be used. */
export const INVITATION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * What a sign-up by `way` meets: null (it may make an account), 'invitation' (only with a live invitation
 * for its address) or the refusal. SIGNUP_SSO_OPEN lets company SSO (SSO_DOMAINS: the company's own
 * people, vouched for by its identity provider) sign up whatever the mode.
 */
export function signupRule(mode: SignupMode, way: SignupWay, ssoOpen: boolean): null | 'invitation' | ErrorName {
  if (mode === 'open' || (way === 'sso' && ssoOpen)) return null;
  return mode === 'invite' ? 'invitation' : 'signup_closed';
}

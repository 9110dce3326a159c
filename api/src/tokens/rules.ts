import type { ErrorName } from '../lib/errors.js';

/**
 * Personal access tokens' rules, pure (shared by the server and the settings page): what a token looks
 * like, and what a request made with one may do.
 */

/** Every token starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const TOKEN_PREFIX = 'cbpat_';
export const TOKEN_SCOPES = ['read', 'write'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];
export const TOKEN_NAME_MAX = 60;
/** Live tokens one account may hold. */
export const TOKENS_PER_ACCOUNT = 50;
/** A token's last use is written at most this often, so a busy script does not write on every call. */
export const TOKEN_SEEN_EVERY_MS = 60_000;

/**
 * The resources that manage the account itself: how it logs in, its sessions and tokens, its closing,
 * sign-up and invitations. A token never calls them (a stolen token cannot make another, change the
 * password or lock its owner out); the website, with a cookie and a fresh proof, does.
 */
const ACCOUNT_RESOURCES = new Set([
  'AccessTokenResource',
  'SecuritySettingsResource',
  'TwoFactorResource',
  'TwoFactorCodeResource',
  'SessionTwoFactorResource',
  'EmailChangeResource',
  'ActiveSessionsResource',
  'OtherSessionsResource',
  'AccountDeactivationResource',
  'AccountDeletionResource',
  'UserSessionResource',
  'UserPasswordResource',
  'UserRegisterResource',
  'EmailVerificationResource',
  'SocialRegisterResource',
  'SocialLinkResource',
  'SocialIdentitiesResource',
  'SocialPasswordResource',
  'GoogleOneTapResource',
  'SignupInvitationResource',
]);

const READS = new Set(['GET', 'HEAD']);

/**
 * Why a request made with a token of this scope is refused, or null when it may go on (the owner's own
 * policy then applies as for a cookie). A read token reads only; no token touches the account's
 * credentials or signs in through a provider.
 */
export function tokenRefusal(scope: TokenScope, method: string, path: string): ErrorName | null {
  if (path.startsWith('/oauth/')) return 'token_not_allowed';
  const resource = /^\/resource\/([^/]+)\//.exec(path)?.[1];
  if (resource && ACCOUNT_RESOURCES.has(resource)) return 'token_not_allowed';
  if (scope === 'read' && !READS.has(method)) return 'token_read_only';
  return null;
}

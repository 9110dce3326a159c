/**
 * Account safety shared by server and popup: the recovery
 * outcome codes, which log-in error opens which dialog, the dialogs' text, the MFA code rules and the
 * client's challenge limit. Pure and small: the popup bundles it.
 */

/** The outcome codes of account recovery. */
export const RECOVERY = {
  soft_banned: 0,
  rate_limited: 1,
  login_assistance: 2,
  password_reset_sent: 3,
  prevent_facebook_register: 4,
  prevent_google_register: 5,
  suspended: 6,
} as const;
export type RecoveryOutcome = keyof typeof RECOVERY;
/** Deactivated has a dialog but no outcome code in the spec. */
export type RecoveryDialogType = RecoveryOutcome | 'deactivated';

/**
 * api_error_code (api/src/lib/errors.ts) to the dialog it opens; recovery.test.ts checks these
 * numbers against the catalogue, so the popup need not bundle the catalogue.
 */
export const ERROR_CODES = {
  password_incorrect: 78,
  login_assistance: 110,
  rate_limited: 111,
  captcha_required: 112,
  mfa_required: 113,
  mfa_code_invalid: 114,
  mfa_send_limited: 115,
  account_suspended: 116,
  account_deactivated: 117,
  account_soft_banned: 118,
  prevent_facebook_register: 119,
  prevent_google_register: 120,
  reset_token_invalid: 121,
  // Per-client limits (lib/limits.ts), each 429 with a message the popup shows as it is.
  login_address_limited: 140,
  signup_limited: 141,
  email_check_limited: 142,
  reset_limited: 143,
  // An email log-in to a provider-linked account with no password (linkedLoginError below).
  google_linked_no_password: 174,
  facebook_linked_no_password: 175,
  facebook_login_retired: 176,
} as const;

/** Behind dweb_unauth_fb_login_account_recovery_flow, Facebook login is retired. */
export const FACEBOOK_RECOVERY_FLAG = 'dweb_unauth_fb_login_account_recovery_flow';

export type LinkedLoginError = 'google_linked_no_password' | 'facebook_linked_no_password' | 'facebook_login_retired';

/**
 * The answer to an email log-in for an account that has no
 * password, by the providers linked to it. Google first (it still works); Facebook's message is the
 * retired one behind the recovery flag. Other providers (SSO, Line) keep the wrong-password answer.
 */
export function linkedLoginError(providers: readonly string[], facebookRetired: boolean): LinkedLoginError | null {
  if (providers.includes('google')) return 'google_linked_no_password';
  if (providers.includes('facebook')) return facebookRetired ? 'facebook_login_retired' : 'facebook_linked_no_password';
  return null;
}

/** An answer that says "too many, come back later" (HTTP 429): its own message is what the person reads. */
export const isLimitedAnswer = (body: { http_status?: number } | null | undefined) => body?.http_status === 429;

export const DIALOG_BY_ERROR: Readonly<Record<number, RecoveryDialogType>> = {
  [ERROR_CODES.login_assistance]: 'login_assistance',
  [ERROR_CODES.rate_limited]: 'rate_limited',
  // Rate-limit codes (plural) open the rate-limited dialog; 140 is the per-address one.
  [ERROR_CODES.login_address_limited]: 'rate_limited',
  [ERROR_CODES.account_suspended]: 'suspended',
  [ERROR_CODES.account_deactivated]: 'deactivated',
  [ERROR_CODES.account_soft_banned]: 'soft_banned',
  [ERROR_CODES.prevent_facebook_register]: 'prevent_facebook_register',
  [ERROR_CODES.prevent_google_register]: 'prevent_google_register',
};

/** The account states an operator can set (npm run admin -- state …); 'active' is the default. */
export const ACCOUNT_STATES = ['active', 'suspended', 'deactivated', 'soft_banned', 'prevent_facebook_register', 'prevent_google_register'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

/** The deactivated dialog's reasons. */
export const DEACTIVATION_REASONS = {
  community_guidelines: 'Your account went against our community guidelines.',
  unusual_activity: 'We noticed unusual activity on your account.',
  user_requested: 'You asked us to close your account.',
} as const;
export type DeactivationReason = keyof typeof DEACTIVATION_REASONS;

/** User-visible text, word for word as the product shows it (ours where it shows none: docs/decisions.md). */
export const SAFETY_MESSAGES = {
  rateLimitedTitle: 'Oops! Too many login attempts',
  rateLimitedBody: 'You have reached the maximum number of login attempts. Try again in 30 minutes.',
  okay: 'Okay',
  deactivatedTitle: 'Your account has been deactivated',
  gotIt: 'Got it',
  contactUs: 'Contact us',
  softBannedTitle: 'We protected your account',
  softBannedBody:
    'We noticed some strange activity on your account, so we reset your password and logged you out everywhere. Check your email for a link to pick a new password.',
  assistanceTitle: "Looks like you're having trouble logging in",
  assistanceBody: 'We sent an email to {{ email }} to help you get back in.',
  resendEmail: 'Resend email',
  resetSentTitle: 'Password reset email sent',
  resetSentBody: 'We sent instructions to pick a new password to {{ email }}.',
  emailSent: 'Email sent!',
  suspendedTitle: 'Your account has been suspended',
  suspendedBody: 'Your account was suspended for breaking our community guidelines. If you think this is a mistake, contact us.',
  preventFacebookTitle: 'Oops! Something went wrong',
  preventFacebookBody: "We couldn't match your Facebook account to any account. Try resetting your password instead.",
  preventGoogleTitle: 'Oops! Something went wrong',
  preventGoogleBody: "We couldn't match your Google account to any account. Try resetting your password instead.",
  captcha: 'Oops! You logged in too quickly. Please try again with the reCAPTCHA.',
  mfaRequired: "You missed a spot! Don't forget to add your verification code.",
  mfaFormat: "Hmm...that doesn't look like a verification code.",
  mfaResent: 'We sent you a new code!',
} as const;

/** Toast lengths for this part of the flow. */
export const SAFETY_TOAST_MS = { emailSent: 3500, codeResent: 5000 } as const;

/** Two-factor codes are six digits (SMS and authenticator apps alike). */
export const MFA_CODE_LENGTH = 6;

/** A backup code (auth/security-rules.ts BACKUP_PATTERN): two groups of five letters and digits. */
const BACKUP_CODE = /^[a-z0-9]{5}-?[a-z0-9]{5}$/i;

export function mfaCodeError(code: string): string | null {
  const trimmed = code.replace(/\s+/g, '');
  if (!trimmed) return SAFETY_MESSAGES.mfaRequired;
  if (!new RegExp(`^\\d{${MFA_CODE_LENGTH}}$`).test(trimmed) && !BACKUP_CODE.test(trimmed)) return SAFETY_MESSAGES.mfaFormat;
  return null;
}

/** The client keeps three challenge timestamps and blocks if the oldest is within 3600 s. */
export const CHALLENGE_LOCAL_LIMIT = { keep: 3, windowMs: 3600 * 1000 } as const;

/** Adds a challenge time; answers the kept list and whether another challenge may be shown. */
export function challengeAllowed(times: readonly number[], now: number): boolean {
  const recent = times.filter((t) => now - t < CHALLENGE_LOCAL_LIMIT.windowMs);
  return recent.length < CHALLENGE_LOCAL_LIMIT.keep;
}

export function fill(template: string, email: string): string {
  return template.replace('{{ email }}', email);
}

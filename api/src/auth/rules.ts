import { run as suggestEmail } from '@zootools/email-spell-checker';
import { distance } from 'fastest-levenshtein';

/**
 * The sign-up and log-in form rules, pure and shared: the popup imports this
 * module for its field checks and the server runs the same functions before it writes anything.
 * Heavy data stays out: the disposable-domain list is passed in (server only) and the strength
 * estimator lives in strength.ts (a lazy chunk in the popup).
 */

/** User-visible text, word for word as the product shows it. */
export const MESSAGES = {
  emailRequired: "You missed a spot! Don't forget to add your email.",
  emailFormat: "Hmm...that doesn't look like an email address.",
  emailNotValid: "Sorry, this doesn't look like a valid email",
  emailTypo: 'Did you mean {{ email }}?',
  passwordTooShort6: 'Your password is too short! You need 6+ characters.',
  passwordTooShort8: 'Your password is too short! You need 8+ characters.',
  passwordAscii: 'Use only a mix of letters, numbers and special characters (for example: ?, !, $).',
  passwordSameAsUsername: 'Please make your username and password different.',
  passwordWeak: 'Please make a stronger password.',
  birthdayRequired: "You missed a spot. Don't forget to add your birthday.",
  birthdayInvalid: 'Invalid date',
  underage: 'Sorry, you’re not eligible to sign up for {brand} right now.',
  overage: 'Oops! Please use a valid age to sign up.',
  ageMissing: 'We need to know your age to provide you this service.',
} as const;

export type PasswordMinLength = 6 | 8;

/** Age ceiling 120; the shared age check's default minimum is 18. */
/**
 * How recent a log-in must be to change how an account logs in (link or unlink a provider; for an account
 * with no password, any credential change): a session stolen or left open longer ago cannot add the
 * thief's way in or remove the owner's. A real log-in only: a session a change rotated (two-factor on, a
 * step-up, a password change) keeps the log-in time of the one it replaced.
 */
export const REAUTH_WINDOW_MS = 30 * 60_000;
export const loggedInRecently = (viewer: { loggedInAt: number }, now: number) => now - viewer.loggedInAt <= REAUTH_WINDOW_MS;

export const MAX_AGE = 120;
export const DEFAULT_MIN_AGE = 18;
/** Typo hints only for emails under 60 characters. */
export const TYPO_HINT_MAX_LENGTH = 60;
/** zxcvbn scores 0..4; 0 and 1 ("too guessable", "very guessable") are weak. */
export const MIN_STRENGTH_SCORE = 2;

const ASCII_PRINTABLE = /^[\x20-\x7e]*$/;
const EMAIL_FORMAT = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export const isAscii = (value: string) => ASCII_PRINTABLE.test(value);

export function emailDomain(email: string): string {
  return email.trim().toLowerCase().split('@').pop() ?? '';
}

/**
 * Addresses refused locally with the server check's message: placeholders people type to get
 * past a form, and local parts Yahoo and Hotmail/Outlook never issue (they must start with a
 * letter; Yahoo allows letters, digits, '.' and '_' only, 4 to 32 of them).
 */
const BLOCKED_ADDRESSES = new Set(['test@test.com', 'example@example.com', 'email@email.com', 'asdf@asdf.com', 'abc@abc.com', 'user@example.com']);
const YAHOO = /^(yahoo|ymail|rocketmail)\.[a-z.]+$/;
const HOTMAIL = /^(hotmail|outlook|live|msn)\.[a-z.]+$/;

function locallyBlocked(email: string): boolean {
  const lower = email.trim().toLowerCase();
  if (BLOCKED_ADDRESSES.has(lower)) return true;
  const [local = '', domain = ''] = lower.split('@');
  if (YAHOO.test(domain)) return !/^[a-z][a-z0-9._]{3,31}$/.test(local);
  if (HOTMAIL.test(domain)) return !/^[a-z][a-z0-9._-]{0,63}$/.test(local) || local.includes('..') || local.endsWith('.');
  return false;
}

/** The client-side email check: required, format, ASCII only, the local block list. */
export function emailError(email: string): string | null {
  const value = email.trim();
  if (!value) return MESSAGES.emailRequired;
  if (!isAscii(value)) return MESSAGES.emailNotValid;
  if (value.length > 254 || !EMAIL_FORMAT.test(value)) return MESSAGES.emailFormat;
  if (locallyBlocked(value)) return MESSAGES.emailNotValid;
  return null;
}

/**
 * Suffix match against a disposable-domain list: `x.mailinator.com` is as disposable as
 * `mailinator.com`. The list is the caller's (the server holds the big one).
 */
export function isDisposableDomain(domain: string, list: ReadonlySet<string>): boolean {
  const labels = domain.toLowerCase().split('.');
  for (let i = 0; i < labels.length - 1; i++) {
    if (list.has(labels.slice(i).join('.'))) return true;
  }
  return false;
}

/** About 45 common mail domains the typo hint compares against. */
export const COMMON_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.com',
  'ymail.com',
  'rocketmail.com',
  'hotmail.com',
  'outlook.com',
  'live.com',
  'msn.com',
  'aol.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'mail.com',
  'gmx.com',
  'gmx.de',
  'web.de',
  't-online.de',
  'protonmail.com',
  'proton.me',
  'fastmail.com',
  'zoho.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  'naver.com',
  'comcast.net',
  'att.net',
  'verizon.net',
  'sbcglobal.net',
  'cox.net',
  'charter.net',
  'yahoo.co.uk',
  'hotmail.co.uk',
  'btinternet.com',
  'sky.com',
  'yahoo.fr',
  'hotmail.fr',
  'orange.fr',
  'free.fr',
  'libero.it',
  'yahoo.co.jp',
  'yahoo.com.br',
  'uol.com.br',
  'shaw.ca',
];

/**
 * 'Did you mean {{ email }}?': the corrected address, or null. Lookalikes of gmail (a second-level
 * label within 2 edits of "gmail", any ending) become gmail.com; otherwise a domain 1 or 2 edits
 * from a common one. No hint when the domain is already common or the email is 60+ characters.
 */
export function emailTypoSuggestion(email: string): string | null {
  const value = email.trim().toLowerCase();
  if (value.length >= TYPO_HINT_MAX_LENGTH || !EMAIL_FORMAT.test(value)) return null;
  const at = value.lastIndexOf('@');
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  if (COMMON_DOMAINS.includes(domain)) return null;
  const secondLevel = domain.split('.')[0] ?? '';
  if (distance(secondLevel, 'gmail') <= 2 && secondLevel.length >= 4 && !COMMON_DOMAINS.some((d) => d.startsWith(`${secondLevel}.`))) {
    return `${local}@gmail.com`;
  }
  const suggestion = suggestEmail({
    email: value,
    domains: COMMON_DOMAINS,
    domainThreshold: 2,
    secondLevelDomains: [],
    topLevelDomains: [],
    distanceFunction: distance,
  });
  return suggestion ? suggestion.full : null;
}

export function typoHint(suggestion: string): string {
  return MESSAGES.emailTypo.replace('{{ email }}', suggestion);
}

/**
 * The password rules that need no estimator: minimum length (6 in the sign-up modal, 8 in the
 * registration helper: a setting), ASCII only, different from the username (the email and its
 * local part, which is what the username is made from).
 */
export type PasswordProblem = 'too_short' | 'not_ascii' | 'same_as_username';

export function passwordProblem(password: string, options: { minLength: PasswordMinLength; email: string }): PasswordProblem | null {
  if (password.length < options.minLength) return 'too_short';
  if (!isAscii(password)) return 'not_ascii';
  const email = options.email.trim().toLowerCase();
  const lower = password.toLowerCase();
  if (email && (lower === email || lower === email.split('@')[0])) return 'same_as_username';
  return null;
}

export function passwordMessage(problem: PasswordProblem | 'weak', minLength: PasswordMinLength): string {
  if (problem === 'too_short') return minLength === 8 ? MESSAGES.passwordTooShort8 : MESSAGES.passwordTooShort6;
  if (problem === 'not_ascii') return MESSAGES.passwordAscii;
  if (problem === 'same_as_username') return MESSAGES.passwordSameAsUsername;
  return MESSAGES.passwordWeak;
}

/**
 * The log-in form's own password check: short, same as the email, or one of a few
 * passwords no account can have all read 'The password you entered is incorrect.' before any call.
 */
export const LOGIN_PASSWORD_INCORRECT = 'The password you entered is incorrect.';
const NEVER_PASSWORDS = new Set(['password', '123456', '12345678', 'qwerty', '111111']);

export function loginPasswordError(password: string, email: string): string | null {
  if (!password || password.length < 6) return LOGIN_PASSWORD_INCORRECT;
  if (password.toLowerCase() === email.trim().toLowerCase() || NEVER_PASSWORDS.has(password.toLowerCase())) return LOGIN_PASSWORD_INCORRECT;
  return null;
}

export const isWeakScore = (score: number) => score < MIN_STRENGTH_SCORE;

/** Whole years from a birthday to now, both epoch milliseconds, read in UTC. */
export function ageInYears(birthdayMs: number, nowMs: number): number {
  const b = new Date(birthdayMs);
  const n = new Date(nowMs);
  let years = n.getUTCFullYear() - b.getUTCFullYear();
  if (n.getUTCMonth() < b.getUTCMonth() || (n.getUTCMonth() === b.getUTCMonth() && n.getUTCDate() < b.getUTCDate())) years--;
  return years;
}

export type BirthdayProblem = 'required' | 'invalid' | 'overage' | 'underage';

/** The earliest birthday taken: before it a date is a typo or a probe, not a person's birthday. */
export const EARLIEST_BIRTHDAY = Date.UTC(1900, 0, 1);

/** The furthest a JavaScript Date reaches either side of 1970 (ECMA-262 time values). */
const DATE_LIMIT_MS = 8.64e15;

/**
 * Birthday rules: required; a real date up to today, else 'Invalid date' (NaN, infinities
 * and numbers past what a Date holds included, so no age is ever worked out of nonsense); not later
 * than January 1st of this year ('Invalid date'); over 120 years is overage, and so is every date
 * before 1900 (it gets the overage text); under the minimum age is underage.
 */
export function birthdayProblem(birthdayMs: number | null, nowMs: number, minAge = DEFAULT_MIN_AGE): BirthdayProblem | null {
  if (birthdayMs === null) return 'required';
  if (!Number.isFinite(birthdayMs) || Math.abs(birthdayMs) > DATE_LIMIT_MS || birthdayMs > nowMs) return 'invalid';
  if (birthdayMs < EARLIEST_BIRTHDAY) return 'overage';
  const startOfYear = Date.UTC(new Date(nowMs).getUTCFullYear(), 0, 1);
  if (birthdayMs > startOfYear) return 'invalid';
  const age = ageInYears(birthdayMs, nowMs);
  if (age > MAX_AGE) return 'overage';
  if (age < minAge) return 'underage';
  return null;
}

export const BIRTHDAY_MESSAGES: Record<BirthdayProblem, string> = {
  required: MESSAGES.birthdayRequired,
  invalid: MESSAGES.birthdayInvalid,
  overage: MESSAGES.overage,
  underage: MESSAGES.underage,
};

/**
 * A date input's value (YYYY-MM-DD) as UTC midnight in epoch milliseconds; null when empty, NaN when
 * typed but not a date (Feb 30th, month 13, a six-digit year), which birthdayProblem calls invalid.
 * Years 0 to 99 stay those years (Date.UTC would read 0099 as 1999).
 */
export function parseBirthday(value: string): number | null {
  const text = value.trim();
  if (!text) return null;
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return Number.NaN;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date.getTime() : Number.NaN;
}

/**
 * first_name of the registration payload: the email's local part up to the first separator or
 * digit, capitalised ("ada.lovelace42@…" → "Ada"). Country does not change it for the scripts we
 * accept (ASCII only); it is in the signature because the product derives the name from both.
 */
export function firstNameFromEmail(email: string, _country?: string): string {
  const local = email.trim().split('@')[0] ?? '';
  const word = /^[A-Za-z]+/.exec(local)?.[0] ?? local.replace(/[^A-Za-z0-9]/g, '');
  const name = word.slice(0, 30) || 'Pinner';
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}

/** The page a confirmation mail links to (popup/src/verify/VerifyPage.tsx; pages/routes.ts serves it). */
export const VERIFY_PATH = '/email/verify/';
/** The catalogue's codes the web app tells apart when an email is confirmed (lib/errors.ts; verify.test.ts holds them equal). */
export const VERIFY_ERROR_CODES = { email_unverified: 260, verify_token_invalid: 261, verify_limited: 262, email_claimed: 263 } as const;

import type { LoginData } from '../types';
import { firstNameFromEmail, parseBirthday } from '../../../api/src/auth/rules';
import type { RegisterPayload } from './client';
import type { SignupFields } from './SignupForm';
import type { SignupProfile, SocialRegisterPayload } from './social';
import type { Container, ContainerContext } from './containers';
import type { RecognisedInfo } from '../../../api/src/auth/contract';

/** The modal's views, what its callers give it, and the sign-up's error codes by the field they belong to. */
export type AuthView =
  | 'signup'
  | 'login'
  | 'consents'
  | 'underage'
  | 'welcome'
  | 'loginMfa'
  | 'recovery'
  | 'personalized'
  // Sign-in through a provider (auth/providers/): the age step, the email step, its 'already exists', the disabled-provider modal.
  | 'socialSignupWithAge'
  | 'EmailCollection'
  | 'EmailAlreadyExist'
  | 'socialUnavailable';

/** The provider sign-up's steps (SocialStepViews, a lazy chunk). */
export const SOCIAL_VIEWS: ReadonlySet<AuthView> = new Set(['socialSignupWithAge', 'EmailCollection', 'EmailAlreadyExist', 'socialUnavailable']);

export const EMAIL_TAKEN = 83;
export const OWN_SITE = 'corkboard';

export interface AuthModalProps extends ContainerContext {
  container: Container;
  initialView?: 'signup' | 'login';
  /** Same-origin path to return to; the server reduces it to a safe one. */
  next?: string;
  /** The pin image, shown as a thumbnail for the save and download containers. */
  pinImage?: string;
  /** Logged in or registered: the popup reloads its viewer, a full page follows data.redirect. */
  onAuthed(data: LoginData, how: 'login' | 'signup'): void;
  /** Where UnderageConfirmation's Confirm goes: '/'. */
  goHome?(): void;
  now?(): number;
  /** A recognised LIMITED_LOGIN viewer: the personalised welcome-back log-in. */
  recognised?: RecognisedInfo;
  /** Adding another account: log-in sends switch_account. */
  switchAccount?: boolean;
  /** The business log-in page's footer instead of the sign-up toggle. */
  business?: boolean;
}

/** A provider sign-up in progress: the profile, and what the age and email steps added. */
// A failed email step says the server's message (error), else 'Click Continue to try again' (failed).
export type SocialState = { profile: SignupProfile; email?: string; birthday?: number; error?: string; failed?: boolean; oneTap?: boolean };

/** Error codes of the sign-up call by the field they belong to (api/src/lib/errors.contract.ts). */
export const UNDERAGE = 91;
export const ACCOUNT_DEACTIVATED = 117;
export const EMAIL_CODES = new Set([80, 81, 82, 83]);
export const PASSWORD_CODES = new Set([84, 85, 86, 87, 88]);
export const BIRTHDAY_CODES = new Set([89, 90, 92]);
/** SIGNUP_MODE's refusals (closed, invitation needed, invitation not valid): said under the email, the address the sign-up is for. */
export const SIGNUP_MODE_CODES = new Set([450, 451, 452]);

/** The visitor's country as their browser's language says it (sign-ups send it), or none. */
export function countryFromBrowser(): string | null {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

/** The marketing choice of the consents step, where the experiment shows it. */
export type Consent = { marketingNotifsOptOut: boolean };
const consentFields = (consent?: Consent) => (consent ? { kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: consent.marketingNotifsOptOut } : {});

/** The field a sign-up error belongs to, or none: a toast. */
export const signupField = (code: number): 'email' | 'password' | 'birthday' | null =>
  EMAIL_CODES.has(code) || SIGNUP_MODE_CODES.has(code) ? 'email' : PASSWORD_CODES.has(code) ? 'password' : BIRTHDAY_CODES.has(code) ? 'birthday' : null;

/** The email registration's body; null for a birthday that is not a date. */
export function emailSignup(fields: SignupFields, next: string | undefined, consent?: Consent): RegisterPayload | null {
  const birthday = parseBirthday(fields.birthday);
  if (birthday === null || Number.isNaN(birthday)) return null;
  const country = countryFromBrowser();
  return {
    type: 'email',
    email: fields.email.trim(),
    password: fields.password,
    birthday: Math.floor(birthday / 1000),
    country,
    first_name: firstNameFromEmail(fields.email, country ?? undefined),
    last_name: '',
    recaptchaV3Token: 'default',
    ...consentFields(consent),
    next,
  };
}

/** The provider registration's body: what the steps added, else the provider's word for it. */
export function socialSignup(state: SocialState, next: string | undefined, consent?: Consent): SocialRegisterPayload {
  const provider = state.profile.provider;
  return {
    type: state.oneTap ? 'google_one_tap' : provider,
    ...(state.birthday !== undefined ? { birthday: state.birthday } : {}),
    birthday_source_site: state.birthday !== undefined ? OWN_SITE : provider,
    ...(state.email ? { email: state.email } : {}),
    email_source_site: state.email ? OWN_SITE : provider,
    country: countryFromBrowser(),
    recaptchaV3Token: 'default',
    ...consentFields(consent),
    next,
  };
}

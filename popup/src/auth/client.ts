import { getResource, postResource, v3 } from '../api';
import type { LoginData } from '../types';
import { rememberAccount } from './accounts';

/** The auth calls of auth.md section 7, as the popup makes them. */
export interface Experiments {
  kr_privacy_consent: boolean;
  fdbr_teen_compliance: boolean;
  unauth_dweb_unified_ar: boolean;
  /** Providers (auth/providers/): Facebook for existing accounts only. */
  dweb_unauth_fb_login_account_recovery_flow?: boolean;
  /** Every new pin refused (pins/rules/gates.ts): the save popup says so before its picker. */
  pin_creation_disable_all?: boolean;
}
export interface PasswordRules {
  min_length: 6 | 8;
  ascii_only: boolean;
  differ_from_username: boolean;
  min_strength_score: number;
}

export const NO_EXPERIMENTS: Experiments = { kr_privacy_consent: false, fdbr_teen_compliance: false, unauth_dweb_unified_ar: false };

export const loadExperiments = () => getResource<Experiments>('ExperimentsResource').catch(() => NO_EXPERIMENTS);
export const loadPasswordRules = () => getResource<PasswordRules>('PasswordRulesResource').catch((): PasswordRules => ({ min_length: 6, ascii_only: true, differ_from_username: true, min_strength_score: 2 }));

/** GET /v3/register/exists/: false means the email is free. */
export const emailExists = (email: string) => v3<boolean>(`/v3/register/exists/?email=${encodeURIComponent(email.trim())}`);
/** GET /v3/email/validation/: the server's check (disposable domains live there). */
export const validateEmail = (email: string) => v3<{ is_valid: boolean }>(`/v3/email/validation/?email=${encodeURIComponent(email.trim())}`);

/** The extra log-in fields of auth.md section 3: the two-factor step, the challenge, account switching. */
export interface LoginExtra {
  mfa_token?: string;
  mfa_resend?: boolean;
  recaptchaV2Token?: string;
  switch_account?: boolean;
}

/** What a failed call says when the server said nothing we can show (LoginForm, MfaForm, the modal, reset). */
export const UNKNOWN_ERROR = 'Sorry! Something went wrong on our end.';

/** What the log-in step hands the two-factor step: the credential set is sent again with the code. */
export interface MfaChallenge {
  email: string;
  password: string;
  phoneNumberEnd?: string;
  method: 'sms' | 'totp';
  extra: LoginExtra;
}

export const logIn = (email: string, password: string, next?: string, extra: LoginExtra = {}) =>
  postResource<LoginData>('UserSessionResource', 'create', { username_or_email: email, password, next, get_user: true, recaptchaV3Token: 'default', ...extra }).then((data) => {
    rememberAccount(data.user);
    return data;
  });

/** POST /v3/users/forgot_password/; the server picks unified or reset by the experiment. */
export const forgotPassword = (usernameOrEmail: string) => v3<{ status: 'sent' }>('/v3/users/forgot_password/', { username_or_email: usernameOrEmail.trim() });
export const resetPassword = (token: string, newPassword: string) => v3<{ email: string }>('/v3/users/password/reset/', { token, new_password: newPassword });
export const forgetRecognised = () => postResource<unknown>('RecognisedUserResource', 'delete', {});
export const logOut = () => postResource<unknown>('UserSessionResource', 'delete', {});

export interface RegisterPayload {
  type: 'email';
  email: string;
  password: string;
  birthday: number;
  country: string | null;
  first_name: string;
  last_name: '';
  recaptchaV3Token: string;
  kr_privacy_consent_opt_in?: boolean;
  marketing_notifs_opt_out?: boolean;
  next?: string;
}
/** A sign-up invitation's secret travels from its link (/signup?invite=…) with the sign-up (SIGNUP_MODE=invite). */
const invitation = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('invite'));
export const register = (payload: RegisterPayload) => postResource<LoginData>('UserRegisterResource', 'create', { ...payload, ...(invitation() ? { invite: invitation() } : {}) });

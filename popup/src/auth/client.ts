import { getResource, postResource, v3 } from '../api';
import type { AnswerOf, OptionsOf } from '../../../api/src/resources.contract';
import { rememberAccount } from './accounts';

/** The auth calls, as the popup makes them. */
/** The experiments the popup reads (api/src/auth/routes.ts POPUP_FLAGS), each on or off; before the answer (or without one) none is on. */
export type Experiments = Partial<AnswerOf<'ExperimentsResource', 'get'>>;
export interface PasswordRules {
  min_length: 6 | 8;
  ascii_only: boolean;
  differ_from_username: boolean;
  min_strength_score: number;
}

export const NO_EXPERIMENTS: Experiments = {};

export const loadExperiments = () => getResource('ExperimentsResource').catch(() => NO_EXPERIMENTS);
export const loadPasswordRules = () =>
  getResource('PasswordRulesResource').catch((): PasswordRules => ({ min_length: 6, ascii_only: true, differ_from_username: true, min_strength_score: 2 }));

/** GET /v3/register/exists/: false means the email is free. */
export const emailExists = (email: string) => v3('/v3/register/exists/', { query: { email: email.trim() } });
/** GET /v3/email/validation/: the server's check (disposable domains live there). */
export const validateEmail = (email: string) => v3('/v3/email/validation/', { query: { email: email.trim() } });

/** The extra log-in fields: the two-factor step, the challenge, account switching. */
export interface LoginExtra {
  mfa_token?: string;
  mfa_resend?: boolean;
  recaptchaV2Token?: string;
  switch_account?: boolean;
}

/** What a failed call says when the server said nothing we can show (LoginForm, MfaForm, the modal, reset). */
export { UNKNOWN_ERROR_MESSAGE as UNKNOWN_ERROR } from '../../../api/src/lib/envelope.client';

/** What the log-in step hands the two-factor step: the credential set is sent again with the code. */
export interface MfaChallenge {
  email: string;
  password: string;
  phoneNumberEnd?: string;
  method: 'sms' | 'totp';
  extra: LoginExtra;
}

export const logIn = (email: string, password: string, next?: string, extra: LoginExtra = {}) =>
  postResource('UserSessionResource', 'create', { username_or_email: email, password, next, get_user: true, recaptchaV3Token: 'default', ...extra }).then(
    (data) => {
      rememberAccount(data.user);
      return data;
    },
  );

/** POST /v3/users/forgot_password/; the server picks unified or reset by the experiment. */
export const forgotPassword = (usernameOrEmail: string) => v3('/v3/users/forgot_password/', { body: { username_or_email: usernameOrEmail.trim() } });
export const resetPassword = (token: string, newPassword: string) => v3('/v3/users/password/reset/', { body: { token, new_password: newPassword } });
export const forgetRecognised = () => postResource('RecognisedUserResource', 'delete', {});
export const logOut = () => postResource('UserSessionResource', 'delete', {});

/** An email sign-up's options, as UserRegisterResource create takes them (the invitation is added from the address). */
export type RegisterPayload = OptionsOf<'UserRegisterResource', 'create'>;
/** A sign-up invitation's secret travels from its link (/signup?invite=…) with the sign-up (SIGNUP_MODE=invite). */
const invitation = () => (typeof location === 'undefined' ? null : new URLSearchParams(location.search).get('invite'));
export const register = (payload: RegisterPayload) => {
  const invite = invitation();
  return postResource('UserRegisterResource', 'create', { ...payload, ...(invite ? { invite } : {}) });
};

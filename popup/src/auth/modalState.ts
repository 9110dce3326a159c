import type { RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { NO_EXPERIMENTS, type Experiments, type MfaChallenge, type PasswordRules } from './client';
import type { LoginErrors } from './LoginForm';
import type { AuthModalProps, AuthView, SocialState } from './modal';
import type { SignupErrors, SignupFields } from './SignupForm';
import { NO_PROVIDERS, type FacebookLoginData, type ProviderName, type ProvidersInfo } from './social';

/**
 * The auth modal's flow: which view is open and what it carries. One state and named actions, so every move
 * between views is a line of `authReducer` that a test can take without a browser; the modal only draws it
 * and makes the server calls whose answers come back as these actions.
 */
export interface AuthState {
  view: AuthView;
  fields: SignupFields;
  mfa: MfaChallenge | null;
  /** The open recovery dialog, and the view its close returns to. */
  recovery: { type: RecoveryDialogType; email: string; reason?: string; back: AuthView } | null;
  /** After a prevent-register outcome the sign-up view says welcome back. */
  welcomeBack: boolean;
  signupErrors: SignupErrors;
  /** What a failed log-in from the sign-up view hands to the log-in view. */
  loginCarry?: LoginErrors;
  /** Sign-up's email blur found an account: the log-in view takes over the password field, and what was typed. */
  fromSignup: boolean;
  experiments: Experiments;
  rules: PasswordRules | null;
  providers: ProvidersInfo;
  toast: { message: string; duration: number } | null;
  busy: boolean;
  /** A provider sign-up in progress. */
  social: SocialState | null;
  oneTapOff: boolean;
  /** Behind the Facebook recovery flag: the retired Facebook log-in's banner, from the account's login data. */
  facebookData: FacebookLoginData | null;
  googleTooltip?: string;
  /** After 'link_required': the password log-in that follows links the provider (never silently). */
  pendingLink: ProviderName | null;
  existingEmail: string;
  unavailable: ProviderName;
}

/**
 * A named action: what it changes, given the state it meets. `authReducer` applies it; a function rather than a
 * tagged object, so the save popup's first open carries no table of action names.
 */
export type AuthAction = (state: AuthState) => Partial<AuthState>;

export const authReducer = (state: AuthState, action: AuthAction): AuthState => ({ ...state, ...action(state) });

export function initialAuthState(props: Pick<AuthModalProps, 'recognised' | 'initialView'>, oneTapOff: boolean): AuthState {
  return {
    view: props.recognised ? 'personalized' : (props.initialView ?? 'signup'),
    fields: { email: props.recognised?.email ?? '', password: '', birthday: '' },
    mfa: null,
    recovery: null,
    welcomeBack: false,
    signupErrors: {},
    fromSignup: false,
    experiments: NO_EXPERIMENTS,
    rules: null,
    providers: NO_PROVIDERS,
    toast: null,
    busy: false,
    social: null,
    oneTapOff,
    facebookData: null,
    pendingLink: null,
    existingEmail: '',
    unavailable: 'google',
  };
}

/** A provider sign-up's next step: email, then age, then consents where the experiment asks; null when it can register. */
export function socialView(social: SocialState, consents: boolean): AuthView | null {
  if (social.profile.needs_email && !social.email) return 'EmailCollection';
  if (social.profile.needs_birthday && social.birthday === undefined) return 'socialSignupWithAge';
  return consents ? 'consents' : null;
}

type Loaded = Partial<Pick<AuthState, 'experiments' | 'rules' | 'providers'>>;

/** What the modal loads when it opens (experiments, password rules, providers), as it arrives. */
export const loaded =
  (data: Loaded): AuthAction =>
  () =>
    data;
export const show =
  (view: AuthView): AuthAction =>
  () => ({ view });
export const setFields =
  (fields: Partial<SignupFields>): AuthAction =>
  (s) => ({ fields: { ...s.fields, ...fields } });
export const setSignupErrors =
  (signupErrors: SignupErrors): AuthAction =>
  () => ({ signupErrors });
export const toast =
  (message: string, duration: number): AuthAction =>
  () => ({ toast: { message, duration } });
export const toastDone: AuthAction = () => ({ toast: null });
export const busy =
  (on: boolean): AuthAction =>
  () => ({ busy: on });
export const googleTooltip =
  (message?: string): AuthAction =>
  () => ({ googleTooltip: message });
export const oneTapOff: AuthAction = () => ({ oneTapOff: true });
/** To the log-in view, its email filled in, no earlier errors carried. */
export const toLogin =
  (email: string): AuthAction =>
  (s) => ({ fields: { ...s.fields, email, password: '' }, loginCarry: undefined, view: 'login' });
/** Sign-up's email has an account: the log-in view, keeping the password typed if the person had moved on to it. */
export const existing =
  (fromSignup: boolean): AuthAction =>
  () => ({ loginCarry: undefined, fromSignup, view: 'login' });
export const loginFailed =
  (loginCarry: LoginErrors): AuthAction =>
  () => ({ loginCarry, view: 'login' });
export const twoFactor =
  (mfa: MfaChallenge): AuthAction =>
  () => ({ mfa, view: 'loginMfa' });
export const notYou: AuthAction = (s) => ({ fields: { ...s.fields, email: '', password: '' }, view: 'login' });
// Closing a dialog opened from the two-factor step goes back to the log-in, not to a challenge that is spent.
export const openRecovery =
  (type: RecoveryDialogType, email: string, reason?: string): AuthAction =>
  (s) => ({ recovery: { type, email, reason, back: s.view === 'loginMfa' ? 'login' : s.view }, view: 'recovery' });
export const closeRecovery: AuthAction = ({ recovery }) =>
  // A provider sign-up that found an account sends the person back to sign-up, greeted as the member they are.
  recovery?.type === 'prevent_facebook_register' || recovery?.type === 'prevent_google_register'
    ? { welcomeBack: true, view: 'signup' }
    : { view: recovery?.back ?? 'login' };
/** Linking a provider by email needs the password once: the log-in view, its email filled in. */
export const linkRequired =
  (pendingLink: ProviderName, email: string): AuthAction =>
  (s) => ({ ...toLogin(email)(s), pendingLink });
export const linked: AuthAction = () => ({ pendingLink: null });
export const facebookUnavailable =
  (facebookData: FacebookLoginData): AuthAction =>
  (s) => ({ ...toLogin(facebookData.email)(s), facebookData });
export const emailExists =
  (existingEmail: string): AuthAction =>
  () => ({ existingEmail, view: 'EmailAlreadyExist' });
export const unavailable =
  (provider: ProviderName): AuthAction =>
  () => ({ unavailable: provider, view: 'socialUnavailable' });
/** The provider sign-up's next missing piece; when none is missing the view stays and the modal registers. */
export const socialNext =
  (social: SocialState): AuthAction =>
  (s) => ({ social, view: socialView(social, s.experiments.kr_privacy_consent === true) ?? s.view });
export const setSocial =
  (social: SocialState): AuthAction =>
  () => ({ social });
/** The server refused the provider sign-up's birthday or email: back to that step, with its message. */
export const socialRefused =
  (social: SocialState, field: 'email' | 'birthday', error?: string): AuthAction =>
  () =>
    field === 'birthday'
      ? { social: { ...social, birthday: undefined, error }, view: 'socialSignupWithAge' }
      : { social: { ...social, email: undefined, error, failed: true }, view: 'EmailCollection' };
export const socialNotNow: AuthAction = () => ({ social: null, view: 'signup' });

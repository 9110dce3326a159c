import { useEffect, useReducer } from 'react';
import { t } from '../i18n';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { DIALOG_BY_ERROR, isLimitedAnswer, type RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { safeNext } from '../../../api/src/lib/rules/next';
import { forgetRecognised, forgotPassword, loadExperiments, loadPasswordRules, logIn, register, UNKNOWN_ERROR, type MfaChallenge } from './client';
import { loginErrors } from './LoginForm';
import {
  ACCOUNT_DEACTIVATED,
  BIRTHDAY_CODES,
  EMAIL_CODES,
  EMAIL_TAKEN,
  emailSignup,
  signupField,
  socialSignup,
  UNDERAGE,
  type AuthModalProps,
  type Consent,
  type SocialState,
} from './modal';
import * as act from './modalState';
import {
  connectProvider,
  facebookLoginData,
  linkPendingIdentity,
  loadProviders,
  oneTapDismissed,
  PROVIDER_LABELS,
  SocialError,
  socialRegister,
  type CompletePayload,
  type ProviderName,
} from './social';
import { TOAST_MS } from './Toast';
import { setUnderageMarker } from './underage';

/**
 * The auth modal's server calls: each one's answer becomes an action of `authReducer` (modalState.ts), so the
 * modal (AuthModal.tsx) only draws the state and wires these to its views.
 */
export function useAuthFlow(props: AuthModalProps) {
  const [state, dispatch] = useReducer(act.authReducer, props, (p) => act.initialAuthState(p, oneTapDismissed()));
  const { view, fields, experiments, providers } = state;

  useEffect(() => {
    void loadExperiments().then((loaded) => dispatch(act.loaded({ experiments: loaded })));
    void loadPasswordRules().then((loaded) => dispatch(act.loaded({ rules: loaded })));
    void loadProviders().then((loaded) => dispatch(act.loaded({ providers: loaded })));
  }, []);

  const showToast = (message: string, duration: number = TOAST_MS.error) => dispatch(act.toast(message, duration));
  const openRecovery = (dialog: RecoveryDialogType, email: string, reason?: string) => dispatch(act.openRecovery(dialog, email, reason));

  /** The email has an account: try the given password, else continue in the log-in view. */
  const onExisting = async (tryPassword: boolean) => {
    // Only if the person had moved on from the email field: else focus stays where they put it.
    if (!tryPassword) return dispatch(act.existing(document.activeElement?.id === 'signup-password'));
    try {
      props.onAuthed(await logIn(fields.email, fields.password, props.next), 'login');
    } catch (error) {
      const mapped = loginErrors(error);
      if (mapped.toast) showToast(mapped.toast);
      dispatch(act.loginFailed(mapped));
    }
  };

  /**
   * Both sign-ups (email and provider) end the same way: the Welcome screen on success; on failure the
   * underage step, a limited network's message, or else `onError` places the error by the field it is about.
   */
  const runSignup = async (call: () => Promise<LoginData>, onError: (body: ResourceError['body'] | null, code: number) => void) => {
    dispatch(act.busy(true));
    try {
      const data = await call();
      dispatch(act.show('welcome'));
      props.onAuthed(data, 'signup');
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      const code = body?.api_error_code ?? 0;
      if (code === UNDERAGE) {
        setUnderageMarker();
        return dispatch(act.show('underage'));
      }
      // Too many sign-ups from this network: the server's message says so and when to come back.
      if (body && isLimitedAnswer(body)) return showToast(body.message);
      onError(body, code);
    } finally {
      dispatch(act.busy(false));
    }
  };

  /** The email registration; its errors go under the field they are about, else in a toast. */
  const doRegister = async (consent?: Consent) => {
    const payload = emailSignup(fields, props.next, consent);
    // The form checked the birthday already (SignupForm); a date that is not one never leaves the page.
    if (!payload) return;
    await runSignup(
      () => register(payload),
      (body, code) => {
        const field = signupField(code);
        if (view === 'consents') return showToast(body?.message ?? UNKNOWN_ERROR, TOAST_MS.consent);
        if (field && body) return dispatch(act.setSignupErrors({ [field]: body.message }));
        showToast(UNKNOWN_ERROR);
      },
    );
  };

  /** The provider registration, once the profile has an email and a birthday. */
  const doSocialRegister = async (social: SocialState, consent?: Consent) => {
    await runSignup(
      () => socialRegister(socialSignup(social, props.next, consent)),
      (body, code) => {
        if (code === EMAIL_TAKEN && social.email) return dispatch(act.emailExists(social.email));
        if (BIRTHDAY_CODES.has(code)) return dispatch(act.socialRefused(social, 'birthday', body?.message));
        if (EMAIL_CODES.has(code) || social.profile.needs_email) return dispatch(act.socialRefused(social, 'email', body?.message));
        showToast(body?.message ?? UNKNOWN_ERROR);
      },
    );
  };

  /** The next missing piece of a provider sign-up: email, then age, then consents; with none missing, the registration. */
  const socialNext = (social: SocialState) => {
    dispatch(act.socialNext(social));
    if (!act.socialView(social, experiments.kr_privacy_consent === true)) void doSocialRegister(social);
  };

  const onSocialResult = (result: CompletePayload, oneTap = false) => {
    switch (result.outcome) {
      case 'logged_in':
        return props.onAuthed(
          {
            user: { ...result.user, first_name: '', full_name: '', email: '', image_medium_url: null },
            redirect: props.switchAccount ? `/${result.user.username}` : safeNext(props.next),
          },
          'login',
        );
      case 'signup':
        return socialNext({ profile: result.profile, oneTap });
      case 'link_required':
        return dispatch(act.linkRequired(result.provider, result.email));
      case 'email_exists':
        return dispatch(act.emailExists(result.email));
      case 'linked':
        return showToast(t('auth.connected', { provider: PROVIDER_LABELS[result.provider] }));
      case 'facebook_unavailable':
        return void facebookLoginData(result.facebook_id)
          .then((data) => dispatch(act.facebookUnavailable(data)))
          .catch((error: unknown) => showToast(error instanceof SocialError ? error.body.message : UNKNOWN_ERROR));
    }
  };

  /** 'Recover your account': the reset link goes to the Facebook-only account's email. */
  const recoverFacebookAccount = async (email: string) => {
    try {
      await forgotPassword(email);
      openRecovery('password_reset_sent', email);
    } catch (error) {
      showToast(error instanceof ResourceError ? error.body.message : UNKNOWN_ERROR);
    }
  };

  const onSocialPress = async (provider: ProviderName, loginHint?: string, oneTap = false) => {
    dispatch(act.googleTooltip());
    if (providers[provider].disabled) return dispatch(act.unavailable(provider));
    try {
      onSocialResult(await connectProvider(provider, oneTap ? 'one_tap' : view === 'signup' ? 'signup' : 'login', loginHint), oneTap);
    } catch (error) {
      const body = error instanceof SocialError ? error.body : null;
      // A voluntarily deactivated account's message is a tooltip on the Google button.
      if (provider === 'google' && body?.api_error_code === ACCOUNT_DEACTIVATED && body.data?.reason === 'user_requested')
        return dispatch(act.googleTooltip(body.message));
      const dialog = body && DIALOG_BY_ERROR[body.api_error_code];
      if (dialog) return openRecovery(dialog, fields.email, typeof body?.data?.reason === 'string' ? body.data.reason : undefined);
      if (body?.api_error_code === 160) return dispatch(act.unavailable(provider));
      showToast(body?.message ?? UNKNOWN_ERROR);
    }
  };

  const notYou = async () => {
    await forgetRecognised().catch(() => undefined);
    dispatch(act.notYou);
  };

  const loginHandlers = {
    next: props.next,
    switchAccount: props.switchAccount,
    onLoggedIn: async (data: LoginData) => {
      if (state.pendingLink) {
        // The password is proved: now the provider's identity joins this account.
        await linkPendingIdentity().catch(() => showToast(UNKNOWN_ERROR));
        dispatch(act.linked);
      }
      props.onAuthed(data, 'login');
    },
    onMfa: (challenge: MfaChallenge) => dispatch(act.twoFactor(challenge)),
    onRecovery: openRecovery,
    onToast: showToast,
    onSso: (email: string) => void onSocialPress('sso', email),
    onRecoverFacebook: (email: string) => void recoverFacebookAccount(email),
  };

  return {
    state,
    dispatch,
    showToast,
    openRecovery,
    onExisting,
    doRegister,
    doSocialRegister,
    socialNext,
    recoverFacebookAccount,
    onSocialPress,
    notYou,
    loginHandlers,
  };
}

import { useEffect, useState } from 'react';
import { t } from '../i18n';
import { Loading } from '../i18n/lazy';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { loadExperiments, loadPasswordRules, logIn, NO_EXPERIMENTS, register, type Experiments, type PasswordRules } from './client';
import { showsFormAtOnce } from './containers';
import { LoginForm, loginErrors, type LoginErrors } from './LoginForm';
import { SignupForm, type SignupErrors, type SignupFields } from './SignupForm';
import { Toast, TOAST_MS } from './Toast';
import { setUnderageMarker } from './underage';
import { Welcome } from './Welcome';
import { forgetRecognised, forgotPassword, UNKNOWN_ERROR, type MfaChallenge } from './client';
import { isLimitedAnswer, type RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { DIALOG_BY_ERROR } from '../../../api/src/auth/rules/recovery';
import { safeNext } from '../../../api/src/lib/rules/next';
import { connectProvider, dismissOneTap, facebookLoginData, type FacebookLoginData, linkPendingIdentity, loadProviders, NO_PROVIDERS, oneTapDismissed, PROVIDER_LABELS, SocialError, socialRegister, ssoInfo, type CompletePayload, type ProviderName, type ProvidersInfo } from './social';
import { EntryOptions, RecognisedView, SocialButtons } from './SocialViews';

import { SOCIAL_VIEWS, emailSignup, signupField, socialSignup, type Consent, type SocialState, ACCOUNT_DEACTIVATED, BIRTHDAY_CODES, countryFromBrowser, EMAIL_CODES, EMAIL_TAKEN, UNDERAGE, type AuthModalProps, type AuthView } from './modal';
import { ModalFooter, ModalHeader, useToggleFocus } from './ModalFrame';
import { Consents, MfaForm, RecoveryDialog, SocialStepViews, UnderageConfirmation, useContainerCopy } from './modalSteps';

export type { AuthModalProps, AuthView } from './modal';

/**
 * The sign-up / log-in modal of auth.md: views signup, login, consents, UnderageConfirmation and the
 * Welcome loading screen, with the container's title, subtitle and picture, the footer toggles,
 * the business prompt and the terms footer.
 */
export function AuthModal(props: AuthModalProps) {
  const { container } = props;
  const now = props.now ?? (() => Date.now());
  const [view, setView] = useState<AuthView>(props.recognised ? 'personalized' : (props.initialView ?? 'signup'));
  const [fields, setFieldsState] = useState<SignupFields>({ email: props.recognised?.email ?? '', password: '', birthday: '' });
  const [mfa, setMfa] = useState<MfaChallenge | null>(null);
  const [recovery, setRecovery] = useState<{ type: RecoveryDialogType; email: string; reason?: string; back: AuthView } | null>(null);
  /** After a prevent-register outcome the sign-up view says welcome back (auth.md section 4). */
  const [welcomeBack, setWelcomeBack] = useState(false);
  const [signupErrors, setSignupErrors] = useState<SignupErrors>({});
  const [loginCarry, setLoginCarry] = useState<LoginErrors | undefined>();
  /** Sign-up's email blur found an account: the log-in view takes over the password field, and what was typed (issue 27). */
  const [fromSignup, setFromSignup] = useState(false);
  const [experiments, setExperiments] = useState<Experiments>(NO_EXPERIMENTS);
  const [rules, setRules] = useState<PasswordRules | null>(null);
  const [toast, setToast] = useState<{ message: string; duration: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [providers, setProviders] = useState<ProvidersInfo>(NO_PROVIDERS);
  /** A provider sign-up in progress (SocialStepViews). */
  const [social, setSocial] = useState<SocialState | null>(null);
  const [oneTapOff, setOneTapOff] = useState(oneTapDismissed);
  /** Behind the Facebook recovery flag: the retired Facebook log-in's banner, from the account's login data. */
  const [facebookData, setFacebookData] = useState<FacebookLoginData | null>(null);
  const [googleTooltip, setGoogleTooltip] = useState<string | undefined>();
  /** After 'link_required': the password log-in that follows links the provider (never silently). */
  const [pendingLink, setPendingLink] = useState<ProviderName | null>(null);
  const [existingEmail, setExistingEmail] = useState('');
  const [unavailable, setUnavailable] = useState<ProviderName>('google');

  useEffect(() => {
    void loadExperiments().then(setExperiments);
    void loadPasswordRules().then(setRules);
    void loadProviders().then(setProviders);
  }, []);

  const setFields = (update: Partial<SignupFields>) => setFieldsState((prev) => ({ ...prev, ...update }));
  /** To the log-in view, its email filled in, no earlier errors carried. */
  const toLogin = (email: string) => {
    setFields({ email, password: '' });
    setLoginCarry(undefined);
    setView('login');
  };
  const showToast = (message: string, duration: number = TOAST_MS.error) => setToast({ message, duration });

  /** The email has an account: try the given password, else continue in the log-in view. */
  const onExisting = async (tryPassword: boolean) => {
    if (!tryPassword) {
      setLoginCarry(undefined);
      // Only if the person had moved on from the email field: else focus stays where they put it.
      setFromSignup(document.activeElement?.id === 'signup-password');
      return setView('login');
    }
    try {
      props.onAuthed(await logIn(fields.email, fields.password, props.next), 'login');
    } catch (error) {
      const mapped = loginErrors(error);
      if (mapped.toast) showToast(mapped.toast);
      setLoginCarry(mapped);
      setView('login');
    }
  };

  /**
   * Both sign-ups (email and provider) end the same way: the Welcome screen on success; on failure the
   * underage step, a limited network's message, or else `onError` places the error where section 8 says.
   */
  const runSignup = async (call: () => Promise<LoginData>, onError: (body: ResourceError['body'] | null, code: number) => void) => {
    setBusy(true);
    try {
      const data = await call();
      setView('welcome');
      props.onAuthed(data, 'signup');
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      const code = body?.api_error_code ?? 0;
      if (code === UNDERAGE) {
        setUnderageMarker();
        return setView('underage');
      }
      // Too many sign-ups from this network: the server's message says so and when to come back.
      if (body && isLimitedAnswer(body)) return showToast(body.message);
      onError(body, code);
    } finally {
      setBusy(false);
    }
  };

  /** The registration call of auth.md section 3; its errors go where section 8 says. */
  const doRegister = async (consent?: Consent) => {
    const payload = emailSignup(fields, props.next, consent);
    // The form checked the birthday already (SignupForm); a date that is not one never leaves the page.
    if (!payload) return;
    await runSignup(
      () => register(payload),
      (body, code) => {
        const field = signupField(code);
        if (view === 'consents') return showToast(body?.message ?? UNKNOWN_ERROR, TOAST_MS.consent);
        if (field && body) return setSignupErrors({ [field]: body.message });
        showToast(UNKNOWN_ERROR);
      },
    );
  };

  /** The social registration of auth.md section 3, once the profile has an email and a birthday. */
  const doSocialRegister = async (state: SocialState, consent?: Consent) => {
    await runSignup(
      () => socialRegister(socialSignup(state, props.next, consent)),
      (body, code) => {
        if (code === EMAIL_TAKEN && state.email) {
          setExistingEmail(state.email);
          return setView('EmailAlreadyExist');
        }
        if (BIRTHDAY_CODES.has(code)) {
          setSocial({ ...state, birthday: undefined, error: body?.message });
          return setView('socialSignupWithAge');
        }
        if (EMAIL_CODES.has(code) || state.profile.needs_email) {
          setSocial({ ...state, email: undefined, error: body?.message, failed: true });
          return setView('EmailCollection');
        }
        showToast(body?.message ?? UNKNOWN_ERROR);
      },
    );
  };

  /** The next missing piece of a provider sign-up (auth.md section 4): email, then age, then consents. */
  const socialNext = (state: NonNullable<typeof social>) => {
    setSocial(state);
    if (state.profile.needs_email && !state.email) return setView('EmailCollection');
    if (state.profile.needs_birthday && state.birthday === undefined) return setView('socialSignupWithAge');
    if (experiments.kr_privacy_consent) return setView('consents');
    void doSocialRegister(state);
  };

  const onSocialResult = (result: CompletePayload, oneTap = false) => {
    switch (result.outcome) {
      case 'logged_in':
        return props.onAuthed(
          { user: { ...result.user, first_name: '', full_name: '', email: '', image_medium_url: null }, redirect: props.switchAccount ? `/${result.user.username}` : safeNext(props.next) },
          'login',
        );
      case 'signup':
        return socialNext({ profile: result.profile, oneTap });
      case 'link_required':
        // Linking by email needs the password once: the log-in view, its email filled in.
        setPendingLink(result.provider);
        return toLogin(result.email);
      case 'email_exists':
        setExistingEmail(result.email);
        return setView('EmailAlreadyExist');
      case 'linked':
        return showToast(t('auth.connected', { provider: PROVIDER_LABELS[result.provider] }));
      case 'facebook_unavailable':
        return void facebookLoginData(result.facebook_id)
          .then((data) => {
            setFacebookData(data);
            toLogin(data.email);
          })
          .catch((error: unknown) => showToast(error instanceof SocialError ? error.body.message : UNKNOWN_ERROR));
    }
  };

  /** 'Recover your account' (auth.md section 8): the reset link goes to the Facebook-only account's email. */
  const recoverFacebookAccount = async (email: string) => {
    try {
      await forgotPassword(email);
      openRecovery('password_reset_sent', email);
    } catch (error) {
      showToast(error instanceof ResourceError ? error.body.message : UNKNOWN_ERROR);
    }
  };

  const onSocialPress = async (provider: ProviderName, loginHint?: string, oneTap = false) => {
    setGoogleTooltip(undefined);
    if (providers[provider].disabled) {
      setUnavailable(provider);
      return setView('socialUnavailable');
    }
    try {
      onSocialResult(await connectProvider(provider, oneTap ? 'one_tap' : view === 'signup' ? 'signup' : 'login', loginHint), oneTap);
    } catch (error) {
      const body = error instanceof SocialError ? error.body : null;
      // auth.md section 8: a voluntarily deactivated account's message is a tooltip on the Google button.
      if (provider === 'google' && body?.api_error_code === ACCOUNT_DEACTIVATED && body.data?.reason === 'user_requested') return setGoogleTooltip(body.message);
      const dialog = body && DIALOG_BY_ERROR[body.api_error_code];
      if (dialog) return openRecovery(dialog, fields.email, typeof body?.data?.reason === 'string' ? body.data.reason : undefined);
      if (body?.api_error_code === 160) {
        setUnavailable(provider);
        return setView('socialUnavailable');
      }
      showToast(body?.message ?? UNKNOWN_ERROR);
    }
  };

  const copy = useContainerCopy(container, props);
  const header = view === 'signup' || view === 'login';

  const openRecovery = (type: RecoveryDialogType, email: string, reason?: string) => {
    setRecovery({ type, email, reason, back: view === 'loginMfa' ? 'login' : view });
    setView('recovery');
  };
  const closeRecovery = () => {
    const type = recovery?.type;
    if (type === 'prevent_facebook_register' || type === 'prevent_google_register') {
      setWelcomeBack(true);
      return setView('signup');
    }
    setView(recovery?.back ?? 'login');
  };
  const notYou = async () => {
    await forgetRecognised().catch(() => undefined);
    setFields({ email: '', password: '' });
    setView('login');
  };
  const loginHandlers = {
    next: props.next,
    switchAccount: props.switchAccount,
    onLoggedIn: async (data: LoginData) => {
      if (pendingLink) {
        // The password is proved: now the provider's identity joins this account.
        await linkPendingIdentity().catch(() => showToast(UNKNOWN_ERROR));
        setPendingLink(null);
      }
      props.onAuthed(data, 'login');
    },
    onMfa: (challenge: MfaChallenge) => {
      setMfa(challenge);
      setView('loginMfa');
    },
    onRecovery: openRecovery,
    onToast: showToast,
    onSso: (email: string) => void onSocialPress('sso', email),
    onRecoverFacebook: (email: string) => void recoverFacebookAccount(email),
  };

  const [modal, toggleTo] = useToggleFocus(view, setView);

  return (
    <section class="auth-modal" aria-labelledby="auth-title" ref={modal}>
      {header && <ModalHeader {...props} title={view === 'login' ? copy.loginTitle : welcomeBack ? t('auth.welcomeBack') : copy.signupTitle} subtitle={copy.subtitle} />}

      {view === 'signup' && (
        <SignupForm
          fields={fields}
          setFields={setFields}
          errors={signupErrors}
          setErrors={setSignupErrors}
          formAtOnce={showsFormAtOnce(container)}
          minLength={rules?.min_length ?? 6}
          now={now}
          onExisting={(tryPassword) => void onExisting(tryPassword)}
          onValid={() => (experiments.kr_privacy_consent ? setView('consents') : void doRegister())}
          onUnderage={() => setView('underage')}
          onToast={showToast}
          onSsoCheck={async (email) => {
            if (!providers.sso.configured || !(await ssoInfo(email)).is_sso) return false;
            void onSocialPress('sso', email);
            return true;
          }}
        />
      )}
      {view === 'personalized' && props.recognised && (
        <RecognisedView recognised={props.recognised} providers={providers} onPress={(provider) => void onSocialPress(provider)} googleTooltip={googleTooltip}>
          <LoginForm email={fields.email} setEmail={(email) => setFields({ email })} emailFixed {...loginHandlers} />
        </RecognisedView>
      )}
      {view === 'login' && <LoginForm email={fields.email} setEmail={(email) => setFields({ email })} initialErrors={loginCarry} initialPassword={fromSignup ? fields.password : undefined} focusPassword={fromSignup} {...loginHandlers} />}
      {view === 'loginMfa' && mfa && (
        <>
          <h1 id="auth-title" class="visually-hidden">
            {t('auth.twoFactor')}
          </h1>
          <Loading>
            <MfaForm mfa={mfa} next={props.next} onLoggedIn={loginHandlers.onLoggedIn} onRecovery={(type: RecoveryDialogType, reason?: string) => openRecovery(type, mfa.email, reason)} onToast={showToast} />
          </Loading>
        </>
      )}
      {view === 'recovery' && recovery && (
        <Loading>
          <RecoveryDialog
            type={recovery.type}
            email={recovery.email}
            reason={recovery.reason}
            onClose={closeRecovery}
            onToast={showToast}
            socialOptions={
              <SocialButtons
                // Behind the Facebook recovery flag, Facebook no longer logs anyone in.
                providers={experiments.dweb_unauth_fb_login_account_recovery_flow ? { ...providers, facebook: { configured: false, disabled: false } } : providers}
                country={countryFromBrowser()}
                onPress={(provider) => void onSocialPress(provider)}
                googleTooltip={googleTooltip}
              />
            }
          />
        </Loading>
      )}
      {view === 'consents' && (
        <Loading>
          <Consents
            busy={busy}
            onBack={() => setView('signup')}
            onNext={(optOut: boolean) => void (social ? doSocialRegister(social, { marketingNotifsOptOut: optOut }) : doRegister({ marketingNotifsOptOut: optOut }))}
          />
        </Loading>
      )}
      {(view === 'signup' || view === 'login') && (
        <EntryOptions
          view={view}
          providers={providers}
          oneTap={!oneTapOff && !props.switchAccount}
          facebookData={facebookData}
          pendingLink={pendingLink}
          googleTooltip={googleTooltip}
          // auth.md section 8: behind dweb_unauth_fb_login_account_recovery_flow, sign-up offers email or Google only.
          noFacebookSignup={view === 'signup' && experiments.dweb_unauth_fb_login_account_recovery_flow === true}
          onPress={(provider, oneTap) => void onSocialPress(provider, undefined, oneTap)}
          onOneTapDismiss={() => {
            dismissOneTap();
            setOneTapOff(true);
          }}
          onRecoverFacebook={(email) => void recoverFacebookAccount(email)}
        />
      )}
      {SOCIAL_VIEWS.has(view) && (
        <Loading>
          <SocialStepViews
            view={view}
            social={social}
            busy={busy}
            now={now}
            existingEmail={existingEmail}
            unavailable={unavailable}
            onNext={socialNext}
            onFailed={setSocial}
            onNotNow={() => (setSocial(null), setView('signup'))}
            onExists={(email: string) => (setExistingEmail(email), setView('EmailAlreadyExist'))}
            onLogIn={toLogin}
            onBack={() => setView('signup')}
          />
        </Loading>
      )}
      {view === 'underage' && (
        <Loading>
          <UnderageConfirmation onEdit={() => setView('signup')} goHome={props.goHome ?? (() => location.assign('/'))} />
        </Loading>
      )}
      {view === 'welcome' && <Welcome />}

      <ModalFooter view={view} header={header} business={props.business} next={props.next} florida={experiments.fdbr_teen_compliance === true} onToggle={toggleTo} onNotYou={() => void notYou()} />
      {toast && <Toast message={toast.message} duration={toast.duration} onDone={() => setToast(null)} />}
    </section>
  );
}

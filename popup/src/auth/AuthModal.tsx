import { useEffect, useRef, useState } from 'react';
import { t, wordsReady } from '../i18n';
import { lazyWithWords, Loading } from '../i18n/lazy';
import { firstNameFromEmail, parseBirthday } from '../../../api/src/auth/rules';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { emailExists, loadExperiments, loadPasswordRules, logIn, NO_EXPERIMENTS, register, type Experiments, type PasswordRules } from './client';
import { containerCopy, showsFormAtOnce, showsPin, type Container, type ContainerContext, type ContainerCopy } from './containers';
import { LoginForm, loginErrors, UNKNOWN_ERROR, type LoginErrors } from './LoginForm';
import { SignupForm, type SignupErrors, type SignupFields } from './SignupForm';
import { TermsFooter } from './TermsFooter';
import { Toast, TOAST_MS } from './Toast';
import { setUnderageMarker } from './underage';
import { Welcome } from './Welcome';
import type { MfaChallenge } from './MfaForm';
import { forgetRecognised, forgotPassword } from './client';
import { isLimitedAnswer, type RecoveryDialogType } from '../../../api/src/auth/recovery';
import type { RecognisedInfo } from '../../../api/src/auth/routes';
import { DIALOG_BY_ERROR } from '../../../api/src/auth/recovery';
import { safeNext } from '../../../api/src/lib/next';
import { connectProvider, dismissOneTap, facebookLoginData, type FacebookLoginData, linkPendingIdentity, loadProviders, NO_PROVIDERS, oneTapDismissed, PROVIDER_LABELS, SocialError, socialRegister, ssoInfo, type CompletePayload, type ProviderName, type ProvidersInfo, type SignupProfile } from './social';
import { FacebookBanner, OneTapPrompt, SocialButtons } from './SocialViews';
import { BRAND } from '../brand';

/**
 * The account's dialogs and steps that are not on a save's way (two-factor, recovery, consents, the
 * underage step, a provider sign-up's steps) come in a lazy chunk with their words (issue 20), so the
 * save popup's bytes do not pay for them.
 */
const MfaForm = lazyWithWords(() => import('./MfaForm'), (m) => m.MfaForm);
const RecoveryDialog = lazyWithWords(() => import('./RecoveryDialog'), (m) => m.RecoveryDialog);
const Consents = lazyWithWords(() => import('./Consents'), (m) => m.Consents);
const UnderageConfirmation = lazyWithWords(() => import('./UnderageConfirmation'), (m) => m.UnderageConfirmation);
const SocialAge = lazyWithWords(() => import('./SocialSteps'), (m) => m.SocialAge);
const EmailCollection = lazyWithWords(() => import('./SocialSteps'), (m) => m.EmailCollection);
const EmailAlreadyExist = lazyWithWords(() => import('./SocialSteps'), (m) => m.EmailAlreadyExist);
const SocialUnavailable = lazyWithWords(() => import('./SocialSteps'), (m) => m.SocialUnavailable);

/** The copy of a container that is not on a save's way (accountCopy.ts), once its chunk and words have come. */
function useContainerCopy(container: Container, context: ContainerContext): ContainerCopy {
  const own = containerCopy(container);
  const [account, setAccount] = useState<typeof import('./accountCopy') | null>(null);
  useEffect(() => {
    if (own || account) return;
    void import('./accountCopy').then(async (m) => {
      await wordsReady();
      setAccount(m);
    });
  }, [container]);
  return own ?? account?.accountCopy(container, context) ?? { signupTitle: '', loginTitle: '', subtitle: '' };
}

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

const EMAIL_TAKEN = 83;
const OWN_SITE = 'corkboard';

export interface AuthModalProps extends ContainerContext {
  container: Container;
  initialView?: 'signup' | 'login';
  /** Same-origin path to return to; the server reduces it to a safe one. */
  next?: string;
  /** The pin image, shown as a thumbnail for the save and download containers. */
  pinImage?: string;
  /** Logged in or registered: the popup reloads its viewer, a full page follows data.redirect. */
  onAuthed(data: LoginData, how: 'login' | 'signup'): void;
  /** Where UnderageConfirmation's Confirm goes: '/' (auth.md section 2). */
  goHome?(): void;
  now?(): number;
  /** A recognised LIMITED_LOGIN viewer: the personalised welcome-back log-in (auth.md sections 2 and 6). */
  recognised?: RecognisedInfo;
  /** Adding another account: log-in sends switch_account. */
  switchAccount?: boolean;
  /** The business log-in page's footer instead of the sign-up toggle. */
  business?: boolean;
}

/** Error codes of the sign-up call by the field they belong to (api/src/lib/errors.ts). */
const UNDERAGE = 91;
const ACCOUNT_DEACTIVATED = 117;
const EMAIL_CODES = new Set([80, 81, 82, 83]);
const PASSWORD_CODES = new Set([84, 85, 86, 87, 88]);
const BIRTHDAY_CODES = new Set([89, 90, 92]);

function countryFromBrowser(): string | null {
  try {
    const region = new Intl.Locale(navigator.language).maximize().region;
    return region && /^[A-Z]{2}$/.test(region) ? region : null;
  } catch {
    return null;
  }
}

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
  /** A provider sign-up in progress: the profile, and what the age and email steps added. */
  // A failed email step (auth.md section 8) says the server's message (error), else 'Click Continue to try again' (failed).
  const [social, setSocial] = useState<{ profile: SignupProfile; email?: string; birthday?: number; error?: string; failed?: boolean; oneTap?: boolean } | null>(null);
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
  const doRegister = async (consent?: { marketingNotifsOptOut: boolean }) => {
    const birthday = parseBirthday(fields.birthday);
    // The form checked it already (SignupForm); a date that is not one never leaves the page.
    if (birthday === null || Number.isNaN(birthday)) return;
    const country = countryFromBrowser();
    await runSignup(
      () =>
        register({
          type: 'email',
          email: fields.email.trim(),
          password: fields.password,
          birthday: Math.floor(birthday / 1000),
          country,
          first_name: firstNameFromEmail(fields.email, country ?? undefined),
          last_name: '',
          recaptchaV3Token: 'default',
          ...(consent ? { kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: consent.marketingNotifsOptOut } : {}),
          next: props.next,
        }),
      (body, code) => {
        const field = EMAIL_CODES.has(code) ? 'email' : PASSWORD_CODES.has(code) ? 'password' : BIRTHDAY_CODES.has(code) ? 'birthday' : null;
        if (view === 'consents') return showToast(body?.message ?? UNKNOWN_ERROR, TOAST_MS.consent);
        if (field && body) return setSignupErrors({ [field]: body.message });
        showToast(UNKNOWN_ERROR);
      },
    );
  };

  /** The social registration of auth.md section 3, once the profile has an email and a birthday. */
  const doSocialRegister = async (state: NonNullable<typeof social>, consent?: { marketingNotifsOptOut: boolean }) => {
    const provider = state.profile.provider;
    await runSignup(
      () =>
        socialRegister({
          type: state.oneTap ? 'google_one_tap' : provider,
          ...(state.birthday !== undefined ? { birthday: state.birthday } : {}),
          birthday_source_site: state.birthday !== undefined ? OWN_SITE : provider,
          ...(state.email ? { email: state.email } : {}),
          email_source_site: state.email ? OWN_SITE : provider,
          country: countryFromBrowser(),
          recaptchaV3Token: 'default',
          ...(consent ? { kr_privacy_consent_opt_in: true, marketing_notifs_opt_out: consent.marketingNotifsOptOut } : {}),
          next: props.next,
        }),
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
        setFields({ email: result.email, password: '' });
        setLoginCarry(undefined);
        return setView('login');
      case 'email_exists':
        setExistingEmail(result.email);
        return setView('EmailAlreadyExist');
      case 'linked':
        return showToast(t('auth.connected', { provider: PROVIDER_LABELS[result.provider] }));
      case 'facebook_unavailable':
        return void facebookLoginData(result.facebook_id)
          .then((data) => {
            setFacebookData(data);
            setFields({ email: data.email, password: '' });
            setLoginCarry(undefined);
            setView('login');
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

  // The toggle that was pressed leaves with its view: keyboard focus goes to the new form's first control
  // rather than to the page's start.
  const modal = useRef<HTMLElement>(null);
  const focusForm = useRef(false);
  const toggleTo = (next: 'login' | 'signup') => {
    focusForm.current = true;
    setView(next);
  };
  useEffect(() => {
    if (!focusForm.current) return;
    focusForm.current = false;
    modal.current?.querySelector<HTMLElement>('form input:not([type=hidden]), form button')?.focus();
  }, [view]);

  return (
    <section class="auth-modal" aria-labelledby="auth-title" ref={modal}>
      {header && (
        <header class="auth-header">
          {showsPin(container) && props.pinImage && <img class="auth-pin" src={props.pinImage} alt="" />}
          {container === 'follow' && props.creator && (
            <div class="auth-creator">
              {props.creator.imageUrl && <img class="avatar" src={props.creator.imageUrl} alt="" />}
              <span>{props.creator.fullName}</span>
            </div>
          )}
          <h1 id="auth-title">{view === 'login' ? copy.loginTitle : welcomeBack ? t('auth.welcomeBack') : copy.signupTitle}</h1>
          <p class="subtitle">{copy.subtitle}</p>
        </header>
      )}

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
        <>
          <header class="auth-header">
            {props.recognised.imageUrl && <img class="avatar avatar-large" src={props.recognised.imageUrl} alt="" />}
            <h1 id="auth-title">{t('auth.welcomeBackName', { name: props.recognised.firstName })}</h1>
            <p class="subtitle">{props.recognised.email}</p>
          </header>
          <LoginForm email={fields.email} setEmail={(email) => setFields({ email })} emailFixed {...loginHandlers} />
        </>
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
      {(view === 'signup' || view === 'login') && providers.google.configured && providers.google.one_tap === true && !providers.google.disabled && !oneTapOff && !props.switchAccount && (
        <OneTapPrompt
          onTap={() => void onSocialPress('google', undefined, true)}
          onDismiss={() => {
            dismissOneTap();
            setOneTapOff(true);
          }}
        />
      )}
      {(view === 'signup' || view === 'login') && (
        <>
          {facebookData && view === 'login' && <FacebookBanner data={facebookData} onRecover={() => void recoverFacebookAccount(facebookData.email)} />}
          {pendingLink && view === 'login' && <p class="hint">{t('auth.linkWithPassword', { provider: PROVIDER_LABELS[pendingLink] })}</p>}
          <SocialButtons
            providers={providers}
            country={countryFromBrowser()}
            onPress={(provider) => void onSocialPress(provider)}
            googleTooltip={googleTooltip}
            // auth.md section 8: behind dweb_unauth_fb_login_account_recovery_flow, sign-up offers email or Google only.
            noFacebookSignup={view === 'signup' && experiments.dweb_unauth_fb_login_account_recovery_flow === true}
          />
        </>
      )}
      {view === 'socialSignupWithAge' && social && (
        <Loading>
          <SocialAge profile={social.profile} now={now} error={social.error} busy={busy} onSubmit={(ms: number) => socialNext({ ...social, birthday: Math.floor(ms / 1000), error: undefined })} />
        </Loading>
      )}
      {view === 'EmailCollection' && social && (
        <Loading>
          <EmailCollection
            error={social.error}
            failed={social.failed}
            busy={busy}
            onNotNow={() => {
              setSocial(null);
              setView('signup');
            }}
            onSubmit={(email: string) =>
              // An email that has an account goes to EmailAlreadyExist, then log-in (auth.md section 4).
              void emailExists(email)
                .then((exists) => {
                  if (!exists) return socialNext({ ...social, email, error: undefined, failed: false });
                  setExistingEmail(email);
                  setView('EmailAlreadyExist');
                })
                .catch((error: unknown) => setSocial({ ...social, error: error instanceof ResourceError ? error.body.message : undefined, failed: true }))
            }
          />
        </Loading>
      )}
      {view === 'EmailAlreadyExist' && (
        <Loading>
          <EmailAlreadyExist
            email={existingEmail}
            onContinue={() => {
              setFields({ email: existingEmail, password: '' });
              setLoginCarry(undefined);
              setView('login');
            }}
          />
        </Loading>
      )}
      {view === 'socialUnavailable' && (
        <Loading>
          <SocialUnavailable provider={unavailable} onOk={() => setView('signup')} />
        </Loading>
      )}
      {view === 'underage' && (
        <Loading>
          <UnderageConfirmation onEdit={() => setView('signup')} goHome={props.goHome ?? (() => location.assign('/'))} />
        </Loading>
      )}
      {view === 'welcome' && <Welcome />}

      {view === 'signup' && (
        <p class="toggle">
          {t('auth.alreadyMember')}{' '}
          <button type="button" class="link" onClick={() => toggleTo('login')}>
            {t('auth.logIn')}
          </button>
        </p>
      )}
      {view === 'login' && !props.business && (
        <p class="toggle">
          {t('auth.notOnYet', { brand: BRAND })}{' '}
          <button type="button" class="link" onClick={() => toggleTo('signup')}>
            {t('auth.signUp')}
          </button>
        </p>
      )}
      {view === 'login' && props.business && (
        <div class="toggle business-footer">
          <p>
            {t('auth.noBusinessAccount')}{' '}
            <a class="link" href={`/signup${props.next ? `?next=${encodeURIComponent(props.next)}` : ''}`}>
              {t('auth.createFree')}
            </a>
          </p>
          <button type="button" class="secondary" onClick={() => location.assign('/login')}>
            {t('auth.personalLogIn')}
          </button>
        </div>
      )}
      {view === 'personalized' && (
        <p class="toggle">
          {t('auth.notYou')}{' '}
          <button type="button" class="link" onClick={() => void notYou()}>
            {t('auth.differentAccount')}
          </button>
        </p>
      )}
      {header && !props.business && (
        <p class="business">
          <a href={`/business/create/${props.next ? `?next=${encodeURIComponent(props.next)}` : ''}`} target="_blank" rel="noopener noreferrer">
            {t('auth.business')}
          </a>
        </p>
      )}
      {view === 'signup' && <TermsFooter florida={experiments.fdbr_teen_compliance} />}
      {toast && <Toast message={toast.message} duration={toast.duration} onDone={() => setToast(null)} />}
    </section>
  );
}

import { useEffect, useState } from 'react';
import { firstNameFromEmail, parseBirthday } from '../../../api/src/auth/rules';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { loadExperiments, loadPasswordRules, logIn, NO_EXPERIMENTS, register, type Experiments, type PasswordRules } from './client';
import { Consents } from './Consents';
import { containerCopy, showsFormAtOnce, showsPin, type Container, type ContainerContext } from './containers';
import { LoginForm, loginErrors, UNKNOWN_ERROR, type LoginErrors } from './LoginForm';
import { SignupForm, type SignupErrors, type SignupFields } from './SignupForm';
import { TermsFooter } from './TermsFooter';
import { Toast, TOAST_MS } from './Toast';
import { UnderageConfirmation } from './UnderageConfirmation';
import { setUnderageMarker } from './underage';
import { Welcome } from './Welcome';
import { MfaForm, type MfaChallenge } from './MfaForm';
import { RecoveryDialog } from './RecoveryDialog';
import { forgetRecognised } from './client';
import { isLimitedAnswer, type RecoveryDialogType } from '../../../api/src/auth/recovery';
import type { RecognisedInfo } from '../../../api/src/auth/routes';

export type AuthView = 'signup' | 'login' | 'consents' | 'underage' | 'welcome' | 'loginMfa' | 'recovery' | 'personalized';

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
  const [experiments, setExperiments] = useState<Experiments>(NO_EXPERIMENTS);
  const [rules, setRules] = useState<PasswordRules | null>(null);
  const [toast, setToast] = useState<{ message: string; duration: number } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void loadExperiments().then(setExperiments);
    void loadPasswordRules().then(setRules);
  }, []);

  const setFields = (update: Partial<SignupFields>) => setFieldsState((prev) => ({ ...prev, ...update }));
  const showToast = (message: string, duration: number = TOAST_MS.error) => setToast({ message, duration });

  /** The email has an account: try the given password, else continue in the log-in view. */
  const onExisting = async (tryPassword: boolean) => {
    if (!tryPassword) {
      setLoginCarry(undefined);
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

  /** The registration call of auth.md section 3; its errors go where section 8 says. */
  const doRegister = async (consent?: { marketingNotifsOptOut: boolean }) => {
    const birthday = parseBirthday(fields.birthday);
    // The form checked it already (SignupForm); a date that is not one never leaves the page.
    if (birthday === null || Number.isNaN(birthday)) return;
    setBusy(true);
    try {
      const country = countryFromBrowser();
      const data = await register({
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
      });
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
      const field = EMAIL_CODES.has(code) ? 'email' : PASSWORD_CODES.has(code) ? 'password' : BIRTHDAY_CODES.has(code) ? 'birthday' : null;
      if (view === 'consents') return showToast(body?.message ?? UNKNOWN_ERROR, TOAST_MS.consent);
      if (field && body) return setSignupErrors({ [field]: body.message });
      showToast(UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  };

  const copy = containerCopy(container, props);
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
    onLoggedIn: (data: LoginData) => props.onAuthed(data, 'login'),
    onMfa: (challenge: MfaChallenge) => {
      setMfa(challenge);
      setView('loginMfa');
    },
    onRecovery: openRecovery,
    onToast: showToast,
  };

  return (
    <section class="auth-modal" aria-labelledby="auth-title">
      {header && (
        <header class="auth-header">
          {showsPin(container) && props.pinImage && <img class="auth-pin" src={props.pinImage} alt="" />}
          {container === 'follow' && props.creator && (
            <div class="auth-creator">
              {props.creator.imageUrl && <img class="avatar" src={props.creator.imageUrl} alt="" />}
              <span>{props.creator.fullName}</span>
            </div>
          )}
          <h1 id="auth-title">{view === 'login' ? copy.loginTitle : welcomeBack ? 'Welcome back' : copy.signupTitle}</h1>
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
        />
      )}
      {view === 'personalized' && props.recognised && (
        <>
          <header class="auth-header">
            {props.recognised.imageUrl && <img class="avatar avatar-large" src={props.recognised.imageUrl} alt="" />}
            <h1 id="auth-title">Welcome back, {props.recognised.firstName}</h1>
            <p class="subtitle">{props.recognised.email}</p>
          </header>
          <LoginForm email={fields.email} setEmail={(email) => setFields({ email })} emailFixed {...loginHandlers} />
        </>
      )}
      {view === 'login' && <LoginForm email={fields.email} setEmail={(email) => setFields({ email })} initialErrors={loginCarry} {...loginHandlers} />}
      {view === 'loginMfa' && mfa && (
        <>
          <h1 id="auth-title" class="visually-hidden">
            Two-factor verification
          </h1>
          <MfaForm mfa={mfa} next={props.next} onLoggedIn={loginHandlers.onLoggedIn} onRecovery={(type, reason) => openRecovery(type, mfa.email, reason)} onToast={showToast} />
        </>
      )}
      {view === 'recovery' && recovery && (
        <RecoveryDialog type={recovery.type} email={recovery.email} reason={recovery.reason} onClose={closeRecovery} onToast={showToast} />
      )}
      {view === 'consents' && <Consents busy={busy} onBack={() => setView('signup')} onNext={(optOut) => void doRegister({ marketingNotifsOptOut: optOut })} />}
      {view === 'underage' && <UnderageConfirmation onEdit={() => setView('signup')} goHome={props.goHome ?? (() => location.assign('/'))} />}
      {view === 'welcome' && <Welcome />}

      {view === 'signup' && (
        <p class="toggle">
          Already a member?{' '}
          <button type="button" class="link" onClick={() => setView('login')}>
            Log in
          </button>
        </p>
      )}
      {view === 'login' && !props.business && (
        <p class="toggle">
          Not on the product yet?{' '}
          <button type="button" class="link" onClick={() => setView('signup')}>
            Sign up
          </button>
        </p>
      )}
      {view === 'login' && props.business && (
        <div class="toggle business-footer">
          <p>
            Don't have a business account?{' '}
            <a class="link" href={`/signup${props.next ? `?next=${encodeURIComponent(props.next)}` : ''}`}>
              Create one for free
            </a>
          </p>
          <button type="button" class="secondary" onClick={() => location.assign('/login')}>
            Log in to a personal account
          </button>
        </div>
      )}
      {view === 'personalized' && (
        <p class="toggle">
          Not you?{' '}
          <button type="button" class="link" onClick={() => void notYou()}>
            Log in with a different account
          </button>
        </p>
      )}
      {header && !props.business && (
        <p class="business">
          <a href={`/business/create/${props.next ? `?next=${encodeURIComponent(props.next)}` : ''}`} target="_blank" rel="noopener noreferrer">
            Are you a business? Get started here!
          </a>
        </p>
      )}
      {view === 'signup' && <TermsFooter florida={experiments.fdbr_teen_compliance} />}
      {toast && <Toast message={toast.message} duration={toast.duration} onDone={() => setToast(null)} />}
    </section>
  );
}

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

export type AuthView = 'signup' | 'login' | 'consents' | 'underage' | 'welcome';

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
  const [view, setView] = useState<AuthView>(props.initialView ?? 'signup');
  const [fields, setFieldsState] = useState<SignupFields>({ email: '', password: '', birthday: '' });
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
    if (birthday === null) return;
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
          <h1 id="auth-title">{view === 'login' ? copy.loginTitle : copy.signupTitle}</h1>
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
      {view === 'login' && (
        <LoginForm
          email={fields.email}
          setEmail={(email) => setFields({ email })}
          next={props.next}
          initialErrors={loginCarry}
          onLoggedIn={(data) => props.onAuthed(data, 'login')}
          onToast={showToast}
        />
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
      {view === 'login' && (
        <p class="toggle">
          Not on the product yet?{' '}
          <button type="button" class="link" onClick={() => setView('signup')}>
            Sign up
          </button>
        </p>
      )}
      {header && (
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

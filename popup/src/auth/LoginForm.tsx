import { useEffect, useLayoutEffect, useState } from 'react';
import { fromEnglish, t } from '../i18n';
import { DIALOG_BY_ERROR, ERROR_CODES, type RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { emailError, loginPasswordError } from '../../../api/src/auth/rules';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { solveChallenge, takeChallengeSlot } from './challenge';
import { logIn, UNKNOWN_ERROR, type LoginExtra, type MfaChallenge } from './client';
import { Field } from './Field';
import { SSO_DEBOUNCE_MS, ssoInfo } from './social';

/** api_error_code of a wrong password (the catalogue's password_incorrect). */
export const PASSWORD_INCORRECT = 78;
export const DEFAULT_LOGIN_ERROR = "Sorry, we can't log you in.";

export interface LoginErrors {
  email?: string;
  password?: string;
  toast?: string;
  /** A Google or Facebook error, for an account whose way in is that provider. */
  linked?: { provider: 'google' | 'facebook'; message: string; recover: boolean };
}

/** The provider errors of an email log-in to an account with no password (api/src/auth/rules/recovery.ts linkedLoginError). */
const LINKED: Readonly<Record<number, { provider: 'google' | 'facebook'; recover: boolean }>> = {
  [ERROR_CODES.google_linked_no_password]: { provider: 'google', recover: false },
  [ERROR_CODES.facebook_linked_no_password]: { provider: 'facebook', recover: false },
  [ERROR_CODES.facebook_login_retired]: { provider: 'facebook', recover: true },
};

/**
 * Where each error shows: a wrong password goes to the password field (which is then
 * cleared); Google-linked and Facebook-linked to their provider's error (the retired Facebook one
 * with 'Recover your account'); an answer without a body is the unknown-error toast; anything else
 * goes to the email field with the server's message, or the default.
 */
export function loginErrors(error: unknown): LoginErrors {
  const body = error instanceof ResourceError ? error.body : null;
  if (!body || body.api_error_code === 0) return { toast: UNKNOWN_ERROR };
  if (body.api_error_code === PASSWORD_INCORRECT) return { password: body.message };
  const linked = LINKED[body.api_error_code];
  if (linked) return { linked: { ...linked, message: body.message ?? DEFAULT_LOGIN_ERROR } };
  return { email: body.message_detail ?? body.message ?? DEFAULT_LOGIN_ERROR };
}

export interface LoginFormProps {
  email: string;
  setEmail(email: string): void;
  next?: string;
  /** An error carried over from the sign-up form's log-in attempt. */
  initialErrors?: LoginErrors;
  /** Adding an account (account switching): switch_account goes with the log-in. */
  switchAccount?: boolean;
  /** The personalised log-in: the email is the recognised viewer's and is not edited here. */
  emailFixed?: boolean;
  onLoggedIn(data: LoginData): void;
  onMfa(mfa: MfaChallenge): void;
  onRecovery(type: RecoveryDialogType, email: string, reason?: string): void;
  onToast(message: string): void;
  /** A single sign-on email: the submit says 'Continue with SSO' and hands the email to the SSO popup. */
  onSso?(email: string): void;
  /** 'Recover your account' for a Facebook-only account (the reset link that sets a password). */
  onRecoverFacebook?(email: string): void;
  /**
   * Sign-up switched here because the email has an account: the password typed meanwhile is
   * kept and the keyboard stays in the password field.
   */
  initialPassword?: string;
  focusPassword?: boolean;
}

/**
 * The aec query parameter is read once and removed from the URL; a soft-ban
 * code opens the soft-banned dialog.
 */
function takeAec(): number | null {
  const url = new URL(window.location.href);
  const aec = url.searchParams.get('aec');
  if (aec === null) return null;
  url.searchParams.delete('aec');
  history.replaceState(history.state, '', url.pathname + url.search + url.hash);
  return /^\d+$/.test(aec) ? Number(aec) : null;
}

/** Email and password log-in (login form states), with its safety answers. */
export function LoginForm({
  email,
  setEmail,
  next,
  initialErrors,
  switchAccount,
  emailFixed,
  onLoggedIn,
  onMfa,
  onRecovery,
  onToast,
  onSso,
  onRecoverFacebook,
  initialPassword,
  focusPassword,
}: LoginFormProps) {
  const [password, setPassword] = useState(initialPassword ?? '');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>(initialErrors ?? {});
  /** The challenge is shown: the next submit solves it first and sends recaptchaV2Token. */
  const [challenge, setChallenge] = useState(false);

  useEffect(() => {
    if (takeAec() === ERROR_CODES.account_soft_banned) onRecovery('soft_banned', email);
  }, []);
  // Come from sign-up's password field: the keyboard stays in a password field. Focused as the
  // form is put in, before the browser handles another key: a key typed right after the switch is kept.
  useLayoutEffect(() => {
    if (focusPassword) document.getElementById('login-password')?.focus();
  }, []);

  // On email change, debounced 300 ms and only for a well-formed email, ask whether it is an SSO email.
  const [sso, setSso] = useState(false);
  useEffect(() => {
    setSso(false);
    if (!onSso || emailError(email)) return;
    let live = true;
    const timer = setTimeout(() => void ssoInfo(email).then((info) => live && setSso(info.is_sso)), SSO_DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [email]);

  const send = async (extra: LoginExtra) => {
    try {
      onLoggedIn(await logIn(email, password, next, extra));
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      const code = body?.api_error_code ?? 0;
      if (code === ERROR_CODES.mfa_required) {
        const data = body?.data ?? {};
        return onMfa({
          email,
          password,
          method: data.mfa_method === 'totp' ? 'totp' : 'sms',
          phoneNumberEnd: typeof data.phone_number_end === 'string' ? data.phone_number_end : undefined,
          extra: switchAccount ? { switch_account: true } : {},
        });
      }
      const dialog = DIALOG_BY_ERROR[code];
      if (dialog) {
        setPassword('');
        return onRecovery(dialog, email.trim(), typeof body?.data?.reason === 'string' ? body.data.reason : undefined);
      }
      if (code === ERROR_CODES.captcha_required) {
        // The challenge, unless this browser had three in the last hour.
        if (takeChallengeSlot(Date.now())) return setChallenge(true);
        return setErrors({ email: DEFAULT_LOGIN_ERROR });
      }
      const mapped = loginErrors(error);
      // A password error, or an account that has no password: what was typed cannot work.
      if (mapped.password || mapped.linked) setPassword('');
      if (mapped.toast) onToast(mapped.toast);
      setErrors(mapped);
    }
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const emailProblem = emailError(email);
    if (emailProblem) return setErrors({ email: emailProblem });
    if (sso && onSso) return onSso(email.trim());
    const passwordProblem = loginPasswordError(password, email);
    if (passwordProblem) return setErrors({ password: passwordProblem });
    setBusy(true);
    setErrors({});
    try {
      const extra: LoginExtra = switchAccount ? { switch_account: true } : {};
      if (challenge) {
        extra.recaptchaV2Token = await solveChallenge().catch(() => undefined);
        setChallenge(false);
      }
      await send(extra);
    } finally {
      setBusy(false);
    }
  };

  const recovery = `/password/reset/${email.trim() ? `?ue=${encodeURIComponent(email.trim())}` : ''}`;
  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
      {emailFixed ? (
        <input type="hidden" name="email" value={email} />
      ) : (
        <Field
          id="login-email"
          label={t('auth.email')}
          type="email"
          autocomplete="username"
          value={email}
          onInput={(e) => (setEmail(e.currentTarget.value), errors.email && setErrors({ ...errors, email: undefined }))}
          error={errors.email}
        />
      )}
      <Field
        id="login-password"
        label={t('auth.password')}
        type="password"
        autocomplete="current-password"
        value={password}
        // A field's error (the server's included) goes once the field changes.
        onInput={(e) => (setPassword(e.currentTarget.value), errors.password && setErrors({ ...errors, password: undefined }))}
        error={errors.password}
      />
      {errors.linked && (
        <div class={`linked-error ${errors.linked.provider}`} data-provider={errors.linked.provider}>
          <p id="login-linked-error" class="field-error" role="alert">
            {fromEnglish(errors.linked.message)}
          </p>
          {errors.linked.recover && onRecoverFacebook && (
            <button type="button" class="link" onClick={() => onRecoverFacebook(email.trim())}>
              {t('auth.recoverAccount')}
            </button>
          )}
        </div>
      )}
      <a class="forgot" href={recovery}>
        {t('auth.forgot')}
      </a>
      {challenge && (
        <fieldset class="challenge plain" aria-labelledby="challenge-text">
          <p id="challenge-text" class="error" role="alert">
            {t('auth.captcha')}
          </p>
          <p class="hint">{t('auth.challengeHint')}</p>
        </fieldset>
      )}
      <button class="primary" type="submit" disabled={busy}>
        {sso ? t('auth.continueSso') : busy ? t('auth.loggingIn') : t('auth.logIn')}
      </button>
    </form>
  );
}

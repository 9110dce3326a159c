import { useState } from 'react';
import { emailError, loginPasswordError } from '../../../api/src/auth/rules';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { logIn } from './client';
import { Field } from './Field';

/** api_error_code of a wrong password (the catalogue's password_incorrect). */
export const PASSWORD_INCORRECT = 78;
export const DEFAULT_LOGIN_ERROR = "Sorry, we can't log you in.";
export const UNKNOWN_ERROR = 'Sorry! Something went wrong on our end.';

export interface LoginErrors {
  email?: string;
  password?: string;
  toast?: string;
}

/**
 * auth.md section 8, field mapping: a wrong password goes to the password field (which is then
 * cleared); an answer without a body is the unknown-error toast; anything else goes to the email
 * field with the server's message, or the default.
 */
export function loginErrors(error: unknown): LoginErrors {
  const body = error instanceof ResourceError ? error.body : null;
  if (!body || body.api_error_code === 0) return { toast: UNKNOWN_ERROR };
  if (body.api_error_code === PASSWORD_INCORRECT) return { password: body.message };
  return { email: body.message_detail ?? body.message ?? DEFAULT_LOGIN_ERROR };
}

export interface LoginFormProps {
  email: string;
  setEmail(email: string): void;
  next?: string;
  /** An error carried over from the sign-up form's log-in attempt. */
  initialErrors?: LoginErrors;
  onLoggedIn(data: LoginData): void;
  onToast(message: string): void;
}

/** Email and password log-in (auth.md section 4, login form states). */
export function LoginForm({ email, setEmail, next, initialErrors, onLoggedIn, onToast }: LoginFormProps) {
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<LoginErrors>(initialErrors ?? {});

  const submit = async (event: Event) => {
    event.preventDefault();
    const emailProblem = emailError(email);
    if (emailProblem) return setErrors({ email: emailProblem });
    const passwordProblem = loginPasswordError(password, email);
    if (passwordProblem) return setErrors({ password: passwordProblem });
    setBusy(true);
    setErrors({});
    try {
      onLoggedIn(await logIn(email, password, next));
    } catch (error) {
      const mapped = loginErrors(error);
      if (mapped.password) setPassword('');
      if (mapped.toast) onToast(mapped.toast);
      setErrors(mapped);
    } finally {
      setBusy(false);
    }
  };

  const recovery = `/password/reset/${email.trim() ? `?ue=${encodeURIComponent(email.trim())}` : ''}`;
  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="auth-title">
      <Field id="login-email" label="Email" type="email" autocomplete="username" value={email} onInput={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
      <Field
        id="login-password"
        label="Password"
        type="password"
        autocomplete="current-password"
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
        error={errors.password}
      />
      <a class="forgot" href={recovery}>
        Forgot your password
      </a>
      <button class="primary" type="submit" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}

import { useState } from 'react';
import { postResource, ResourceError } from './api';
import type { LoginData } from './types';

/** api_error_code of a wrong password (the catalogue's password_incorrect). */
const PASSWORD_INCORRECT = 78;

/** Email and password log-in; a password error clears the password field (auth.md section 8). */
export function LoginForm({ next, onLoggedIn }: { next?: string; onLoggedIn(data: LoginData): void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<{ email?: string; password?: string }>({});

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!email.trim()) return setErrors({ email: "You missed a spot! Don't forget to add your email." });
    if (!password) return setErrors({ password: 'Enter your password.' });
    setBusy(true);
    setErrors({});
    try {
      onLoggedIn(await postResource<LoginData>('UserSessionResource', 'create', { username_or_email: email, password, next }));
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      if (body?.api_error_code === PASSWORD_INCORRECT) {
        setPassword('');
        setErrors({ password: body.message });
      } else {
        setErrors({ email: body ? (body.message_detail ?? body.message) : "Sorry, we can't log you in." });
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="auth" onSubmit={submit} noValidate aria-label="Log in">
      <h2>Log in to save</h2>
      <label for="login-email">Email</label>
      <input
        id="login-email"
        type="email"
        autocomplete="username"
        value={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
        aria-invalid={errors.email ? 'true' : undefined}
        aria-describedby={errors.email ? 'login-email-error' : undefined}
      />
      {errors.email && <p id="login-email-error" class="field-error" role="alert">{errors.email}</p>}
      <label for="login-password">Password</label>
      <input
        id="login-password"
        type="password"
        autocomplete="current-password"
        value={password}
        onInput={(e) => setPassword(e.currentTarget.value)}
        aria-invalid={errors.password ? 'true' : undefined}
        aria-describedby={errors.password ? 'login-password-error' : undefined}
      />
      {errors.password && <p id="login-password-error" class="field-error" role="alert">{errors.password}</p>}
      <button class="primary" type="submit" disabled={busy}>
        {busy ? 'Logging in…' : 'Log in'}
      </button>
    </form>
  );
}

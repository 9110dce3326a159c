import { useState } from 'react';
import { ERROR_CODES } from '../../../api/src/auth/rules/recovery';
import { ResourceError } from '../api';
import { BackButton } from '../pageBack';
import { forgotPassword, resetPassword } from './client';
import { Field } from './Field';
import { UNKNOWN_ERROR } from './client';
import { RecoveryDialog } from './RecoveryDialog';
import { Toast } from './Toast';
import { t as common } from '../i18n';
import { t, translated } from './messages';

/**
 * /password/reset/: the account-recovery route. Without a token, the forgot-password form (the email
 * from ?ue= when the log-in form knew it), then the 'Password reset email sent' dialog; with
 * ?token=, the new-password form.
 */
export function ResetPage({ location }: { location: Location }) {
  const query = new URLSearchParams(location.search);
  const token = query.get('token');
  return (
    <main class="page">
      <BackButton fallback="/login" />
      {token ? <NewPassword token={token} /> : <Forgot initial={query.get('ue') ?? ''} />}
    </main>
  );
}

function Forgot({ initial }: { initial: string }) {
  const [value, setValue] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [toast, setToast] = useState<{ message: string; duration: number } | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!value.trim()) return setError(t('emailMissing'));
    setBusy(true);
    setError(null);
    try {
      await forgotPassword(value);
      setSentTo(value.trim());
    } catch (caught) {
      setError(caught instanceof ResourceError && caught.code !== 0 ? translated(caught.body.message_detail ?? caught.body.message) : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="auth-modal" aria-labelledby="reset-title">
      {sentTo ? (
        <RecoveryDialog
          type="password_reset_sent"
          email={sentTo}
          onClose={() => location.assign('/login')}
          onToast={(message, duration) => setToast({ message, duration })}
        />
      ) : (
        <>
          <h1 id="reset-title">{t('findAccount')}</h1>
          <form class="auth" onSubmit={submit} noValidate aria-labelledby="reset-title">
            <Field
              id="reset-email"
              label={t('emailOrUsername')}
              autocomplete="username"
              value={value}
              onInput={(e) => setValue(e.currentTarget.value)}
              error={error}
            />
            <button class="primary" type="submit" disabled={busy}>
              {t('sendReset')}
            </button>
          </form>
        </>
      )}
      {toast && <Toast message={toast.message} duration={toast.duration} onDone={() => setToast(null)} />}
    </section>
  );
}

function NewPassword({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: Event) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (caught) {
      const body = caught instanceof ResourceError ? caught.body : null;
      if (body?.api_error_code === ERROR_CODES.reset_token_invalid) setExpired(true);
      setError(body && body.api_error_code !== 0 ? translated(body.message_detail ?? body.message) : UNKNOWN_ERROR);
    } finally {
      setBusy(false);
    }
  };

  if (done)
    return (
      <section class="auth-modal" aria-labelledby="reset-title">
        <h1 id="reset-title">{t('passwordChanged')}</h1>
        <p>{t('loggedOut')}</p>
        <a class="primary" href="/login">
          {common('auth.logIn')}
        </a>
      </section>
    );
  return (
    <section class="auth-modal" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('pickPassword')}</h1>
      <form class="auth" onSubmit={submit} noValidate aria-labelledby="reset-title">
        <Field
          id="new-password"
          label={t('newPassword')}
          type="password"
          autocomplete="new-password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
          error={error}
        />
        {expired ? (
          <a class="primary" href="/password/reset/">
            {t('sendNewLink')}
          </a>
        ) : (
          <button class="primary" type="submit" disabled={busy}>
            {t('changePassword')}
          </button>
        )}
      </form>
    </section>
  );
}

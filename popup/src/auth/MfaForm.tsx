import { useState } from 'react';
import { DIALOG_BY_ERROR, ERROR_CODES, mfaCodeError, SAFETY_TOAST_MS, type RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { t as common } from '../i18n';
import { ResourceError } from '../api';
import type { LoginData } from '../types';
import { logIn, UNKNOWN_ERROR, type MfaChallenge } from './client';
import { Field } from './Field';
import { t, translated } from './messages';

export interface MfaFormProps {
  mfa: MfaChallenge;
  next?: string;
  onLoggedIn(data: LoginData): void;
  onRecovery(type: RecoveryDialogType, reason?: string): void;
  onToast(message: string, duration?: number): void;
}

/** The loginMfa view: code entry, the two format checks, resend. */
export function MfaForm({ mfa, next, onLoggedIn, onRecovery, onToast }: MfaFormProps) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const failed = (caught: unknown) => {
    const body = caught instanceof ResourceError ? caught.body : null;
    const dialog = body ? DIALOG_BY_ERROR[body.api_error_code] : undefined;
    if (dialog) return onRecovery(dialog, typeof body?.data?.reason === 'string' ? body.data.reason : undefined);
    // The server's message inline, else a toast.
    if (body?.message && body.api_error_code !== 0) return setError(translated(body.message));
    onToast(UNKNOWN_ERROR);
  };

  const submit = async (event: Event) => {
    event.preventDefault();
    const problem = mfaCodeError(code);
    if (problem) return setError(translated(problem));
    setBusy(true);
    setError(null);
    try {
      onLoggedIn(await logIn(mfa.email, mfa.password, next, { ...mfa.extra, mfa_token: code.replace(/\s+/g, '') }));
    } catch (caught) {
      setCode('');
      failed(caught);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      await logIn(mfa.email, mfa.password, next, { ...mfa.extra, mfa_resend: true });
    } catch (caught) {
      // A resend that worked answers MFA-required again, with the new code on its way.
      if (caught instanceof ResourceError && caught.code === ERROR_CODES.mfa_required) onToast(t('mfaResent'), SAFETY_TOAST_MS.codeResent);
      else failed(caught);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form class="auth" onSubmit={submit} noValidate aria-labelledby="mfa-title">
      <h2 id="mfa-title">{t('mfaTitle')}</h2>
      <p>{mfa.method === 'sms' ? t('mfaSms', { digits: mfa.phoneNumberEnd ?? '' }) : t('mfaTotp')}</p>
      <Field
        id="mfa-code"
        label={t('mfaCode')}
        inputMode="numeric"
        autocomplete="one-time-code"
        value={code}
        onInput={(e) => setCode(e.currentTarget.value)}
        error={error}
      />
      <button class="primary" type="submit" disabled={busy}>
        {busy ? common('auth.checking') : t('verify')}
      </button>
      {mfa.method === 'sms' && (
        <button type="button" class="link" disabled={busy} onClick={() => void resend()}>
          {t('resendCode')}
        </button>
      )}
    </form>
  );
}

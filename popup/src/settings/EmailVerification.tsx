import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from '../api';
import { Toast } from '../auth/Toast';

/** As long as the resend toast ('We sent you a new code!', 5000 ms). */
const SENT_TOAST_MS = 5000;
import { fromEnglish, t as main } from '../i18n';
import { t } from '../verify/messages';

/** EmailVerificationResource get: the account's email, whether it is verified, and an address waiting for its link. */
interface Status {
  email: string | null;
  verified: boolean;
  pending_email: string | null;
}

/**
 * Account settings, the email address: verified or not, and "Resend email" for the address
 * that waits for its link, where a logged-in user looks for it.
 */
export function EmailVerification() {
  const [status, setStatus] = useState<Status | null>(null);
  const [toast, setToast] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    void getResource('EmailVerificationResource').then(setStatus, () => setError(main('server.generic')));
  }, []);

  const resend = async () => {
    setBusy(true);
    setError(null);
    try {
      const answer = await postResource('EmailVerificationResource', 'create', {});
      setStatus(answer);
      if ('sent_to' in answer && answer.sent_to) setToast(t('sent', { email: answer.sent_to }));
    } catch (caught) {
      setError(caught instanceof ResourceError ? fromEnglish(caught.body.message) : main('server.generic'));
    } finally {
      setBusy(false);
    }
  };

  if (!status) return error ? <p role="alert">{error}</p> : <p class="muted">{main('common.loading')}</p>;
  const waiting = status.pending_email ?? (status.verified ? null : status.email);
  return (
    <section class="settings-section" aria-labelledby="email-title">
      <h2 id="email-title">{t('sectionTitle')}</h2>
      {status.verified && status.email && <p>{t('verified', { email: status.email })}</p>}
      {waiting && (
        <>
          <p>{status.pending_email ? t('pending', { email: status.pending_email }) : t('unverified', { email: waiting })}</p>
          <button class="secondary" type="button" onClick={resend} disabled={busy}>
            {t('resend')}
          </button>
        </>
      )}
      {error && <p role="alert">{error}</p>}
      {toast && <Toast message={toast} duration={SENT_TOAST_MS} onDone={() => setToast(null)} />}
    </section>
  );
}

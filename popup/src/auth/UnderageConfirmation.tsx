import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../api/src/auth/rules';
import { fromEnglish } from '../i18n';
import { t } from './messages';
import { Toast, TOAST_MS } from './Toast';
import { branded } from '../brand';

/** Confirm leaves for '/' after 4 seconds. */
export const UNDERAGE_REDIRECT_MS = 4000;

/**
 * After an underage answer: Edit returns to sign-up (where the birthday stays disabled while the
 * marker is set); Confirm shows a toast for 3.5 seconds and goes to '/' after 4.
 */
export function UnderageConfirmation({ onEdit, goHome }: { onEdit(): void; goHome(): void }) {
  const [confirmed, setConfirmed] = useState(false);
  useEffect(() => {
    if (!confirmed) return;
    const timer = setTimeout(goHome, UNDERAGE_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [confirmed]);
  const [toast, setToast] = useState(false);
  return (
    <div class="underage">
      <h1 id="auth-title">{t('confirmBirthday')}</h1>
      <p>{fromEnglish(branded(MESSAGES.underage))}</p>
      <p>{t('underageHint')}</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={onEdit} disabled={confirmed}>
          {t('edit')}
        </button>
        <button
          type="button"
          class="primary"
          disabled={confirmed}
          onClick={() => {
            setConfirmed(true);
            setToast(true);
          }}
        >
          {t('confirm')}
        </button>
      </div>
      {toast && <Toast message={t('birthdayConfirmed')} duration={TOAST_MS.underage} onDone={() => setToast(false)} />}
    </div>
  );
}

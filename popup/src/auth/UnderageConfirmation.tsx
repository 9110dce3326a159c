import { useEffect, useState } from 'react';
import { MESSAGES } from '../../../api/src/auth/rules';
import { Toast, TOAST_MS } from './Toast';
import { branded } from '../brand';

/** auth.md section 9: Confirm leaves for '/' after 4 seconds. */
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
      <h1 id="auth-title">Confirm your birthday</h1>
      <p>{branded(MESSAGES.underage)}</p>
      <p>If the birthday you entered is right, confirm it. If you made a mistake, edit it.</p>
      <div class="actions">
        <button type="button" class="secondary" onClick={onEdit} disabled={confirmed}>
          Edit
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
          Confirm
        </button>
      </div>
      {toast && <Toast message="Thanks for confirming your birthday." duration={TOAST_MS.underage} onDone={() => setToast(false)} />}
    </div>
  );
}

import { useState, type ReactNode } from 'react';
import { DEACTIVATION_REASONS, fill, isLimitedAnswer, SAFETY_MESSAGES as M, SAFETY_TOAST_MS, type DeactivationReason, type RecoveryDialogType } from '../../../api/src/auth/recovery';
import { ResourceError } from '../api';
import { forgotPassword } from './client';

export interface RecoveryDialogProps {
  type: RecoveryDialogType;
  /** The email the person typed (the dialogs say where mail went). */
  email: string;
  /** Deactivated: why (data.reason of the error). */
  reason?: string;
  onClose(): void;
  onToast(message: string, duration: number): void;
  /** Login assistance offers the social options too (auth.md section 4): the modal's provider buttons. */
  socialOptions?: ReactNode;
}

/** Where appeals go; an operator points this at their help desk (docs/decisions.md). */
export const CONTACT_US = '/contact/';

/**
 * The account-recovery dialogs of auth.md sections 4 and 8, one component: a title, the text, and
 * the dialog's own actions (Okay, Got it, Contact us, Resend email).
 */
export function RecoveryDialog({ type, email, reason, onClose, onToast, socialOptions }: RecoveryDialogProps) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await forgotPassword(email);
      onToast(M.emailSent, SAFETY_TOAST_MS.emailSent);
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      onToast(body && isLimitedAnswer(body) ? body.message : 'Sorry! Something went wrong on our end.', 3000);
    } finally {
      setBusy(false);
    }
  };
  const resetLink = `/password/reset/${email ? `?ue=${encodeURIComponent(email)}` : ''}`;
  const resendButton = (
    <button type="button" class="primary" disabled={busy} onClick={() => void resend()}>
      {M.resendEmail}
    </button>
  );
  const close = (label: string) => (
    <button type="button" class={label === M.okay || label === M.gotIt ? 'primary' : 'secondary'} onClick={onClose}>
      {label}
    </button>
  );

  const resetActions = (
    <>
      <a class="primary" href={resetLink}>
        Reset your password
      </a>
      {close(M.okay)}
    </>
  );

  let title: string;
  let body: preact.ComponentChildren;
  let actions: preact.ComponentChildren;
  switch (type) {
    case 'rate_limited':
      title = M.rateLimitedTitle;
      body = <p>{M.rateLimitedBody}</p>;
      actions = close(M.okay);
      break;
    case 'deactivated': {
      const known = reason && Object.hasOwn(DEACTIVATION_REASONS, reason) ? (reason as DeactivationReason) : null;
      title = M.deactivatedTitle;
      body = (
        <>
          <p>{known ? DEACTIVATION_REASONS[known] : 'Your account was deactivated for one of these reasons:'}</p>
          {!known && (
            <ul>
              {Object.values(DEACTIVATION_REASONS).map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          )}
          <p>
            If you think this is a mistake, <a href={CONTACT_US}>{M.contactUs}</a>.
          </p>
        </>
      );
      actions = close(M.gotIt);
      break;
    }
    case 'suspended':
      title = M.suspendedTitle;
      body = (
        <p>
          {M.suspendedBody} <a href={CONTACT_US}>{M.contactUs}</a>
        </p>
      );
      actions = close(M.gotIt);
      break;
    case 'soft_banned':
      title = M.softBannedTitle;
      body = <p>{M.softBannedBody}</p>;
      actions = resetActions;
      break;
    case 'login_assistance':
      title = M.assistanceTitle;
      body = (
        <>
          <p>{fill(M.assistanceBody, email)}</p>
          {socialOptions}
        </>
      );
      actions = (
        <>
          {resendButton}
          {close('Close')}
        </>
      );
      break;
    case 'password_reset_sent':
      title = M.resetSentTitle;
      body = <p>{fill(M.resetSentBody, email)}</p>;
      actions = (
        <>
          {resendButton}
          {close(M.okay)}
        </>
      );
      break;
    case 'prevent_facebook_register':
    case 'prevent_google_register':
      title = type === 'prevent_facebook_register' ? M.preventFacebookTitle : M.preventGoogleTitle;
      body = <p>{type === 'prevent_facebook_register' ? M.preventFacebookBody : M.preventGoogleBody}</p>;
      actions = resetActions;
      break;
  }

  return (
    <div class="recovery" role="alertdialog" aria-labelledby="recovery-title" aria-describedby="recovery-body" data-recovery={type}>
      <h1 id="recovery-title">{title}</h1>
      <div id="recovery-body">{body}</div>
      <div class="actions">{actions}</div>
    </div>
  );
}

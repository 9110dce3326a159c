import { useState, type ReactNode } from 'react';
import { DEACTIVATION_REASONS, isLimitedAnswer, SAFETY_TOAST_MS, type DeactivationReason, type RecoveryDialogType } from '../../../api/src/auth/rules/recovery';
import { t as common } from '../i18n';
import { linked } from '../i18n/linked';
import { ResourceError } from '../api';
import { forgotPassword } from './client';
import { UNKNOWN_ERROR } from './client';
import { t } from './messages';

export interface RecoveryDialogProps {
  type: RecoveryDialogType;
  /** The email the person typed (the dialogs say where mail went). */
  email: string;
  /** Deactivated: why (data.reason of the error). */
  reason?: string;
  onClose(): void;
  onToast(message: string, duration: number): void;
  /** Login assistance offers the social options too: the modal's provider buttons. */
  socialOptions?: ReactNode;
}

/** Where appeals go; an operator points this at their help desk (docs/decisions.md). */
export const CONTACT_US = '/contact/';

/**
 * The account-recovery dialogs, one component: a title, the text, and
 * the dialog's own actions (Okay, Got it, Contact us, Resend email).
 */
export function RecoveryDialog({ type, email, reason, onClose, onToast, socialOptions }: RecoveryDialogProps) {
  const [busy, setBusy] = useState(false);
  const resend = async () => {
    setBusy(true);
    try {
      await forgotPassword(email);
      onToast(t('emailSent'), SAFETY_TOAST_MS.emailSent);
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      onToast(body && isLimitedAnswer(body) ? body.message : UNKNOWN_ERROR, 3000);
    } finally {
      setBusy(false);
    }
  };
  const resetLink = `/password/reset/${email ? `?ue=${encodeURIComponent(email)}` : ''}`;
  const resendButton = (
    <button type="button" class="primary" disabled={busy} onClick={() => void resend()}>
      {t('resendEmail')}
    </button>
  );
  const close = (label: string, kind = 'primary') => (
    <button type="button" class={kind} onClick={onClose}>
      {label}
    </button>
  );
  const contact = <a href={CONTACT_US}>{t('contactUs')}</a>;

  const resetActions = (
    <>
      <a class="primary" href={resetLink}>
        {t('resetPassword')}
      </a>
      {close(t('okay'))}
    </>
  );

  let title: string;
  let body: preact.ComponentChildren;
  let actions: preact.ComponentChildren;
  switch (type) {
    case 'rate_limited':
      title = t('rateLimitedTitle');
      body = <p>{t('rateLimitedBody')}</p>;
      actions = close(t('okay'));
      break;
    case 'deactivated': {
      const known = reason && Object.hasOwn(DEACTIVATION_REASONS, reason) ? (reason as DeactivationReason) : null;
      title = t('deactivatedTitle');
      body = (
        <>
          <p>{known ? t(known) : t('deactivatedReasons')}</p>
          {!known && (
            <ul>
              {(Object.keys(DEACTIVATION_REASONS) as DeactivationReason[]).map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          )}
          <p>{linked((slots) => t('mistake', slots), { link: contact })}</p>
        </>
      );
      actions = close(t('gotIt'));
      break;
    }
    case 'suspended':
      title = t('suspendedTitle');
      body = (
        <p>
          {t('suspendedBody')} {contact}
        </p>
      );
      actions = close(t('gotIt'));
      break;
    case 'soft_banned':
      title = t('softBannedTitle');
      body = <p>{t('softBannedBody')}</p>;
      actions = resetActions;
      break;
    case 'login_assistance':
      title = t('assistanceTitle');
      body = (
        <>
          <p>{t('assistanceBody', { email })}</p>
          {socialOptions}
        </>
      );
      actions = (
        <>
          {resendButton}
          {close(common('common.close'), 'secondary')}
        </>
      );
      break;
    case 'password_reset_sent':
      title = t('resetSentTitle');
      body = <p>{t('resetSentBody', { email })}</p>;
      actions = (
        <>
          {resendButton}
          {close(t('okay'))}
        </>
      );
      break;
    case 'prevent_facebook_register':
    case 'prevent_google_register':
      title = t(type === 'prevent_facebook_register' ? 'preventFacebookTitle' : 'preventGoogleTitle');
      body = <p>{t(type === 'prevent_facebook_register' ? 'preventFacebookBody' : 'preventGoogleBody')}</p>;
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

import { useState } from 'react';
import { failure, post, type SecurityStatus } from './client';
import { Done, Field, Problem } from './Field';
import { t } from './messages';
import { ProofField, proofOptions } from './Proof';

/** Password change (the current one first; the other sessions end) and email change (a link to the new address). */
export function PasswordEmail({ status, reload }: { status: SecurityStatus; reload: () => Promise<void> }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [passwordState, setPasswordState] = useState({ error: '', done: '' });
  const [email, setEmail] = useState('');
  const [emailProof, setEmailProof] = useState('');
  const [emailState, setEmailState] = useState({ error: '', done: '' });

  const changePassword = async (event: Event) => {
    event.preventDefault();
    try {
      await post('UserPasswordResource', 'update', { old_password: current, new_password: next });
      setCurrent('');
      setNext('');
      setPasswordState({ error: '', done: t('passwordChanged') });
    } catch (caught) {
      setPasswordState({ error: failure(caught), done: '' });
    }
  };
  const changeEmail = async (event: Event) => {
    event.preventDefault();
    try {
      const answer = await post<{ pending_email: string }>('EmailChangeResource', 'create', { email, ...proofOptions(status, emailProof) });
      setEmail('');
      setEmailProof('');
      setEmailState({ error: '', done: t('emailLinkSent', { email: answer.pending_email }) });
      await reload();
    } catch (caught) {
      setEmailState({ error: failure(caught), done: '' });
    }
  };

  return (
    <>
      <section class="settings-section" aria-labelledby="password-title">
        <h2 id="password-title">{t('passwordTitle')}</h2>
        {status.has_password ? (
          <form class="settings-password" onSubmit={(event) => void changePassword(event)}>
            <Field label={t('currentPassword')} type="password" value={current} onValue={setCurrent} autoComplete="current-password" name="current-password" />
            <Field label={t('newPassword')} type="password" value={next} onValue={setNext} autoComplete="new-password" name="new-password" />
            <button type="submit" class="primary">
              {t('changePassword')}
            </button>
            <Problem text={passwordState.error} />
            {passwordState.done && <Done>{passwordState.done}</Done>}
          </form>
        ) : (
          <p>
            {t('noPassword')} <a href="/settings/account/">{t('toAccount')}</a>
          </p>
        )}
      </section>
      <section class="settings-section" aria-labelledby="email-change-title">
        <h2 id="email-change-title">{t('emailTitle')}</h2>
        {status.email && <p>{t('currentEmail', { email: status.email })}</p>}
        <form class="settings-password" onSubmit={(event) => void changeEmail(event)}>
          <Field label={t('newEmail')} type="email" value={email} onValue={setEmail} autoComplete="email" inputMode="email" name="new-email" />
          <ProofField status={status} value={emailProof} onValue={setEmailProof} name="email-proof" />
          <button type="submit" class="primary">
            {t('changeEmail')}
          </button>
          <Problem text={emailState.error} />
          {emailState.done && <Done>{emailState.done}</Done>}
        </form>
      </section>
    </>
  );
}

import { useState } from 'react';
import { failure, post, type SecurityStatus } from './client';
import { Done, Field, Problem } from './Field';
import { t } from './messages';
import { NO_PROOF, ProofField, proofOptions } from './Proof';

/** Password change (the current one, and a code with two-factor on; the other sessions end) and email change (a link to the new address). */
export function PasswordEmail({ status, reload }: { status: SecurityStatus; reload: () => Promise<void> }) {
  const [current, setCurrent] = useState(NO_PROOF);
  const [next, setNext] = useState('');
  const [passwordState, setPasswordState] = useState({ error: '', done: '' });
  const [email, setEmail] = useState('');
  const [emailProof, setEmailProof] = useState(NO_PROOF);
  const [emailState, setEmailState] = useState({ error: '', done: '' });

  const changePassword = async (event: Event) => {
    event.preventDefault();
    try {
      const { password, ...code } = proofOptions(status, current);
      await post('UserPasswordResource', 'update', { old_password: password ?? '', new_password: next, ...code });
      setCurrent(NO_PROOF);
      setNext('');
      setPasswordState({ error: '', done: t('passwordChanged') });
    } catch (caught) {
      setPasswordState({ error: failure(caught), done: '' });
    }
  };
  const changeEmail = async (event: Event) => {
    event.preventDefault();
    try {
      const answer = await post('EmailChangeResource', 'create', { email, ...proofOptions(status, emailProof) });
      setEmail('');
      setEmailProof(NO_PROOF);
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
            <ProofField status={status} value={current} onValue={setCurrent} name="current-password" />
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

import { useEffect, useState } from 'react';
import { getResource } from '../../api';
import { BRAND } from '../../brand';
import { t as main } from '../../i18n';
import type { ViewerData } from '../../types';
import { failure, post } from '../security/client';
import { Done, Field, Problem } from '../security/Field';
import { t } from './messages';

/** /settings/invitations/: in invite mode (SIGNUP_MODE=invite), a logged-in account mails single-use sign-up invitations. */
export function InvitationsPage({ viewer }: { viewer: ViewerData | null }) {
  const [mode, setMode] = useState<'open' | 'invite' | 'closed' | null>(null);
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const [done, setDone] = useState('');
  useEffect(
    () =>
      void getResource('SignupInvitationResource').then(
        (answer) => setMode(answer.signup_mode),
        (caught: unknown) => setError(failure(caught)),
      ),
    [],
  );
  if (!viewer || mode === null) return <p class="muted">{main('common.loading')}</p>;
  if (viewer.type !== 'AUTH') {
    return (
      <main class="settings">
        <h1>{t('title')}</h1>
        <p>
          <a href={`/login?next=${encodeURIComponent('/settings/invitations/')}`}>{t('logInFirst')}</a>
        </p>
      </main>
    );
  }
  const send = async (event: Event) => {
    event.preventDefault();
    setError('');
    setDone('');
    try {
      const sent = await post('SignupInvitationResource', 'create', { email });
      setDone(t('sent', { email: sent.email }));
      setEmail('');
    } catch (caught) {
      setError(failure(caught));
    }
  };
  return (
    <main class="settings">
      <p>
        <a href="/settings/account/">{t('toSettings')}</a>
      </p>
      <h1>{t('title')}</h1>
      {mode !== 'invite' ? (
        <p>{t('notInvite', { brand: BRAND })}</p>
      ) : (
        <>
          <p>{t('intro', { brand: BRAND })}</p>
          <form onSubmit={(event) => void send(event)}>
            <Field label={t('email')} type="email" value={email} onValue={setEmail} name="invite-email" autoComplete="off" />
            <button type="submit">{t('send')}</button>
          </form>
        </>
      )}
      <Problem text={error} />
      {done && <Done>{done}</Done>}
    </main>
  );
}

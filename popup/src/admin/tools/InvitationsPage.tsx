import { useEffect, useState } from 'react';
import type { z } from 'zod';
import type { invitation } from '../../../../api/src/operators/contract';
import { getResource, postResource } from '../../api';
import { Button } from '../../ui/Button';
import { EmptyState } from '../../ui/EmptyState';
import { TextField } from '../../ui/TextField';
import { t } from '../messages';
import type { SectionProps } from '../sections';
import { errorText } from './errors';

type Invitations = { open: boolean; invitations: z.infer<typeof invitation>[] };

/** Invitations: while sign-up is by invitation, mail one in the operators' name and see the latest sent. */
export function InvitationsPage(_props: SectionProps) {
  const [state, setState] = useState<Invitations | null>(null);
  const [email, setEmail] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = () => getResource('OperatorInvitationsResource').then(setState, (e) => setError(errorText(e)));
  useEffect(() => {
    void load();
  }, []);

  if (!state) return error ? <p role="alert">{error}</p> : <p role="status">{t('loading')}</p>;
  return (
    <>
      <h1>{t('invitations')}</h1>
      {!state.open ? (
        <p>{t('invitationsOff')}</p>
      ) : (
        <form
          onSubmit={async (e) => {
            e.preventDefault();
            setError(null);
            setDone(null);
            try {
              const sent = await postResource('OperatorInvitationsResource', 'create', { email, reason });
              setDone(t('invited', { email: sent.email }));
              setEmail('');
              await load();
            } catch (failure) {
              setError(errorText(failure));
            }
          }}
        >
          <TextField id="invite-email" label={t('emailLabel')} type="email" value={email} error={error} onInput={(e) => setEmail(e.currentTarget.value)} />
          <TextField id="invite-reason" label={t('reason')} value={reason} onInput={(e) => setReason(e.currentTarget.value)} />
          <Button variant="primary" type="submit">
            {t('invite')}
          </Button>
        </form>
      )}
      {done && (
        <p role="status" class="notice info">
          {done}
        </p>
      )}
      {state.invitations.length === 0 ? (
        <EmptyState title={t('nothingListed')} />
      ) : (
        <table aria-label={t('invitations')}>
          <thead>
            <tr>
              <th>{t('emailLabel')}</th>
              <th>{t('when')}</th>
              <th>{t('stateLabel')}</th>
            </tr>
          </thead>
          <tbody>
            {state.invitations.map((i) => (
              <tr key={i.id}>
                <td>{i.email}</td>
                <td>{new Date(i.created_at).toLocaleString()}</td>
                <td>{i.used_at ? t('inviteUsed') : t('inviteOpen')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

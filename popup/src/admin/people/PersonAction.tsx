import type { Person } from '../../../../api/src/operators/contract';
import { postResource } from '../../api';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/TextField';
import { t } from '../messages';
import { useActionForm } from '../useActionForm';
import type { ActionName } from './actions';

/**
 * An action on an account: a modal form asking why (the audit log keeps it) and the operator's fresh proof
 * (password and current two-factor code). Nothing changes until the server has checked both; a refusal is
 * shown in the form and the account stays as it was.
 */
export function PersonAction({
  person,
  action,
  label,
  onCancel,
  onDone,
}: {
  person: Person;
  action: ActionName;
  label: string;
  onCancel(): void;
  onDone(next: Person, label: string): void;
}) {
  const { ref, reason, setReason, password, setPassword, code, setCode, error, busy, submit } = useActionForm(async ({ reason, password, code }) =>
    onDone(await postResource('OperatorPersonResource', 'update', { id: person.id, action, reason, password, code }), label),
  );

  return (
    <dialog ref={ref} class="dialog" aria-labelledby="person-action-title" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id="person-action-title">
          {label}: {person.username}
        </h2>
        <TextArea id="action-reason" label={t('reason')} value={reason} required maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
        <p>{t('proofIntro')}</p>
        <TextField
          id="action-password"
          label={t('password')}
          type="password"
          autocomplete="current-password"
          value={password}
          onInput={(e) => setPassword(e.currentTarget.value)}
        />
        <TextField
          id="action-code"
          label={t('code')}
          inputMode="numeric"
          autocomplete="one-time-code"
          value={code}
          error={error}
          onInput={(e) => setCode(e.currentTarget.value)}
        />
        <div class="actions">
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button variant={action === 'suspend' || action === 'deactivate' ? 'danger' : 'primary'} type="submit" disabled={busy}>
            {t('confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

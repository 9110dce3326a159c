import { type Decision, PROOF_DECISIONS } from '../../../../api/src/reports/rules';
import { Button } from '../../ui/Button';
import { TextArea, TextField } from '../../ui/TextField';
import { t } from '../messages';
import { useActionForm } from '../useActionForm';
import { decide, type QueueItem } from './api';

/**
 * One decision on a reported object: a modal form asking why (the owner is told, the audit log keeps it)
 * and, for a decision that changes an account, the operator's fresh proof. Nothing changes until the
 * server has accepted it; a refusal is shown in the form.
 */
export function DecisionDialog({ item, decision, onCancel, onDone }: { item: QueueItem; decision: Decision; onCancel(): void; onDone(): void }) {
  const proof = PROOF_DECISIONS.includes(decision);
  const { ref, reason, setReason, password, setPassword, code, setCode, error, busy, submit } = useActionForm(async ({ reason, password, code }) => {
    await decide(item, decision, reason, proof ? { password, code } : {});
    onDone();
  });

  return (
    <dialog ref={ref} class="dialog" aria-labelledby="decision-title" onCancel={onCancel}>
      <form onSubmit={submit}>
        <h2 id="decision-title">
          {t(`decide_${decision}`)}: {item.title || item.object_id}
        </h2>
        <TextArea id="decision-reason" label={t('decisionReason')} value={reason} required maxLength={500} onInput={(e) => setReason(e.currentTarget.value)} />
        {proof && (
          <>
            <p>{t('proofIntro')}</p>
            <TextField
              id="decision-password"
              label={t('proofPassword')}
              type="password"
              autocomplete="current-password"
              value={password}
              onInput={(e) => setPassword(e.currentTarget.value)}
            />
            <TextField
              id="decision-code"
              label={t('proofCode')}
              inputMode="numeric"
              autocomplete="one-time-code"
              value={code}
              onInput={(e) => setCode(e.currentTarget.value)}
            />
          </>
        )}
        {error && (
          <p class="field-error" role="alert">
            {error}
          </p>
        )}
        <div class="actions">
          <Button onClick={onCancel}>{t('cancel')}</Button>
          <Button variant={decision === 'suspend' || decision === 'remove' ? 'danger' : 'primary'} type="submit" disabled={busy}>
            {t('confirm')}
          </Button>
        </div>
      </form>
    </dialog>
  );
}

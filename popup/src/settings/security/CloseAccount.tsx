import { useState } from 'react';
import { failure, post, type SecurityStatus } from './client';
import { Problem } from './Field';
import { t } from './messages';
import { NO_PROOF, ProofField, proofOptions } from './Proof';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

/**
 * Deactivation (the user-requested closure: logging in again reactivates) and deletion
 * (the account and its data go; a notice is mailed). Either asks for the fresh proof (Proof.tsx).
 */
export function CloseAccount({ status, onClosed }: { status: SecurityStatus; onClosed: (how: 'deactivated' | 'deleted') => void }) {
  const [proof, setProof] = useState(NO_PROOF);
  const [error, setError] = useState('');
  // Deletion cannot be undone: it is asked again in a dialog that says what goes. Deactivation is undone by logging in.
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const close = async (how: 'deactivated' | 'deleted') => {
    setError('');
    setBusy(true);
    try {
      await post(how === 'deactivated' ? 'AccountDeactivationResource' : 'AccountDeletionResource', 'create', proofOptions(status, proof));
      onClosed(how);
    } catch (caught) {
      setError(failure(caught));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };
  return (
    <section class="settings-section" aria-labelledby="close-title">
      <h2 id="close-title">{t('closeTitle')}</h2>
      <p>{t('deactivateIntro')}</p>
      <p>{t('deleteIntro')}</p>
      <form class="settings-password" onSubmit={(event) => event.preventDefault()}>
        {(status.has_password || status.mfa.method) && <p class="muted">{t('confirmWith')}</p>}
        <ProofField status={status} value={proof} onValue={setProof} name="close-proof" />
        <div>
          <button type="button" class="secondary" onClick={() => void close('deactivated')}>
            {t('deactivate')}
          </button>
          <button type="button" class="secondary" onClick={() => setAsking(true)}>
            {t('deleteAccount')}
          </button>
        </div>
        <Problem text={error} />
      </form>
      {asking && (
        <ConfirmDialog
          title={t('deleteAccount')}
          confirm={t('deleteAccount')}
          busy={busy}
          onConfirm={() => void close('deleted')}
          onCancel={() => setAsking(false)}
        >
          <p>{t('deleteIntro')}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

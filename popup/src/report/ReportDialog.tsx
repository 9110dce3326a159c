import { useEffect, useRef, useState } from 'react';
import { REPORT_REASONS } from '../../../api/src/reports/rules';
import { ResourceError } from '../api';
import { fromEnglish } from '../i18n';
import { Button } from '../ui/Button';
import { TextArea } from '../ui/TextField';
import { hideReported, type ReportKind, type ReportReason, sendReport } from './client';
import { t } from './messages';

const TITLE = { pin: 'reportPin', board: 'reportBoard', user: 'reportProfile' } as const;

/**
 * Reporting a pin, board or profile: a modal form with the ten reasons and an optional note; then the
 * thank-you, and for a pin or board "Hide it from my view" (a member's hide is kept by the server; a
 * visitor's lasts for this page).
 */
export function ReportDialog({
  kind,
  id,
  signedIn,
  onClose,
  onHidden,
}: {
  kind: ReportKind;
  id: string;
  signedIn: boolean;
  onClose(): void;
  onHidden?(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<null | { created: boolean }>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);

  const failed = (failure: unknown) => {
    setError(fromEnglish(failure instanceof ResourceError ? failure.message : 'Sorry! Something went wrong on our end.'));
    setBusy(false);
  };
  const submit = async (e: Event) => {
    e.preventDefault();
    if (!reason) return;
    setBusy(true);
    setError(null);
    try {
      setSent(await sendReport(kind, id, reason, note));
      setBusy(false);
    } catch (failure) {
      failed(failure);
    }
  };
  const hide = async () => {
    if (kind === 'user') return;
    setBusy(true);
    try {
      if (signedIn) await hideReported(kind, id);
      onHidden?.();
      onClose();
    } catch (failure) {
      failed(failure);
    }
  };

  return (
    <dialog ref={ref} class="dialog report-dialog" aria-labelledby="report-title" onCancel={onClose}>
      <h2 id="report-title">{t(TITLE[kind])}</h2>
      {sent ? (
        <>
          <p role="status">{t(sent.created ? 'thanks' : 'already')}</p>
          {error && (
            <p class="field-error" role="alert">
              {error}
            </p>
          )}
          <div class="actions">
            <Button onClick={onClose}>{t('close')}</Button>
            {kind !== 'user' && onHidden && (
              <Button variant="primary" disabled={busy} onClick={hide}>
                {t('hideIt')}
              </Button>
            )}
          </div>
        </>
      ) : (
        <form onSubmit={submit}>
          <fieldset class="report-reasons">
            <legend>{t('why')}</legend>
            {REPORT_REASONS.map((r) => (
              <label key={r} class="report-reason">
                <input type="radio" name="report-reason" value={r} checked={reason === r} required onChange={() => setReason(r)} /> {t(r)}
              </label>
            ))}
          </fieldset>
          <TextArea id="report-note" label={t('note')} value={note} maxLength={500} onInput={(e) => setNote(e.currentTarget.value)} />
          {error && (
            <p class="field-error" role="alert">
              {error}
            </p>
          )}
          <div class="actions">
            <Button onClick={onClose}>{t('cancel')}</Button>
            <Button variant="primary" type="submit" disabled={busy || !reason}>
              {t('send')}
            </Button>
          </div>
        </form>
      )}
    </dialog>
  );
}

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { t as main } from '../i18n';

/**
 * The question asked before anything that cannot be taken back (deleting an account or a board,
 * removing a member, withdrawing an invite): a modal dialog that names the action and says what will
 * be lost; Cancel (and Escape) keep everything. The browser's own <dialog> opened with showModal()
 * gives the modal role, the focus trap and the inert page behind it, so no hand-written copy of them.
 */
export function ConfirmDialog({
  title,
  children,
  confirm,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children: ReactNode;
  /** The confirming button's words: the action itself ("Delete account"), never a bare "OK". */
  confirm: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);
  return (
    <dialog
      ref={ref}
      class="confirm-dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      <div id={bodyId}>{children}</div>
      <div class="confirm-actions">
        <button type="button" class="secondary" autoFocus onClick={onCancel}>
          {main('common.cancel')}
        </button>
        <button type="button" class="primary danger" disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

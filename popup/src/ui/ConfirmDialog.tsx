import type { ComponentChildren } from 'preact';
import { useEffect, useId, useRef } from 'react';
import { t } from '../i18n';

/**
 * The question asked before anything that cannot be taken back (deleting an account or a board, removing a
 * member, withdrawing an invite, revoking a token): a modal <dialog> opened with showModal(), which gives the
 * modal role, the focus trap and the inert page behind it; Escape and Cancel keep everything. The confirming
 * button names the action itself, in the danger colour, never a bare "OK"; the body says what will be lost.
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
  children?: ComponentChildren;
  confirm: string;
  busy?: boolean;
  onConfirm(): void;
  onCancel(): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog
      ref={ref}
      class="dialog confirm-dialog"
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
      <div class="actions">
        {/* biome-ignore lint/a11y/noAutofocus: a modal dialog takes focus; it starts on Cancel so that Enter never destroys by accident */}
        <button type="button" class="secondary" autoFocus onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" class="primary danger" disabled={busy} onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

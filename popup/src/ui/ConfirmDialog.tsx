import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'react';
import { t } from '../i18n';

/**
 * A question before a step that cannot be undone (delete a board, revoke a token): a modal <dialog>, so
 * focus stays inside and Escape cancels; the confirming button says what it does, in the danger colour.
 */
export function ConfirmDialog({ title, children, confirm, onConfirm, onCancel }: { title: string; children?: ComponentChildren; confirm: string; onConfirm(): void; onCancel(): void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  return (
    <dialog ref={ref} class="dialog" aria-labelledby="confirm-title" onCancel={onCancel}>
      <h2 id="confirm-title">{title}</h2>
      {children}
      <div class="actions">
        <button type="button" class="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="button" class="danger" onClick={onConfirm}>
          {confirm}
        </button>
      </div>
    </dialog>
  );
}

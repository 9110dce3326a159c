import type { ComponentChildren } from 'preact';

/**
 * The one question asked in place before a delete (a pin, a section, chosen pins): Delete or Cancel.
 * `busy` holds Delete while the call is out.
 */
export function ConfirmDelete({ label, question, busy = false, onConfirm, onCancel }: { label: string; question: ComponentChildren; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  return (
    <p role="group" aria-label={label} class="follow">
      <span>{question}</span>
      <button type="button" class="primary" disabled={busy} onClick={onConfirm}>
        Delete
      </button>
      <button type="button" class="secondary" onClick={onCancel}>
        Cancel
      </button>
    </p>
  );
}

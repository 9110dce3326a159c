import type { ComponentChildren } from 'preact';
import { t as main } from '../i18n';
import { t } from '../pages/messages';

/**
 * The one question asked in place before a delete (a pin, a section, chosen pins): Delete or Cancel.
 * `busy` holds Delete while the call is out.
 */
export function ConfirmDelete({
  label,
  question,
  busy = false,
  onConfirm,
  onCancel,
}: {
  label: string;
  question: ComponentChildren;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <fieldset aria-label={label} class="follow plain confirm-delete">
      <span>{question}</span>
      <button type="button" class="primary" disabled={busy} onClick={onConfirm}>
        {t('delete')}
      </button>
      <button type="button" class="secondary" onClick={onCancel}>
        {main('common.cancel')}
      </button>
    </fieldset>
  );
}

import type { useManage } from './useManage';

/**
 * The idle row of an owner's Edit and Delete (a pin's, a section's): two buttons that open
 * useManage's forms. The labels come from the caller, which names what is edited.
 */
export function ManageActions({ edit, remove, setMode }: { edit: string; remove: string; setMode: ReturnType<typeof useManage>['setMode'] }) {
  return (
    <p class="actions organise">
      <button type="button" class="secondary" onClick={() => setMode('edit')}>
        {edit}
      </button>
      <button type="button" class="secondary" onClick={() => setMode('delete')}>
        {remove}
      </button>
    </p>
  );
}

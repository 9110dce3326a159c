import { useState } from 'react';
import { postResource } from '../api';
import { useManage } from './useManage';
import { ManageActions } from './ManageActions';
import { Outcome } from './Outcome';
import { ConfirmDelete } from './ConfirmDelete';
import { HashtagField } from './HashtagField';
import { t as main } from '../i18n';
import { t } from '../pages/messages';
import type { PinData } from '../types';

/** The pinner's Edit and Delete on a pin page: edit title and description; delete asks once, then goes to the board. */
export function PinManage({ pin, onSaved }: { pin: PinData; onSaved: (pin: PinData) => void }) {
  const { mode, setMode, error, busy, run } = useManage();
  const [title, setTitle] = useState(pin.title);
  const [description, setDescription] = useState(pin.description);
  return (
    <div class="pin-manage">
      {mode === 'idle' && <ManageActions edit={t('editPin')} remove={t('deletePin')} setMode={setMode} />}
      {mode === 'edit' && (
        <form
          class="auth"
          onSubmit={(e) => {
            e.preventDefault();
            run(postResource('PinResource', 'update', { id: pin.id, title, description }), (saved: PinData) => {
              onSaved(saved);
              setMode('idle');
            });
          }}
        >
          <label for="pin-title">{t('title')}</label>
          <input id="pin-title" value={title} maxLength={100} onInput={(e) => setTitle((e.target as HTMLInputElement).value)} />
          <label for="pin-description">{t('description')}</label>
          <HashtagField id="pin-description" value={description} maxLength={500} onChange={setDescription} />
          <p class="actions">
            <button type="button" class="secondary" onClick={() => setMode('idle')}>
              {main('common.cancel')}
            </button>
            <button type="submit" class="primary" disabled={busy}>
              {t('saveChanges')}
            </button>
          </p>
        </form>
      )}
      {mode === 'delete' && (
        <ConfirmDelete
          label={t('deletePin')}
          question={t('deleteThisPin')}
          busy={busy}
          onConfirm={() => run(postResource('PinResource', 'delete', { id: pin.id }), () => location.assign(pin.board.url))}
          onCancel={() => setMode('idle')}
        />
      )}
      <Outcome error={error} />
    </div>
  );
}

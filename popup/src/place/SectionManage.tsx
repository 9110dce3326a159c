import { useState } from 'react';
import { postResource } from '../api';
import { sectionNameProblem } from '../../../api/src/boards/rules';
import { useManage } from './useManage';
import { ManageActions } from './ManageActions';
import { Outcome } from './Outcome';
import { ConfirmDelete } from './ConfirmDelete';
import { fromEnglish, t as main } from '../i18n';
import { t } from '../pages/messages';
import type { SectionData } from '../types';

/**
 * A section's Edit and Delete on its page, for the board's members: rename (the URL follows
 * the new name), or delete after one question on the page; its Pins stay on the board.
 */
export function SectionManage({ section, boardUrl }: { section: { id: string; title: string }; boardUrl: string }) {
  const { mode, setMode, error, setError, busy, run } = useManage();
  const [name, setName] = useState(section.title);
  const trimmed = name.trim();
  const problem = sectionNameProblem(trimmed);
  return (
    <div class="section-manage">
      {mode === 'idle' && <ManageActions edit={t('editSection')} remove={t('deleteSection')} setMode={setMode} />}
      {mode === 'edit' && (
        <form
          class="auth"
          onSubmit={(e) => {
            e.preventDefault();
            if (problem) return setError(fromEnglish(problem));
            run(postResource('BoardSectionResource', 'update', { section_id: section.id, name: trimmed }), (saved: SectionData) =>
              location.assign(`${boardUrl}${saved.slug}/`),
            );
          }}
        >
          <label for="section-name">{t('sectionName')}</label>
          <input id="section-name" value={name} maxLength={50} onInput={(e) => (setName((e.target as HTMLInputElement).value), setError(null))} />
          <p class="actions">
            <button type="button" class="secondary" onClick={() => setMode('idle')}>
              {main('common.cancel')}
            </button>
            <button type="submit" class="primary" disabled={busy || problem !== null}>
              {t('save')}
            </button>
          </p>
        </form>
      )}
      {mode === 'delete' && (
        <ConfirmDelete
          label={t('deleteSection')}
          question={t('deleteSectionAsk', { name: section.title })}
          busy={busy}
          onConfirm={() => run(postResource('BoardSectionResource', 'delete', { section_id: section.id }), () => location.assign(boardUrl))}
          onCancel={() => setMode('idle')}
        />
      )}
      <Outcome error={error} />
    </div>
  );
}

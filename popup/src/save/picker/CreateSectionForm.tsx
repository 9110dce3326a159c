import { useState } from 'react';
import { fromEnglish, t } from '../../i18n';
import { sectionNameProblem } from '../../../../api/src/boards/rules';
import { postResource, ResourceError } from '../../api';
import type { SectionData } from '../../types';

/** 'Add section': trimmed name; Add waits for a name, no error, no save in flight. */
export function CreateSectionForm({ board, media, onCreated }: { board: { id: string }; media: string; onCreated(section: SectionData): void }) {
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const disabled = !name.trim() || error !== null || saving;

  const add = async (event: Event) => {
    event.preventDefault();
    if (disabled) return;
    const problem = sectionNameProblem(name);
    if (problem) return setError(fromEnglish(problem));
    setSaving(true);
    try {
      onCreated(await postResource('BoardSectionResource', 'create', { board_id: board.id, name: name.trim(), name_source: 0, initial_pins: [] }));
    } catch (e) {
      // Message_detail, else message, inline under the name field.
      setError(e instanceof ResourceError ? fromEnglish(e.body.message_detail ?? e.body.message) : t('server.uhOh'));
      setSaving(false);
    }
  };

  return (
    <form class="create-section" onSubmit={add} noValidate>
      {media && <img class="thumb" src={media} alt="" />}
      <label for="section-name">{t('section.name')}</label>
      <input
        id="section-name"
        value={name}
        placeholder={t('section.placeholder')}
        autocomplete="off"
        // biome-ignore lint/a11y/noAutofocus: the form appears because the user asked to add a section; typing its name is what they came for
        autoFocus
        onInput={(e) => {
          setName(e.currentTarget.value);
          setError(null);
        }}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? 'section-name-error' : undefined}
      />
      {error && (
        <p id="section-name-error" class="field-error" role="alert">
          {error}
        </p>
      )}
      <div class="actions">
        <button type="submit" class="primary" disabled={disabled}>
          {saving ? t('section.adding') : t('section.add')}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from '../api';
import { failure } from './Feed';
import { Outcome } from './Outcome';
import { ConfirmDelete } from './ConfirmDelete';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { formatNumber, t as main } from '../i18n';
import { t, tn } from '../pages/messages';
import type { PickerData, PinData, SectionData } from '../types';

/** A busy board answers 2171-2173 with this; other move errors show the server's message. */
const BUSY_CODES = new Set([2171, 2172, 2173]);
const moveError = (e: unknown) => (e instanceof ResourceError && BUSY_CODES.has(e.code) ? main('server.boardBusy') : failure(e));

/**
 * Organising a board's pins: choose pins, then move them to a board and
 * an optional section of it, take them out of the section shown, or delete them. Optimistic: the pins
 * leave the grid at once and come back, with the message, if the server refuses.
 */
export function OrganiseBar({
  boardId,
  sectionId,
  selected,
  pins: shown,
  setPins,
  clear,
  onDone,
}: {
  boardId: string;
  sectionId?: string;
  selected: Set<string>;
  pins: PinData[];
  setPins: (pins: PinData[]) => void;
  clear: () => void;
  onDone?: () => void;
}) {
  const [picker, setPicker] = useState<PickerData | null>(null);
  const [target, setTarget] = useState('');
  const [sections, setSections] = useState<SectionData[]>([]);
  const [section, setSection] = useState('');
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  useEffect(() => {
    getResource('BoardPickerBoardsResource', {})
      .then(setPicker)
      .catch(() => setPicker(null));
  }, []);
  // The chosen board's sections (the picker's rows carry none): 'Move to section' lists them.
  useEffect(() => {
    setSection('');
    setSections([]);
    if (!target) return;
    getResource('BoardSectionsRepinResource', { board_id: target })
      .then(setSections)
      .catch(() => setSections([]));
  }, [target]);

  /** Takes the chosen pins off the grid, runs the call, and puts them back with its message if it fails. */
  const optimistic = (call: (ids: string[]) => Promise<unknown>, done: (n: number) => string) => {
    if (selected.size === 0) return;
    const ids = [...selected];
    const before = shown;
    setPins(shown.filter((p) => !selected.has(p.id)));
    setError(null);
    setStatus(null);
    setAsking(false);
    call(ids)
      .then(() => {
        setStatus(done(ids.length));
        clear();
        // The board's header (its pin count, its cover) is read again.
        onDone?.();
      })
      .catch((e: unknown) => {
        setPins(before);
        setError(moveError(e));
      });
  };
  const move = () =>
    target &&
    optimistic(
      (ids) =>
        postResource('BulkEditSelectAllResource', 'update', {
          board_id: boardId,
          new_board_id: target,
          old_section_id: sectionId ?? null,
          new_section_id: section || null,
          pin_ids: ids,
        }),
      (n) => tn('moved', n),
    );

  return (
    <fieldset class="move-bar plain" aria-label={t('organisePins')}>
      <p class="hint">{selected.size === 0 ? t('choosePins') : tn('chosen', selected.size)}</p>
      <label for="move-target">{t('moveTo')}</label>
      <select id="move-target" value={target} onChange={(e) => setTarget((e.target as HTMLSelectElement).value)}>
        <option value="">{t('chooseBoard')}</option>
        {picker?.all_boards.map((b) => (
          <option key={b.id} value={b.id}>
            {b.name}
          </option>
        ))}
      </select>
      {sections.length > 0 && (
        <>
          <label for="move-section">{main('picker.sectionHeading')}</label>
          <select id="move-section" value={section} onChange={(e) => setSection((e.target as HTMLSelectElement).value)}>
            <option value="">{t('noSection')}</option>
            {sections.map((s) => (
              <option key={s.id} value={s.id}>
                {s.title}
              </option>
            ))}
          </select>
        </>
      )}
      <p class="actions">
        <button type="button" class="primary" disabled={!target || selected.size === 0} onClick={move}>
          {selected.size > 0 ? t('moveCount', { count: formatNumber(selected.size) }) : t('move')}
        </button>
        {sectionId && (
          <button
            type="button"
            class="secondary"
            disabled={selected.size === 0}
            onClick={() =>
              optimistic(
                (ids) => postResource('BoardSectionPinsResource', 'delete', { section_id: sectionId, pins: ids }),
                (n) => tn('tookOut', n),
              )
            }
          >
            {t('removeFromSection')}
          </button>
        )}
        <button type="button" class="secondary" disabled={selected.size === 0} onClick={() => setAsking(true)}>
          {t('deleteSelected')}
        </button>
      </p>
      {asking && (
        <ConfirmDelete
          label={t('deletePins')}
          question={tn('deleteAsk', selected.size)}
          onConfirm={() =>
            optimistic(
              (ids) => postResource('BulkEditResource', 'delete', { board_id: boardId, pin_ids: ids }),
              (n) => tn('deleted', n),
            )
          }
          onCancel={() => setAsking(false)}
        />
      )}
      <Outcome status={status} error={error} />
    </fieldset>
  );
}

/** Deleting a board (the owner): one button, then a dialog that says what goes with it; then the profile. */
export function DeleteBoard({ boardId, name, profile }: { boardId: string; name: string; profile: string }) {
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const remove = () => {
    setBusy(true);
    postResource('BoardResource', 'delete', { board_id: boardId })
      .then(() => location.assign(profile))
      .catch((e: unknown) => {
        setError(failure(e));
        setBusy(false);
        setAsking(false);
      });
  };
  return (
    <>
      <button type="button" class="secondary" onClick={() => setAsking(true)}>
        {t('deleteBoard')}
      </button>
      {asking && (
        <ConfirmDialog title={t('deleteBoardAsk', { name })} confirm={t('deleteBoard')} busy={busy} onConfirm={remove} onCancel={() => setAsking(false)}>
          <p>{t('deleteBoardLoses')}</p>
        </ConfirmDialog>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

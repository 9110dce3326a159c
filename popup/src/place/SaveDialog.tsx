import { useEffect, useRef, useState } from 'react';
import { postResource } from '../api';
import { t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import { BoardPicker, type SaveTarget } from '../save/picker/BoardPicker';
import { failure } from './Feed';

/**
 * Saving a pin from its page (a repin): the board picker in a modal dialog over the page, so the tab stays
 * the pin's page (it no longer turns into the popup's /repin/x/, which promised to close and could not).
 * After the save the dialog closes and the page says where the pin went, linked.
 */
export function SaveDialog({
  pinId,
  media,
  description,
  onClose,
  onSaved,
}: {
  pinId: string;
  media: string;
  description: string;
  onClose(): void;
  onSaved(target: SaveTarget): void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal?.();
    return () => dialog?.close?.();
  }, []);
  const save = (target: SaveTarget) => {
    setBusy(true);
    setError(null);
    postResource('RepinResource', 'create', { pin_id: pinId, board_id: target.board.id, section: target.section?.id })
      .then(() => onSaved(target))
      .catch((e: unknown) => {
        setError(failure(e));
        setBusy(false);
      });
  };
  return (
    <dialog
      ref={ref}
      class="dialog save-dialog"
      aria-label={t('save')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <BoardPicker media={media} description={description} busy={busy} onSave={save} onClose={onClose} />
    </dialog>
  );
}

/** Where the pin went, after a save from its page: the board (and section), linked. */
export function SavedNotice({ target }: { target: SaveTarget }) {
  const board = <a href={target.board.url}>{target.board.name}</a>;
  return (
    <p class="notice info" role="status">
      {target.section
        ? linked((slots) => main('success.savedToSection', slots), {
            board,
            section: <a href={`${target.board.url}${target.section.slug}/`}>{target.section.title}</a>,
          })
        : linked((slots) => main('success.savedTo', slots), { board })}
    </p>
  );
}

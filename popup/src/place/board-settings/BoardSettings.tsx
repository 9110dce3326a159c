import { useEffect, useState } from 'react';
import { getResource, postResource } from '../../api';
import type { OptionsOf } from '../../../../api/src/resources.contract';
import { failure } from '../Feed';
import { boardNameProblem } from '../../../../api/src/boards/rules';
import { fromEnglish } from '../../i18n';
import { CollaboratorSearch } from '../../save/picker/CollaboratorSearch';
import { CreateSectionForm } from '../../save/picker/CreateSectionForm';
import type { Candidate } from '../../../../api/src/collaborators/contract';
import type { BoardPageData, PinData } from '../../types';
import { t } from './messages';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

type Board = BoardPageData;

/**
 * The owner's board settings: name, description, secret, cover (one of its pins' images, or
 * the automatic rule), invites after creation, and archiving. Opened from the board page's 'Edit board';
 * what the server refuses is shown in the form, nothing changed.
 */
export function BoardSettings({ board, onChanged }: { board: Board; onChanged: () => void }) {
  const [open, setOpen] = useState(false);
  if (board.archived) return <ArchiveSwitch board={board} onChanged={onChanged} />;
  if (!open)
    return (
      <button type="button" class="secondary" onClick={() => setOpen(true)}>
        {t('editBoard')}
      </button>
    );
  return <SettingsForm board={board} close={() => setOpen(false)} onChanged={onChanged} />;
}

function SettingsForm({ board, close, onChanged }: { board: Board; close: () => void; onChanged: () => void }) {
  const [name, setName] = useState(board.name);
  const [description, setDescription] = useState(board.description);
  const [secret, setSecret] = useState(board.privacy === 'secret');
  const [cover, setCover] = useState<string>(board.cover_pin_id ?? '');
  const [covers, setCovers] = useState<PinData[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // Bumped when invites go out, so the waiting list reads them.
  const [invites, setInvites] = useState(0);
  useEffect(() => {
    // The cover is chosen among the board's latest pins that have an image (a page of them).
    getResource('BoardFeedResource', { board_id: board.id, page_size: 25 })
      .then((page) => setCovers(page.pins.filter((p) => p.images?.['236x'])))
      .catch(() => setCovers([]));
  }, [board.id]);

  const save = async (event: Event) => {
    event.preventDefault();
    const problem = boardNameProblem(name);
    if (problem) return setError(fromEnglish(problem));
    setSaving(true);
    setError(null);
    try {
      const updated = await postResource('BoardResource', 'update', {
        board_id: board.id,
        name: name.trim(),
        description,
        ...(board.privacy !== 'protected' && { privacy: secret ? 'secret' : 'public' }),
        ...(cover !== (board.cover_pin_id ?? '') && { cover_pin_id: cover || null }),
      });
      // A new name is a new URL: go there; otherwise read the board again.
      if (updated.url !== board.url) location.assign(updated.url);
      else {
        close();
        onChanged();
      }
    } catch (e) {
      setError(failure(e));
      setSaving(false);
    }
  };

  return (
    <section class="board-settings" aria-labelledby="board-settings-title">
      <h2 id="board-settings-title">{t('settingsTitle')}</h2>
      <form class="form" onSubmit={save} noValidate>
        <label for="board-settings-name">{t('name')}</label>
        <input
          id="board-settings-name"
          value={name}
          autocomplete="off"
          onInput={(e) => setName(e.currentTarget.value)}
          aria-invalid={error ? 'true' : undefined}
        />
        <label for="board-settings-description">{t('description')}</label>
        <textarea id="board-settings-description" value={description} maxLength={500} onInput={(e) => setDescription(e.currentTarget.value)} />
        {board.privacy !== 'protected' && (
          <label class="switch">
            <input
              type="checkbox"
              role="switch"
              checked={secret}
              aria-checked={secret}
              onChange={(e) => setSecret(e.currentTarget.checked)}
              aria-describedby="board-settings-secret-hint"
            />
            {t('secret')}
          </label>
        )}
        {board.privacy !== 'protected' && (
          <p id="board-settings-secret-hint" class="hint">
            {t('secretHint')}
          </p>
        )}
        <fieldset class="cover-choice">
          <legend>{t('cover')}</legend>
          <label>
            <input type="radio" name="cover" value="" checked={cover === ''} onChange={() => setCover('')} />
            {t('coverAutomatic')}
          </label>
          {covers.length === 0 && <p class="hint">{t('noCovers')}</p>}
          {covers.map((pin, i) => (
            <label key={pin.id} class="cover-option">
              <input type="radio" name="cover" value={pin.id} checked={cover === pin.id} onChange={() => setCover(pin.id)} />
              <img src={pin.images?.['236x']?.url} alt={pin.title || pin.description || t('coverPin', { n: i + 1 })} width={60} height={60} />
            </label>
          ))}
        </fieldset>
        <Problem text={error} />
        <p class="actions">
          <button type="button" class="secondary" onClick={close}>
            {t('cancel')}
          </button>
          <button type="submit" class="primary" disabled={saving || !name.trim()}>
            {saving ? t('saving') : t('save')}
          </button>
        </p>
      </form>
      <Invite boardId={board.id} onInvited={() => (setInvites((n) => n + 1), onChanged())} />
      <PendingInvites boardId={board.id} version={invites} />
      <ArchiveSwitch board={board} onChanged={onChanged} />
    </section>
  );
}

/** Invites after creation: people by name or emails, as Create board queues them. */
function Invite({ boardId, onInvited }: { boardId: string; onInvited: () => void }) {
  const [chosen, setChosen] = useState<Candidate[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const send = () => {
    setError(null);
    postResource('BoardInviteResource', 'create', {
      board_id: boardId,
      invited_user_ids: chosen.filter((c) => c.type === 'user').map((c) => c.id),
      emails: chosen.filter((c) => c.type === 'email').map((c) => c.id),
    })
      .then(() => {
        setChosen([]);
        setSent(true);
        onInvited();
      })
      .catch((e: unknown) => setError(failure(e)));
  };
  return (
    <fieldset class="board-invite plain" aria-labelledby="board-invite-title">
      <h3 id="board-invite-title">{t('inviteTitle')}</h3>
      <CollaboratorSearch
        chosen={chosen}
        onChange={(next) => {
          setSent(false);
          setChosen(next);
        }}
      />
      <p class="actions">
        <button type="button" class="primary" disabled={chosen.length === 0} onClick={send}>
          {t('invite')}
        </button>
      </p>
      {sent && <p role="status">{t('invitesSent')}</p>}
      <Problem text={error} />
    </fieldset>
  );
}

/**
 * Archiving and the way back, one switch: in the settings, archive with why; on an archived
 * board's page (its owner alone sees it), why nothing can be saved, and unarchive.
 */
function ArchiveSwitch({ board, onChanged }: { board: Board; onChanged: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const archive = !board.archived;
  const toggle = () =>
    postResource('BoardResource', 'update', { board_id: board.id, archived: archive })
      .then(onChanged)
      .catch((e: unknown) => setError(failure(e)));
  return (
    <div class={archive ? 'board-archive' : 'notice info'} role={archive ? undefined : 'status'}>
      <p class={archive ? 'hint' : undefined}>{t(archive ? 'archiveHint' : 'archivedNotice')}</p>
      <p class="actions">
        <button type="button" class={archive ? 'secondary' : 'primary'} onClick={toggle}>
          {t(archive ? 'archive' : 'unarchive')}
        </button>
      </p>
      <Problem text={error} />
    </div>
  );
}

/** A refusal, under what it refused. */
function Problem({ text }: { text: string | null }) {
  return text ? (
    <p class="error" role="alert">
      {text}
    </p>
  ) : null;
}

/** 'Add section' on the board page: the first section of a board too; any member may. */
export function AddSection({ board, onAdded }: { board: { id: string }; onAdded: () => void }) {
  const [open, setOpen] = useState(false);
  if (!open)
    return (
      <button type="button" class="secondary" onClick={() => setOpen(true)}>
        {t('addSection')}
      </button>
    );
  return (
    <fieldset class="add-section plain" aria-label={t('addSection')}>
      <CreateSectionForm
        board={board}
        media=""
        onCreated={() => {
          setOpen(false);
          onAdded();
        }}
      />
      <button type="button" class="secondary" onClick={() => setOpen(false)}>
        {t('closeSection')}
      </button>
    </fieldset>
  );
}

type Waiting = { key: string; name: string; options: OptionsOf<'BoardPendingInvitesResource', 'delete'> };

/**
 * The invites nobody has taken up yet (the owner's alone, BoardPendingInvitesResource), to accounts and
 * to email addresses, each withdrawn after a dialog that says the invite stops working.
 */
function PendingInvites({ boardId, version }: { boardId: string; version: number }) {
  const [pending, setPending] = useState<Waiting[]>([]);
  const [asking, setAsking] = useState<Waiting | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const load = () =>
    getResource('BoardPendingInvitesResource', { board_id: boardId }).then(
      (data) =>
        setPending([
          ...data.users.map((u) => ({ key: `u${u.id}`, name: u.full_name || u.username, options: { board_id: boardId, invited_user_id: u.id } })),
          ...data.emails.map((e) => ({ key: `e${e.email}`, name: e.email, options: { board_id: boardId, email: e.email } })),
        ]),
      (e: unknown) => setError(failure(e)),
    );
  useEffect(() => void load(), [boardId, version]);
  const withdraw = async (invite: Waiting) => {
    setBusy(true);
    setError(null);
    try {
      await postResource('BoardPendingInvitesResource', 'delete', invite.options);
      setStatus(t('withdrawn', { name: invite.name }));
      await load();
    } catch (e) {
      setError(failure(e));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };
  if (pending.length === 0 && !status && !error) return null;
  return (
    <section class="pending-invites" aria-labelledby="pending-invites-title">
      <h3 id="pending-invites-title">{t('pendingTitle')}</h3>
      <ul>
        {pending.map((invite) => (
          <li key={invite.key}>
            <span>{invite.name}</span>{' '}
            <button type="button" class="secondary" aria-label={t('withdrawName', { name: invite.name })} onClick={() => setAsking(invite)}>
              {t('withdraw')}
            </button>
          </li>
        ))}
      </ul>
      {status && <p role="status">{status}</p>}
      <Problem text={error} />
      {asking && (
        <ConfirmDialog
          title={t('withdrawName', { name: asking.name })}
          confirm={t('withdraw')}
          busy={busy}
          onConfirm={() => void withdraw(asking)}
          onCancel={() => setAsking(null)}
        >
          <p>{t('withdrawWarning', { name: asking.name })}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

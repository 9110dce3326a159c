import { useEffect, useState } from 'react';
import { fromEnglish, t } from '../../i18n';
import { boardNameProblem } from '../../../../api/src/boards/rules';
import { postResource, ResourceError, v3 } from '../../api';
import type { RouteAnswer } from '../../../../api/src/routes.contract';
import type { Candidate } from '../../../../api/src/collaborators/contract';
import type { PickerBoard } from '../../types';
import { CollaboratorSearch } from './CollaboratorSearch';

type Suggestion = RouteAnswer<'/v3/pins/{id}/board_title_suggestions/'>[number];

/** A board create failure shows its message and detail, or this fallback. */
const CREATE_FALLBACK = 'Uh oh! Something went wrong.';

export function createErrorText(error: unknown): string {
  if (typeof error === 'string') return fromEnglish(error);
  if (error instanceof ResourceError)
    return [error.body.message, error.body.message_detail]
      .filter((m): m is string => !!m)
      .map(fromEnglish)
      .join(' ');
  return fromEnglish(CREATE_FALLBACK);
}

/**
 * Create board: name, Secret, collaborators, suggestions, Cancel
 * and Create. Acting for an advertiser one does not own, the board is protected: the switch shows
 * on and disabled, and Secret and collaborators are hidden. Its owner acting for it may switch
 * Protected on, which hides Secret and collaborators as well.
 */
export function CreateBoardForm({
  description,
  onCreated,
  onCancel,
  advertiser = null,
}: {
  description: string;
  onCreated(board: PickerBoard): void;
  onCancel(): void;
  /** The business the popup was opened for (the picker's answer), if any. */
  advertiser?: { id: string; is_owner: boolean } | null;
}) {
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [secret, setSecret] = useState(false);
  const forced = !!advertiser && !advertiser.is_owner;
  const [chosenProtected, setProtected] = useState(false);
  const isProtected = forced || chosenProtected;
  // Opened without an advertiser, the viewer's own role decides: a business's owner or admin may make the
  // board protected for it (the server judges again), so the switch no longer hangs on a typed address.
  const [business, setBusiness] = useState<string | null>(null);
  useEffect(() => {
    if (advertiser) return;
    v3('/vx/business_access/profiles/')
      .then((profiles) => {
        const managed = profiles.find((p) => p.permissions.includes('OWNER') || p.permissions.includes('ADMIN'));
        setBusiness(managed?.id ?? null);
      })
      .catch(() => setBusiness(null));
  }, []);
  const actingFor = advertiser?.id ?? (isProtected ? business : null);
  const [saving, setSaving] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [suggestions, setSuggestions] = useState<Suggestion[]>([]);
  const [invites, setInvites] = useState<Candidate[]>([]);

  useEffect(() => {
    v3('/v3/pins/{id}/board_title_suggestions/', { path: { id: '0' }, query: { description } })
      .then(setSuggestions)
      .catch(() => setSuggestions([]));
  }, [description]);

  const problem = boardNameProblem(name);
  const disabled = !name.trim() || problem !== null || createError !== null || saving;

  const create = async (event: Event) => {
    event.preventDefault();
    setTouched(true);
    if (disabled) return;
    setSaving(true);
    try {
      const board = await postResource('BoardResource', 'create', {
        name: name.trim(),
        privacy: isProtected ? 'protected' : secret ? 'secret' : 'public',
        aux_data: { source: 'board_picker' },
        ...(actingFor ? { advertiser_id: actingFor } : {}),
      });
      // Invites queued for collaborators go to the new board on save.
      if (invites.length && !isProtected) {
        await postResource('BoardInviteResource', 'create', {
          board_id: board.id,
          invited_user_ids: invites.filter((c) => c.type === 'user').map((c) => c.id),
          emails: invites.filter((c) => c.type === 'email').map((c) => c.id),
        }).catch(() => undefined);
      }
      onCreated(board);
    } catch (error) {
      setCreateError(createErrorText(error));
      setSaving(false);
    }
  };

  const type = (value: string) => {
    setName(value);
    setTouched(true);
    setCreateError(null);
  };

  return (
    <form class="create-board" onSubmit={create} noValidate>
      <label for="board-name">{t('board.name')}</label>
      <input
        id="board-name"
        value={name}
        placeholder={t('board.placeholder')}
        autocomplete="off"
        onInput={(e) => type(e.currentTarget.value)}
        aria-invalid={touched && problem ? 'true' : undefined}
        aria-describedby={touched && problem ? 'board-name-error' : undefined}
        // biome-ignore lint/a11y/noAutofocus: the form appears because the user asked to create a board; typing its name is what they came for
        autoFocus
      />
      {touched && problem && (
        <p id="board-name-error" class="field-error" role="alert">
          {fromEnglish(problem)}
        </p>
      )}
      {(advertiser || business) && (
        <label class="switch">
          <input
            type="checkbox"
            role="switch"
            checked={isProtected}
            aria-checked={isProtected}
            disabled={forced}
            onChange={(e) => setProtected(e.currentTarget.checked)}
          />
          <span>
            <strong>{t('board.protected')}</strong>
            <small>{t(forced ? 'board.protectedHint' : 'board.protectedOwnerHint')}</small>
          </span>
        </label>
      )}
      {!isProtected && (
        <>
          <label class="switch">
            <input type="checkbox" role="switch" checked={secret} aria-checked={secret} onChange={(e) => setSecret(e.currentTarget.checked)} />
            <span>
              <strong>{t('board.secret')}</strong>
              <small>{t('board.secretHint')}</small>
            </span>
          </label>
          <CollaboratorSearch chosen={invites} onChange={setInvites} />
        </>
      )}
      {suggestions.length > 0 && (
        <section class="suggestions" aria-labelledby="suggested-names">
          <h3 id="suggested-names">{t('board.suggestions')}</h3>
          <ul>
            {suggestions.map((s) => (
              <li key={s.title}>
                <button type="button" class="chip" onClick={() => type(s.title)}>
                  {s.title}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      <div class="actions">
        {createError && (
          <p class="create-error" role="alert">
            {createError}
          </p>
        )}
        <button type="button" class="secondary" onClick={onCancel}>
          {t('common.cancel')}
        </button>
        <button type="submit" class="primary" disabled={disabled}>
          {saving ? t('board.creating') : t('board.create')}
        </button>
      </div>
    </form>
  );
}

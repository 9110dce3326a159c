import { useEffect, useState } from 'react';
import { getResource, postResource, ResourceError } from '../api';
import { VERIFY_ERROR_CODES } from '../../../api/src/auth/rules';
import { failure } from './Feed';
import { t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import { t as verifyWords } from '../verify/messages';
import type { ViewerData } from '../types';

interface Invite {
  board: { id: string; name: string; url: string };
  owner: { username: string; full_name: string };
}
interface Person {
  id: string;
  username: string;
  full_name: string;
  status: 'invited' | 'accepted';
}

/**
 * The notice on a board page (the invite mail's link) for someone invited to it: Accept or Decline.
 * It asks BoardInviteResource whether the viewer holds an invite, by the board's URL, so it works on
 * a secret board the viewer cannot see yet.
 */
export function InviteNotice({ username, slug, viewerId, onAccepted }: { username: string; slug: string; viewerId: string; onAccepted: () => void }) {
  const [invite, setInvite] = useState<Invite | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  // An invite mailed to an address this account has not confirmed yet: it waits for the link.
  const [unverified, setUnverified] = useState(false);
  useEffect(() => {
    getResource('BoardInviteResource', { username, slug })
      .then(setInvite)
      .catch((e: unknown) => {
        setInvite(null);
        setUnverified(e instanceof ResourceError && e.code === VERIFY_ERROR_CODES.email_unverified);
      });
  }, [username, slug]);
  if (unverified)
    return (
      <aside class="invite-notice" aria-label={t('invite')}>
        <p>{verifyWords('inviteWaits')}</p>
        <p class="actions">
          <a class="primary" href="/settings/account/">
            {verifyWords('toSettings')}
          </a>
        </p>
      </aside>
    );
  if (!invite) return null;
  const answer = (accept: boolean) => {
    setError(null);
    (accept
      ? postResource('BoardInviteResource', 'update', { board_id: invite.board.id })
      : postResource('BoardInviteResource', 'delete', { board_id: invite.board.id, invited_user_id: viewerId })
    )
      .then(() => {
        setDone(accept ? t('joined', { board: invite.board.name }) : t('declined'));
        if (accept) onAccepted();
      })
      .catch((e: unknown) => setError(failure(e)));
  };
  const owner = invite.owner.full_name || invite.owner.username;
  return (
    <aside class="invite-notice" aria-label={t('invite')}>
      {done ? (
        <p role="status">{done}</p>
      ) : (
        <>
          <p>{linked((slots) => t('invitedYou', { ...slots, owner }), { board: <strong>{invite.board.name}</strong> })}</p>
          <p class="actions">
            <button type="button" class="primary" onClick={() => answer(true)}>
              {t('accept')}
            </button>
            <button type="button" class="secondary" onClick={() => answer(false)}>
              {t('decline')}
            </button>
          </p>
        </>
      )}
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </aside>
  );
}

/**
 * A board's people (owner first, then the viewer, then by name). Anyone who sees a
 * public board sees its collaborators; members also see pending invites, the owner removes anyone, a
 * collaborator leaves. Optimistic, restored with the server's message on failure.
 */
export function Collaborators({
  boardId,
  ownerId,
  viewer,
  member,
  version,
}: {
  boardId: string;
  ownerId: string;
  viewer: ViewerData | null;
  member: boolean;
  version: number;
}) {
  const [people, setPeople] = useState<Person[]>([]);
  const [error, setError] = useState<string | null>(null);
  const me = viewer?.type === 'AUTH' ? viewer.user.id : null;
  useEffect(() => {
    if (viewer === null) return;
    getResource('BoardCollaboratorsResource', { board_id: boardId })
      .then(setPeople)
      .catch(() => setPeople([]));
  }, [boardId, me, viewer === null, version]);
  if (people.length === 0) return null;

  const remove = (person: Person) => {
    const before = people;
    setPeople(people.filter((p) => p.id !== person.id));
    setError(null);
    const call =
      person.status === 'accepted'
        ? postResource('BoardCollaboratorResource', 'delete', { board_id: boardId, invited_user_id: person.id, field_set_key: 'boardEdit' })
        : postResource('BoardInviteResource', 'delete', { board_id: boardId, invited_user_id: person.id });
    call
      .then(() => (person.id === me ? location.assign(`/${viewer?.type === 'AUTH' ? viewer.user.username : ''}/`) : undefined))
      .catch((e: unknown) => {
        setPeople(before);
        setError(failure(e));
      });
  };
  return (
    <section class="collaborators" aria-labelledby="board-collaborators">
      <h2 id="board-collaborators">{main('board.collaborators')}</h2>
      <ul>
        {people.map((p) => (
          <li key={p.id}>
            <a href={`/${p.username}/`}>{p.full_name || p.username}</a>
            {p.status === 'invited' && <span class="badge">{t('invited')}</span>}
            {member && me === ownerId && (
              <button type="button" class="secondary" onClick={() => remove(p)} aria-label={t('removeName', { name: p.full_name || p.username })}>
                {t('remove')}
              </button>
            )}
            {member && me !== ownerId && p.id === me && (
              <button type="button" class="secondary" onClick={() => remove(p)}>
                {t('leaveBoard')}
              </button>
            )}
          </li>
        ))}
      </ul>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}

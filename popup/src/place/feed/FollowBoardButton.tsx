import { useEffect, useState } from 'react';
import { getResource, postResource } from '../../api';
import { failure } from '../Feed';
import type { BoardFollowAnswer } from '../../../../api/src/feed/contract';
import { t, tn } from './messages';

type BoardFollowData = BoardFollowAnswer;

/**
 * Follow / Following for a board, beside its name, with its follower count. Its owner sees
 * the count only; a visitor gets a link to log in that comes back here. Optimistic: the button turns at
 * once and back, with the server's message, when the call fails.
 */
export function FollowBoardButton({ boardId, boardName, signedIn }: { boardId: string; boardName: string; signedIn: boolean }) {
  const [state, setState] = useState<BoardFollowData | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getResource('BoardFollowResource', { board_id: boardId })
      .then(setState)
      .catch(() => setState(null));
  }, [boardId, signedIn]);
  if (!state) return null;

  const toggle = () => {
    const next = !state.followedByMe;
    const before = state;
    setState({ ...state, followedByMe: next, follower_count: state.follower_count + (next ? 1 : -1) });
    setBusy(true);
    setError(null);
    postResource('BoardFollowResource', next ? 'create' : 'delete', { board_id: boardId })
      .then((now) => setState({ ...before, ...now }))
      .catch((e: unknown) => {
        setState(before);
        setError(failure(e));
      })
      .finally(() => setBusy(false));
  };
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <span class="follow follow-board">
      <span class="board-followers">{tn('boardFollowers', state.follower_count)}</span>{' '}
      {state.is_owner ? null : signedIn ? (
        <button
          type="button"
          class={state.followedByMe ? 'secondary' : 'primary'}
          aria-pressed={state.followedByMe}
          disabled={busy}
          onClick={toggle}
          aria-label={state.followedByMe ? t('followingBoardName', { name: boardName }) : t('followBoardName', { name: boardName })}
        >
          {state.followedByMe ? t('followingBoard') : t('followBoard')}
        </button>
      ) : (
        <a href={`/login?next=${back}`}>{t('logInToFollowBoard')}</a>
      )}
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}

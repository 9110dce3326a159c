import { useState } from 'react';
import { postResource } from '../api';
import { failure } from './Feed';
import { t } from '../i18n';
import { linked } from '../i18n/linked';

/**
 * Follow / Following for one user (profiles, the creator card). A visitor gets the log-in prompt of
 * the 'log in to follow' container that comes back to this page. Optimistic: the button turns at
 * once and turns back, with the server's message, when the call fails.
 */
export function FollowButton({
  user,
  followed,
  signedIn,
  onChange,
  autoFocus,
}: {
  user: { id: string; username: string; full_name?: string };
  followed: boolean;
  signedIn: boolean;
  onChange?: (followed: boolean) => void;
  autoFocus?: boolean;
}) {
  const [state, setState] = useState(followed);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [prompt, setPrompt] = useState(false);
  const name = user.full_name || user.username;

  const toggle = () => {
    if (!signedIn) return setPrompt(true);
    const next = !state;
    setState(next);
    setBusy(true);
    setError(null);
    onChange?.(next);
    postResource('UserFollowResource', next ? 'create' : 'delete', { user_id: user.id })
      .catch((e: unknown) => {
        setState(!next);
        onChange?.(!next);
        setError(failure(e));
      })
      .finally(() => setBusy(false));
  };

  const back = encodeURIComponent(location.pathname + location.search);
  // The follow container shows whom the visitor is about to follow: their avatar and name.
  const follow = `&container=follow&creator=${encodeURIComponent(user.username)}`;
  return (
    <span class="follow">
      <button
        type="button"
        class={state ? 'secondary' : 'primary'}
        aria-pressed={state}
        disabled={busy}
        onClick={toggle}
        // biome-ignore lint/a11y/noAutofocus: only when the page was opened by a Follow button elsewhere: following is what the visitor asked for
        autoFocus={autoFocus}
        aria-label={state ? t('pages.followingName', { name }) : t('pages.followName', { name })}
      >
        {state ? t('pages.following') : t('pages.follow')}
      </button>
      {error && (
        <span class="error" role="alert">
          {error}
        </span>
      )}
      {prompt && (
        <span class="login-prompt" role="status">
          <strong>{state ? t('pages.logInToUnfollow') : t('pages.logInToFollow')}</strong>{' '}
          {linked((slots) => t('pages.followPrompt', { ...slots, name }), {
            logIn: <a href={`/login?next=${back}${follow}`}>{t('auth.logIn')}</a>,
            signUp: <a href={`/signup?next=${back}${follow}`}>{t('pages.signUp')}</a>,
          })}
        </span>
      )}
    </span>
  );
}

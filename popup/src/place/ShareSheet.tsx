import { useEffect, useRef, useState } from 'react';
import { postResource } from '../api';
import { failure } from './Feed';
import { Outcome } from './Outcome';
import { t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import type { PinData } from '../types';

/**
 * Send (the 'Send' links to /pin/{id}/?share=true): the pin page's share sheet. Copy the
 * link, send it by email to a person (PinShareResource, through the mail transport), or the browser's
 * own share where it has one. Email needs a signed-in sender; a visitor is offered log-in for it.
 */
export function ShareSheet({ pin, signedIn, onClose }: { pin: PinData; signedIn: boolean; onClose: () => void }) {
  const url = `${location.origin}/pin/${pin.id}/`;
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  const [note, setNote] = useState('');
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const canShare = typeof navigator.share === 'function';
  const isPublic = pin.board.privacy === 'public';

  const copy = () => {
    setError(null);
    (navigator.clipboard?.writeText(url) ?? Promise.reject(new Error('no clipboard')))
      .then(() => setStatus(t('linkCopied')))
      .catch(() => setError(t('copyFailed')));
  };
  const send = (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setStatus(null);
    postResource('PinShareResource', 'create', { pin_id: pin.id, email, note })
      .then((sent) => {
        setStatus(t('sentTo', { email: sent.email }));
        setEmail('');
        setNote('');
      })
      .catch((e: unknown) => setError(failure(e)))
      .finally(() => setBusy(false));
  };
  const next = `/pin/${pin.id}/?share=true`;
  return (
    <section class="share-sheet" aria-labelledby="share-heading">
      <h2 id="share-heading" tabIndex={-1} ref={heading}>
        {t('sendPin')}
      </h2>
      <label for="share-link">{t('link')}</label>
      <p class="share-row">
        <input id="share-link" readOnly value={url} onFocus={(e) => (e.target as HTMLInputElement).select()} />
        <button type="button" class="secondary" onClick={copy}>
          {t('copyLink')}
        </button>
        {canShare && (
          <button type="button" class="secondary" onClick={() => navigator.share({ title: pin.title || main('pages.pin'), url }).catch(() => undefined)}>
            {t('share')}
          </button>
        )}
      </p>
      {!isPublic ? (
        <p class="hint">{t('secretShare')}</p>
      ) : signedIn ? (
        <form class="auth" onSubmit={send}>
          <label for="share-email">{t('sendByEmail')}</label>
          <input
            id="share-email"
            type="email"
            autoComplete="email"
            required
            maxLength={254}
            value={email}
            onInput={(e) => setEmail((e.target as HTMLInputElement).value)}
          />
          <label for="share-note">{t('addNote')}</label>
          <textarea id="share-note" maxLength={500} value={note} onInput={(e) => setNote((e.target as HTMLTextAreaElement).value)} />
          <p class="actions">
            <button type="submit" class="primary" disabled={busy || !email.trim()}>
              {main('success.send')}
            </button>
          </p>
        </form>
      ) : (
        <p>{linked((slots) => t('logInToSend', slots), { logIn: <a href={`/login?next=${encodeURIComponent(next)}`}>{main('auth.logIn')}</a> })}</p>
      )}
      <Outcome status={status} error={error} />
      <p class="actions">
        <button type="button" class="secondary" onClick={onClose}>
          {main('common.close')}
        </button>
      </p>
    </section>
  );
}

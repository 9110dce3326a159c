import { useState } from 'react';
import { VERIFY_ERROR_CODES } from '../../../api/src/auth/rules';
import { postResource, ResourceError } from '../api';
import { BackButton } from '../pageBack';
import { fromEnglish, t as main } from '../i18n';
import { t } from './messages';

/**
 * /email/verify/?token=: the page a confirmation mail links to; ?undo=: the link the old address
 * gets when the account's email changes, which puts it back. The link is spent by the button's POST, never
 * by opening the page: a mail scanner that fetches links confirms nothing.
 */
export function VerifyPage({ location }: { location: Location }) {
  const query = new URLSearchParams(location.search);
  const undo = query.get('undo');
  if (undo !== null) return <UndoEmailChange token={undo} />;
  const token = query.get('token') ?? '';
  const [state, setState] = useState<{ kind: 'ready' | 'busy' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string }>({ kind: 'ready' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const { email } = await postResource('EmailVerificationResource', 'update', { token });
      setState({ kind: 'done', email });
    } catch (error) {
      const body = error instanceof ResourceError ? error.body : null;
      const message =
        body?.api_error_code === VERIFY_ERROR_CODES.verify_token_invalid || body?.http_status === 400
          ? t('expired')
          : body?.api_error_code === VERIFY_ERROR_CODES.email_claimed
            ? t('claimed')
            : body
              ? fromEnglish(body.message)
              : main('server.generic');
      setState({ kind: 'failed', message });
    }
  };

  return (
    <main class="page">
      <BackButton fallback="/" />
      <section class="auth-modal" aria-labelledby="verify-title">
        {state.kind === 'done' ? (
          <>
            <h1 id="verify-title">{t('doneTitle')}</h1>
            <p role="status">{t('doneBody', { email: state.email })}</p>
            <a class="primary" href="/settings/account/">
              {t('toSettings')}
            </a>
          </>
        ) : (
          <>
            <h1 id="verify-title">{t('title')}</h1>
            {state.kind === 'failed' ? (
              <>
                <p role="alert">{state.message}</p>
                <a class="primary" href="/settings/account/">
                  {t('toSettings')}
                </a>
              </>
            ) : (
              <>
                <p>{t('confirmIntro')}</p>
                <button class="primary" type="button" onClick={confirm} disabled={state.kind === 'busy' || !token}>
                  {state.kind === 'busy' ? t('confirming') : t('confirm')}
                </button>
              </>
            )}
          </>
        )}
      </section>
    </main>
  );
}

/** What a failed link says: expired or used, the address taken meanwhile, or the server's words. */
function linkFailure(error: unknown): string {
  const body = error instanceof ResourceError ? error.body : null;
  if (body?.api_error_code === VERIFY_ERROR_CODES.verify_token_invalid || body?.http_status === 400) return t('expired');
  if (body?.api_error_code === VERIFY_ERROR_CODES.email_claimed) return t('claimed');
  return body ? fromEnglish(body.message) : main('server.generic');
}

/** The old address's undo link: one button puts the address back (and logs every session out). */
function UndoEmailChange({ token }: { token: string }) {
  const [state, setState] = useState<{ kind: 'ready' | 'busy' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string }>({ kind: 'ready' });
  const undo = async () => {
    setState({ kind: 'busy' });
    try {
      const { email } = await postResource('EmailChangeUndoResource', 'create', { token });
      setState({ kind: 'done', email });
    } catch (error) {
      setState({ kind: 'failed', message: linkFailure(error) });
    }
  };
  return (
    <main class="page">
      <BackButton fallback="/" />
      <section class="auth-modal" aria-labelledby="undo-title">
        <h1 id="undo-title">{t('undoTitle')}</h1>
        {state.kind === 'done' ? (
          <p role="status">{t('undone', { email: state.email })}</p>
        ) : state.kind === 'failed' ? (
          <p role="alert">{state.message}</p>
        ) : (
          <>
            <p>{t('undoIntro')}</p>
            <button class="primary" type="button" onClick={undo} disabled={state.kind === 'busy' || !token}>
              {t('undo')}
            </button>
          </>
        )}
      </section>
    </main>
  );
}

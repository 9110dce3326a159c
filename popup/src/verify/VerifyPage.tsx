import { useState } from 'react';
import { VERIFY_ERROR_CODES } from '../../../api/src/auth/rules';
import { postResource, ResourceError } from '../api';
import { BackButton } from '../pageBack';
import { fromEnglish, t as main } from '../i18n';
import { t } from './messages';

/**
 * /email/verify/?token=: the page a confirmation mail links to (issue 25). The link is spent by the
 * button's POST, never by opening the page: a mail scanner that fetches links confirms nothing.
 */
export function VerifyPage({ location }: { location: Location }) {
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const [state, setState] = useState<{ kind: 'ready' | 'busy' } | { kind: 'done'; email: string } | { kind: 'failed'; message: string }>({ kind: 'ready' });

  const confirm = async () => {
    setState({ kind: 'busy' });
    try {
      const { email } = await postResource<{ email: string }>('EmailVerificationResource', 'update', { token });
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

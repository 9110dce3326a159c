import { useEffect, useState } from 'react';
import { t as main } from '../../i18n';
import { failure, loadStatus, post } from './client';
import { Field, Problem } from './Field';
import { t } from './messages';

/**
 * What a business member meets when their session has not passed two-factor (code 181, checked
 * against the session): with two-factor off, the way to turn it on;
 * with it on, a code that verifies this session, then the page goes on.
 */
export function TwoFactorGate({ onPassed }: { onPassed: () => void }) {
  const [mfaOn, setMfaOn] = useState<boolean | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState('');
  useEffect(
    () =>
      void loadStatus().then(
        (status) => setMfaOn(status.mfa.method !== null),
        (caught: unknown) => setError(failure(caught)),
      ),
    [],
  );
  const verify = async (event: Event) => {
    event.preventDefault();
    setError('');
    try {
      await post('SessionTwoFactorResource', 'create', { code });
      onPassed();
    } catch (caught) {
      setError(failure(caught));
    }
  };
  return (
    <main class="page ads settings">
      <h1>{t('gateTitle')}</h1>
      {mfaOn === null ? (
        error ? (
          <Problem text={error} />
        ) : (
          <p class="muted">{main('common.loading')}</p>
        )
      ) : mfaOn ? (
        <form class="settings-password" onSubmit={(event) => void verify(event)}>
          <p>{t('gateOn')}</p>
          <Field label={t('codeOrBackup')} value={code} onValue={setCode} autoComplete="one-time-code" name="gate-code" />
          <button type="submit" class="primary">
            {t('gateContinue')}
          </button>
          <Problem text={error} />
        </form>
      ) : (
        <p>
          {t('gateOff')} <a href={`/settings/security/?next=${encodeURIComponent(location.pathname + location.search)}`}>{t('toSecurity')}</a>
        </p>
      )}
    </main>
  );
}

import { useEffect, useState } from 'react';
import type { ViewerData } from '../../types';
import { t as main } from '../../i18n';
import { loadStatus, failure, type SecurityStatus } from './client';
import { CloseAccount } from './CloseAccount';
import { Problem } from './Field';
import { t } from './messages';
import { PasswordEmail } from './PasswordEmail';
import { Sessions } from './Sessions';
import { TwoFactor } from './TwoFactor';

/** /settings/security/ (issue 27): two-factor, password, email, sessions, deactivation and deletion. */
export function SecurityPage({ viewer }: { viewer: ViewerData | null }) {
  const [status, setStatus] = useState<SecurityStatus | null>(null);
  const [error, setError] = useState('');
  const [closed, setClosed] = useState<'deactivated' | 'deleted' | null>(null);
  const reload = () => loadStatus().then(setStatus, (caught: unknown) => setError(failure(caught)));
  const authed = viewer?.type === 'AUTH';
  useEffect(() => {
    if (authed) void reload();
  }, [authed]);

  if (closed) {
    return (
      <main class="settings">
        <h1>{closed === 'deactivated' ? t('deactivatedTitle') : t('deletedTitle')}</h1>
        <p>{closed === 'deactivated' ? t('deactivatedBody') : t('deletedBody')}</p>
        <a href="/">{t('home')}</a>
      </main>
    );
  }
  if (!viewer) return <p class="muted">{main('common.loading')}</p>;
  if (!authed) {
    return (
      <main class="settings">
        <h1>{t('title')}</h1>
        <p>
          {t('logInFirst')} <a href={`/login?next=${encodeURIComponent('/settings/security/')}`}>{main('auth.logIn')}</a>
        </p>
      </main>
    );
  }
  return (
    <main class="settings">
      <h1>{t('title')}</h1>
      <p>
        <a href="/settings/account/">{t('toAccount')}</a>
      </p>
      <Problem text={error} />
      {!status ? (
        <p class="muted">{main('common.loading')}</p>
      ) : (
        <>
          <TwoFactor status={status} reload={reload} />
          <PasswordEmail status={status} reload={reload} />
          <Sessions />
          <CloseAccount status={status} onClosed={setClosed} />
        </>
      )}
    </main>
  );
}

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
import { safeNext } from '../../../../api/src/lib/rules/next';

/** Where the page was asked to send the viewer on (the two-factor gate's ?next=), through the one safe-redirect rule. */
const nextOf = (search: string) => {
  const value = new URLSearchParams(search).get('next');
  return value ? safeNext(value, '') || null : null;
};
/** A closed account's page is a fresh load (?closed=): the session is gone, so the header is a signed-out visitor's. */
const closedOf = (search: string) => {
  const value = new URLSearchParams(search).get('closed');
  return value === 'deactivated' || value === 'deleted' ? value : null;
};

/** /settings/security/: two-factor, password, email, sessions, deactivation and deletion. */
export function SecurityPage({ viewer }: { viewer: ViewerData | null }) {
  const [status, setStatus] = useState<SecurityStatus | null>(null);
  const [error, setError] = useState('');
  const closed = closedOf(location.search);
  const next = nextOf(location.search);
  const setClosed = (how: 'deactivated' | 'deleted') => location.replace(`/settings/security/?closed=${how}`);
  const reload = () => loadStatus().then(setStatus, (caught: unknown) => setError(failure(caught)));
  const authed = viewer?.type === 'AUTH';
  useEffect(() => {
    if (authed) void reload();
  }, [authed]);

  if (closed && !authed) {
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
          {t('logInFirst')} <a href={`/login?next=${encodeURIComponent(location.pathname + location.search)}`}>{main('auth.logIn')}</a>
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
      {next && status?.mfa.method && (
        <p>
          <a class="primary" href={next}>
            {main('auth.continue')}
          </a>
        </p>
      )}
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

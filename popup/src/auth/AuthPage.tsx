import { useEffect, useState } from 'react';
import { safeNext } from '../../../api/src/lib/rules/next';
import { getResource } from '../api';
import type { ViewerData } from '../types';
import { accountCount, storedAccounts } from './accounts';
import { AuthModal } from './AuthModal';
import { readContainer } from './containers';
import { formatNumber } from '../i18n';
import { t } from './messages';

export type AuthPageKind = 'login' | 'signup' | 'add-account' | 'business-login' | 'business-signup';

/**
 * The full pages /login, /signup, /add-account, /business/login/ and /business/create/ (the sign-up in business wording): the same modal on its own page.
 * A logged-in viewer is sent on at once unless adding an account; a recognised
 * one gets the personalised log-in. After log-in the page follows the server's redirect (a
 * same-origin next, '/', or /{username} after an account switch).
 */
export function AuthPage({ location, view }: { location: Location; view: AuthPageKind }) {
  const query = new URLSearchParams(location.search);
  const next = query.get('next') ?? undefined;
  const switching = view === 'add-account';
  const [viewer, setViewer] = useState<ViewerData | null>(null);
  // ?container=follow&creator={username}: the follow container names and shows the creator.
  const [creator, setCreator] = useState<{ fullName: string; imageUrl: string | null } | undefined>();
  const creatorName = query.get('container') === 'follow' ? query.get('creator') : null;
  useEffect(() => {
    if (!creatorName || !/^[a-z0-9_]{1,32}$/.test(creatorName)) return;
    void getResource('UserResource', { username: creatorName }).then(
      (u) => setCreator({ fullName: u.full_name || u.username, imageUrl: u.image_medium_url }),
      () => undefined,
    );
  }, [creatorName]);
  useEffect(
    () =>
      void getResource('ViewerResource')
        .catch((): ViewerData => ({ type: 'UNAUTH' }))
        .then((v) => (v.type === 'AUTH' && !switching ? location.assign(safeNext(next)) : setViewer(v))),
    [],
  );
  if (!viewer) return <main class="page" aria-busy="true" />;
  const business = view === 'business-login' || view === 'business-signup';
  const fallback = view === 'signup' ? 'signup_page' : business ? 'revamped_business_login_page' : 'login_page';
  const others = switching ? Object.values(storedAccounts()).filter((a) => viewer.type !== 'AUTH' || a.id !== viewer.user.id) : [];
  return (
    <main class="page">
      {switching && viewer.type === 'AUTH' && (
        <p class="switching">{t('switching', { name: viewer.user.full_name || viewer.user.username, count: formatNumber(accountCount()) })}</p>
      )}
      {others.length > 0 && (
        <ul class="stored-accounts" aria-label={t('storedAccounts')}>
          {others.map((a) => (
            <li key={a.id}>
              {a.fullName || a.username} ({a.email})
            </li>
          ))}
        </ul>
      )}
      <AuthModal
        container={readContainer(query.get('container'), fallback)}
        creator={creator}
        initialView={view === 'signup' || view === 'business-signup' ? 'signup' : 'login'}
        next={next}
        recognised={viewer.type === 'LIMITED_LOGIN' && !switching ? viewer.info : undefined}
        switchAccount={switching}
        business={business}
        // The server's redirect is judged again here: one rule for every bounce, whoever built the target.
        onAuthed={(data) => location.assign(safeNext(data.redirect))}
      />
    </main>
  );
}

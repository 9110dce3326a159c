import { useEffect, useState } from 'react';
import { getResource, ResourceError, v3 } from '../api';
import { fromEnglish, t as tMain } from '../i18n';
import { t } from './messages';
import { problem } from './words';
import { matchAdvertiserRoute, unprefixedAdvertiserRoute, type MatchedRoute } from '../../../api/src/advertisers/rules/routes';
import { MEMBER_INVITE_PATH } from '../../../api/src/advertisers/members/rules';
import { AcceptInvite } from './members/MembersPage';
import { Convert } from './Convert';
import { Offsite } from './Offsite';
import { Notice } from './Notice';
import { activeProfile } from './profile';
import { AreaPage, type AdvertiserData } from './AreaPage';
import { TwoFactorGate } from '../settings/security/TwoFactorGate';

/** The code for a member whose session has not passed two-factor (api/src/lib/errors.contract.ts profile_needs_mfa). */
const NEEDS_MFA = 181;
import { PublicSearch } from '../place/search/PublicSearch';

/** The advertiser area's pages (a lazy chunk of the popup bundle): /business/convert/, /offsite/, /billing/ and /advertiser/…. */
export default function AdvertiserApp({ location }: { location: Location }) {
  const path = location.pathname;
  if (path === '/business/convert/' || path === '/business/convert') return <Convert search={location.search} />;
  if (path === '/offsite/') return <Offsite search={location.search} />;
  if (path === '/search/pins/') return <SearchNotice search={location.search} />;
  if (path === MEMBER_INVITE_PATH) return <AcceptInvite search={location.search} />;
  // Links without an advertiser id (the save screen's next=/advertiser/quick_promote?pinId=…, /billing/) go to the active profile's.
  const unscoped: Record<string, string> = {
    '/advertiser/quick_promote': 'quick-promote/',
    '/advertiser/quick_promote/': 'quick-promote/',
    '/advertiser/quick-promote/': 'quick-promote/',
    '/advertiser/': '',
    '/advertiser': '',
    '/billing/': 'billing/',
  };
  if (Object.hasOwn(unscoped, path)) return <ToActiveProfile sub={unscoped[path]!} search={location.search} />;
  // The routes asked for without /advertiser/{id} (/reporting/campaigns/, /ads/create/…).
  const bare = unprefixedAdvertiserRoute(path);
  if (bare) return <ToActiveProfile sub={bare} search={location.search} />;
  const route = matchAdvertiserRoute(path);
  if (!route) return <NotFound />;
  return <Area route={route} search={location.search} />;
}

export function NotFound({ message = t('notFound') }: { message?: string }) {
  return (
    <main class="page ads">
      <h1>{message}</h1>
      <p>
        <a href="/">{t('homeLink')}</a>
      </p>
    </main>
  );
}

function ToActiveProfile({ sub, search }: { sub: string; search: string }) {
  const [error, setError] = useState('');
  useEffect(() => {
    void (async () => {
      try {
        const viewer = await getResource('ViewerResource');
        if (viewer.type !== 'AUTH') return location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
        const profiles = await v3('/vx/business_access/profiles/');
        const active = activeProfile(viewer.user.id);
        const pick = profiles.find((p) => p.id === active.id) ?? profiles.find((p) => p.permissions.includes('OWNER')) ?? profiles[0];
        if (!pick) return location.assign(`/business/convert/?next=${encodeURIComponent(location.pathname + location.search)}`);
        location.replace(`/advertiser/${pick.id}/${sub}${search}`);
      } catch (e) {
        setError(problem(e));
      }
    })();
  }, []);
  return (
    <main class="page ads">
      {error ? (
        <p class="error" role="alert">
          {error}
        </p>
      ) : (
        <p role="status" aria-label={tMain('common.loading')}>
          {tMain('common.loading')}
        </p>
      )}
    </main>
  );
}

function Area({ route, search }: { route: MatchedRoute; search: string }) {
  const [data, setData] = useState<AdvertiserData | null>(null);
  const [error, setError] = useState<ResourceError | null>(null);
  const [round, setRound] = useState(0);
  useEffect(() => {
    getResource('AdvertiserResource', { advertiser_id: route.advertiserId }).then(setData, (e: unknown) => {
      if (e instanceof ResourceError && e.body.http_status === 401)
        return location.assign(`/login?next=${encodeURIComponent(location.pathname + location.search)}`);
      setError(e instanceof ResourceError ? e : new ResourceError({ api_error_code: 0, http_status: 0, message: tMain('server.generic') }));
    });
  }, [route.advertiserId, round]);
  // A member whose session has not passed two-factor is offered it here, then the page loads.
  if (error?.code === NEEDS_MFA) return <TwoFactorGate onPassed={() => (setError(null), setRound((n) => n + 1))} />;
  if (error) return <NotFound message={fromEnglish(error.body.message)} />;
  if (!data)
    return (
      <main class="page ads">
        <p role="status" aria-label={tMain('common.loading')}>
          {tMain('common.loading')}
        </p>
      </main>
    );
  return <AreaPage route={route} search={new URLSearchParams(search)} advertiser={data} />;
}

/**
 * /search/pins/?q=…: the search advisory notice area. An operator's notice
 * on the term (npm run admin notice search …) shows above the results: public Pins of everyone by
 * words and hashtags (place/search/PublicSearch.tsx).
 */
function SearchNotice({ search }: { search: string }) {
  const term = (new URLSearchParams(search).get('q') ?? '').trim().slice(0, 200);
  return (
    <main class="page ads search">
      <h1>{term ? t('searchFor', { term }) : t('search')}</h1>
      {term && <Notice searchTerm={term} />}
      <PublicSearch term={term} />
    </main>
  );
}

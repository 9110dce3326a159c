import { Suspense, useState } from 'react';
import { logOut } from './auth/client';
import { t } from './i18n';
import { lazyWithWords } from './i18n/lazy';
import type { ViewerData } from './types';

/** The notifications link and its badge: a lazy chunk, so the save popup's bundle does not carry it. */
const NotificationsLink = lazyWithWords(
  () => import('./place/notifications/Badge'),
  (m) => m.NotificationsLink,
);
/** The business area's link, for business members only: a lazy chunk that asks for the viewer's access profiles. */
const BusinessLink = lazyWithWords(
  () => import('./site/BusinessLink'),
  (m) => m.BusinessLink,
);

/**
 * The header of the product pages, the way to every area: home, search, the Save tools, and for a
 * viewer the pin builder, their profile, notifications, settings, the business area (members only)
 * and log out; a visitor gets log in and sign up, returning here afterwards. On a phone the links fold
 * behind a Menu button (they would take three rows), Home staying in sight.
 */
export function SiteHeader({ viewer }: { viewer: ViewerData | null }) {
  const [open, setOpen] = useState(false);
  // A page opened from a mailed link (password reset, email confirmation) holds its token in the query: it never rides along in another link.
  const next = encodeURIComponent(location.pathname + (new URLSearchParams(location.search).has('token') ? '' : location.search));
  return (
    <header class="site-header">
      <nav aria-label={t('pages.site')}>
        <a class="site-home" href="/">
          <span class="site-mark" aria-hidden="true" />
          {t('pages.home')}
        </a>
        <button type="button" class="secondary site-menu-toggle" aria-expanded={open} aria-controls="site-links" onClick={() => setOpen(!open)}>
          {t('pages.menu')}
        </button>
        <div id="site-links" class={open ? 'site-links open' : 'site-links'}>
          <a href="/search/pins/">{t('pages.search')}</a>
          <a href="/bookmarklet">{t('pages.getBookmarklet')}</a>
          {viewer?.type === 'AUTH' ? (
            <>
              <a href="/pin-builder/">{t('pages.createPin')}</a>
              <a href={`/${viewer.user.username}/`}>{t('pages.profile')}</a>
              <Suspense fallback={null}>
                <NotificationsLink />
              </Suspense>
              <a href="/settings/account/">{t('pages.settings')}</a>
              {viewer.console && <a href="/admin/">{t('pages.admin')}</a>}
              <Suspense fallback={null}>
                <BusinessLink />
              </Suspense>
              <button type="button" class="secondary" onClick={() => void logOut().finally(() => location.assign('/login'))}>
                {t('pages.logOut')}
              </button>
            </>
          ) : (
            viewer && (
              <>
                <a href={`/login?next=${next}`}>{t('auth.logIn')}</a>
                <a href={`/signup?next=${next}`}>{t('auth.signUp')}</a>
              </>
            )
          )}
        </div>
      </nav>
    </header>
  );
}

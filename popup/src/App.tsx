import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { t, wordsReady } from './i18n';
import { LanguageSelect } from './i18n/LanguageSelect';
import { AuthPage } from './auth/AuthPage';
import { SiteHeader } from './SiteHeader';
import { useViewer } from './useViewer';
import { PinCreate } from './PinCreate';
import { readPopupQuery } from './query';
import { Repin } from './Repin';
import { BoardCreatePage, SectionCreatePage } from './picker/CreatePages';
import type { ViewerData } from './types';

/** A lazy page, shown once its chunk and its words in the reader's language (i18n defineMessages) have come. */
const page = <M,>(load: () => Promise<M>, pick: (m: M) => ComponentType<any>) => lazy(() => load().then(async (m) => (await wordsReady(), { default: pick(m) })));

/** The advertiser area (issue 16) is a lazy chunk: most visitors of the popup never load it. */
const AdvertiserApp = page(() => import('./advertiser/AdvertiserApp'), (m) => m.default);
/** The pin builder (issue 20) likewise: a page of its own that the save popup never needs. */
const PinBuilder = page(() => import('./builder/PinBuilder'), (m) => m.default);
/**
 * Board and pin pages (with managing, moving and collaborating) are lazy chunks too: the save popup never
 * shows them, and its budget pays for each language's catalogue (issue 20).
 */
const BoardPage = page(() => import('./BoardPage'), (m) => m.BoardPage);
const PinPage = page(() => import('./PinPage'), (m) => m.PinPage);
/** The other product pages as well: home, profiles, settings and the reset page are never a save's way. */
const Home = page(() => import('./HomePage'), (m) => m.Home);
const ProfilePage = page(() => import('./ProfilePage'), (m) => m.ProfilePage);
const SettingsPage = page(() => import('./settings/SettingsPage'), (m) => m.SettingsPage);
const ResetPage = page(() => import('./auth/ResetPage'), (m) => m.ResetPage);
const isAdvertiserPath = (path: string) => path === '/advertiser' || path.startsWith('/advertiser/') || path.startsWith('/business/convert') || path === '/offsite/' || path === '/billing/' || path === '/search/pins/';

/** One bundle for the product's pages; the server sends the same shell and the path picks the page. */
export function App({ location }: { location: Location }) {
  const path = location.pathname;
  if (isAdvertiserPath(path)) {
    return (
      <Suspense fallback={<p role="status" aria-label={t('common.loading')}>{t('common.loading')}</p>}>
        <AdvertiserApp location={location} />
      </Suspense>
    );
  }
  if (path.startsWith('/pin/create/')) return <PinCreate query={readPopupQuery(location)} />;
  if (path === '/board/create/') return <BoardCreatePage search={location.search} />;
  if (path === '/pin-builder/') {
    return (
      <Product
        render={() => (
          <Suspense fallback={<p role="status" aria-label={t('common.loading')}>{t('common.loading')}</p>}>
            <PinBuilder search={location.search} />
          </Suspense>
        )}
      />
    );
  }
  const section = /^\/board\/(\d+)\/create_section\/$/.exec(path);
  if (section?.[1]) return <SectionCreatePage boardId={section[1]} search={location.search} />;
  const repin = /^\/pin\/(\d+)\/repin\/x\/$/.exec(path);
  if (repin?.[1]) return <Repin id={repin[1]} search={location.search} />;
  const pin = /^\/pin\/(\d+)\/$/.exec(path);
  if (pin?.[1]) {
    const id = pin[1];
    return <Product render={(viewer) => <PinPage id={id} viewer={viewer} />} />;
  }
  if (path === '/login' || path === '/signup') return <AuthPage location={location} view={path === '/login' ? 'login' : 'signup'} />;
  if (path === '/add-account') return <AuthPage location={location} view="add-account" />;
  if (path === '/business/login/') return <AuthPage location={location} view="business-login" />;
  if (path === '/business/create/') return <AuthPage location={location} view="business-signup" />;
  if (path === '/password/reset/')
    return (
      <Suspense fallback={<p class="loading" role="status">{t('common.loading')}</p>}>
        <ResetPage location={location} />
      </Suspense>
    );
  if (path === '/settings/account/') return <Product render={(viewer) => <SettingsPage viewer={viewer} />} />;
  // A board's page, or one of its sections' (saving.md 2.2); the server sends lower-case paths only.
  const board = /^\/([a-z0-9_]{1,32})\/([a-z0-9-]{1,100})\/(?:([a-z0-9-]{1,100})\/)?$/.exec(path);
  if (board?.[1] && board[2]) {
    const [, username, slug, sectionSlug] = board;
    return <Product render={(viewer) => <BoardPage username={username} slug={slug} sectionSlug={sectionSlug} viewer={viewer} />} />;
  }
  const user = /^\/([a-z0-9_]{3,30})\/?$/.exec(path);
  if (user?.[1]) {
    const username = user[1];
    return <Product render={(viewer) => <ProfilePage username={username} viewer={viewer} />} />;
  }
  return <Product render={(viewer) => <Home viewer={viewer} search={location.search} />} />;
}

/** A product page (home, profile, board, pin): the site header above it, both knowing the viewer. */
function Product({ render }: { render: (viewer: ViewerData | null) => ReactNode }) {
  const viewer = useViewer();
  return (
    <>
      <SiteHeader viewer={viewer} />
      <Suspense fallback={<p class="loading" role="status">{t('common.loading')}</p>}>{render(viewer)}</Suspense>
      <footer class="site-footer">
        <LanguageSelect />
      </footer>
    </>
  );
}

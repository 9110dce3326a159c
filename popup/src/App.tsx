import type { ReactNode } from 'react';
import { t } from './i18n';
import { lazyWithWords as page, Loading } from './i18n/lazy';
import { LanguageSelect } from './i18n/LanguageSelect';
import { SiteHeader } from './SiteHeader';
import { useViewer } from './useViewer';
import { PinCreate } from './save/PinCreate';
import { readPopupQuery } from './query';
import { Repin } from './save/Repin';
import { BoardCreatePage, SectionCreatePage } from './save/picker/CreatePages';
import type { ViewerData } from './types';
import type { AuthPageKind } from './auth/AuthPage';
import { VERIFY_PATH } from '../../api/src/auth/rules';
/** The API reference's page (Swagger UI over /openapi.json), linked from every page's footer. */
const DEVELOPERS_PATH = '/developers/api/';

/** The advertiser area is a lazy chunk: most visitors of the popup never load it. */
const AdvertiserApp = page(
  () => import('./advertiser/AdvertiserApp'),
  (m) => m.default,
);
/** The operator console: a lazy chunk with its own words, which no one but an operator ever loads. */
const AdminApp = page(
  () => import('./admin/AdminApp'),
  (m) => m.default,
);
/** The pin builder likewise: a page of its own that the save popup never needs. */
const PinBuilder = page(
  () => import('./builder/PinBuilder'),
  (m) => m.default,
);
/** A business's scheduled pins, beside the builder that makes them. */
const ScheduledPins = page(
  () => import('./builder/ScheduledPins'),
  (m) => m.default,
);
/**
 * Board and pin pages (with managing, moving and collaborating) are lazy chunks too: the save popup never
 * shows them, and its budget pays for each language's catalogue.
 */
const BoardPage = page(
  () => import('./place/BoardPage'),
  (m) => m.BoardPage,
);
const PinPage = page(
  () => import('./place/PinPage'),
  (m) => m.PinPage,
);
/** The other product pages as well: home, profiles, settings and the reset page are never a save's way. */
const Home = page(
  () => import('./place/HomePage'),
  (m) => m.Home,
);
const ProfilePage = page(
  () => import('./place/ProfilePage'),
  (m) => m.ProfilePage,
);
const ArchivedBoardsPage = page(
  () => import('./place/ProfilePage'),
  (m) => m.ArchivedBoardsPage,
);
const SettingsPage = page(
  () => import('./settings/SettingsPage'),
  (m) => m.SettingsPage,
);
const SecurityPage = page(
  () => import('./settings/security/SecurityPage'),
  (m) => m.SecurityPage,
);
const ResetPage = page(
  () => import('./auth/ResetPage'),
  (m) => m.ResetPage,
);
/** Notifications in the app. */
const NotificationsPage = page(
  () => import('./place/notifications/NotificationsPage'),
  (m) => m.NotificationsPage,
);
/** The page a confirmation mail links to. */
const VerifyPage = page(
  () => import('./verify/VerifyPage'),
  (m) => m.VerifyPage,
);
/** Profile settings and the website claim. */
const ProfileSettings = page(
  () => import('./settings/profile/ProfileSettings'),
  (m) => m.ProfileSettings,
);
/** 'Contact us' (the account-recovery dialog's link). */
const ContactPage = page(
  () => import('./site/pages'),
  (m) => m.ContactPage,
);
/** The app's one not-found page: the server marks a miss with <meta name="not-found"> and status 404. */
const NotFound = page(
  () => import('./site/pages'),
  (m) => m.PathNotFound,
);
const marked = (selector: string) => typeof document !== 'undefined' && document.querySelector(selector) !== null;
const serverSaysNotFound = () => marked('meta[name="not-found"]');
/** An advertiser route asked for without /advertiser/{id} (/reporting/campaigns/): the server marks it, as its path reads like a board's. */
const serverSaysAdvertiser = () => marked('meta[name="area"]');
/** The full log-in, sign-up, add-account and business pages: the save popup shows the modal alone. */
const AuthPage = page(
  () => import('./auth/AuthPage'),
  (m) => m.AuthPage,
);
/** A profile's followers and following lists. */
const FollowPage = page(
  () => import('./place/feed/FollowPages'),
  (m) => m.FollowPage,
);
const isAdvertiserPath = (path: string) =>
  path === '/advertiser' ||
  path.startsWith('/advertiser/') ||
  path.startsWith('/business/convert') ||
  path === '/offsite/' ||
  path === '/billing/' ||
  path === '/search/pins/';

const AUTH_PAGES: Record<string, AuthPageKind> = {
  '/login': 'login',
  '/signup': 'signup',
  '/add-account': 'add-account',
  '/business/login/': 'business-login',
  '/business/create/': 'business-signup',
};

/** One bundle for the product's pages; the server sends the same shell and the path picks the page. */
export function App({ location }: { location: Location }) {
  const path = location.pathname;
  if (serverSaysNotFound()) return <Product render={() => <NotFound />} />;
  // The business area has the site header too: the way back to the rest of the product.
  if (isAdvertiserPath(path) || serverSaysAdvertiser()) return <Product render={() => <AdvertiserApp location={location} />} />;
  if (path === '/admin/' || path.startsWith('/admin/')) {
    return (
      <Loading>
        <AdminApp location={location} />
      </Loading>
    );
  }
  if (path.startsWith('/pin/create/')) return <PinCreate query={readPopupQuery(location)} />;
  if (path === '/board/create/') return <BoardCreatePage search={location.search} />;
  if (path === '/pin-builder/') {
    return (
      <Product
        render={() => (
          <Loading>
            <PinBuilder search={location.search} />
          </Loading>
        )}
      />
    );
  }
  if (path === '/pin-builder/scheduled/') {
    return (
      <Product
        render={() => (
          <Loading>
            <ScheduledPins />
          </Loading>
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
  const auth = AUTH_PAGES[path];
  // The log-in and sign-up pages have the site header too: the way home for someone who only came to look.
  if (auth) return <Product render={() => <AuthPage location={location} view={auth} />} />;
  if (path === '/password/reset/') return <Product render={() => <ResetPage location={location} />} />;
  if (path === VERIFY_PATH) return <Product render={() => <VerifyPage location={location} />} />;
  if (path === '/settings/profile/' || path === '/settings/claim/')
    return <Product render={(viewer) => <ProfileSettings viewer={viewer} claim={path === '/settings/claim/'} />} />;
  if (path === '/contact/') return <Product render={() => <ContactPage />} />;
  if (path === '/settings/security/') return <Product render={(viewer) => <SecurityPage viewer={viewer} />} />;
  if (path === '/notifications/') return <Product render={(viewer) => <NotificationsPage viewer={viewer} />} />;
  // Account settings, and import and export, in the settings chunk: one route, no byte more on first open.
  if (path.startsWith('/settings/')) return <Product render={(viewer) => <SettingsPage viewer={viewer} path={path} />} />;
  // /{username}/_followers/ and /_following/: an underscore no board slug holds.
  const lists = /^\/([a-z0-9_]{3,30})\/_(followers|following)\/$/.exec(path);
  if (lists?.[1] && lists[2]) {
    const [, username, list] = lists as unknown as [string, string, 'followers' | 'following'];
    return <Product render={() => <FollowPage username={username} list={list} />} />;
  }
  // /{username}/_archived/: the owner's archived boards, linked from their profile.
  const archived = /^\/([a-z0-9_]{3,30})\/_archived\/$/.exec(path);
  if (archived?.[1]) {
    const username = archived[1];
    return <Product render={() => <ArchivedBoardsPage username={username} />} />;
  }
  // A board's page, or one of its sections'; the server sends lower-case paths only.
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
  if (path === '/') return <Product render={(viewer) => <Home viewer={viewer} search={location.search} />} />;
  // The server sends no other path this shell: one that gets here anyway is no page of ours.
  return <Product render={() => <NotFound />} />;
}

/** A product page (home, profile, board, pin): the site header above it, both knowing the viewer. */
function Product({ render }: { render: (viewer: ViewerData | null) => ReactNode }) {
  const viewer = useViewer();
  return (
    <>
      <SiteHeader viewer={viewer} />
      <div class="page-body">
        <Loading>{render(viewer)}</Loading>
      </div>
      <footer class="site-footer">
        <LanguageSelect />
        <a href={DEVELOPERS_PATH}>{t('pages.apiReference')}</a>
      </footer>
    </>
  );
}

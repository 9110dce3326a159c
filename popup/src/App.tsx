import { lazy, Suspense, useState, type ReactNode } from 'react';
import { takeHomeError } from './api';
import { BRAND } from './brand';
import { AuthPage } from './auth/AuthPage';
import { BoardPage } from './BoardPage';
import { FeedFooter, PinTiles, usePaged } from './Feed';
import { BoardGrid, ProfilePage } from './ProfilePage';
import { SiteHeader } from './SiteHeader';
import { useViewer } from './useViewer';
import { ResetPage } from './auth/ResetPage';
import { PinCreate } from './PinCreate';
import { PinPage } from './PinPage';
import { readPopupQuery } from './query';
import { Repin } from './Repin';
import { BoardCreatePage, SectionCreatePage } from './picker/CreatePages';
import type { PinData, UserPinsData, ViewerData } from './types';

/** The advertiser area (issue 16) is a lazy chunk: most visitors of the popup never load it. */
const AdvertiserApp = lazy(() => import('./advertiser/AdvertiserApp'));
const isAdvertiserPath = (path: string) => path === '/advertiser' || path.startsWith('/advertiser/') || path.startsWith('/business/convert') || path === '/offsite/' || path === '/billing/' || path === '/search/pins/';

/** One bundle for the product's pages; the server sends the same shell and the path picks the page. */
export function App({ location }: { location: Location }) {
  const path = location.pathname;
  if (isAdvertiserPath(path)) {
    return (
      <Suspense fallback={<p role="status" aria-label="Loading">Loading…</p>}>
        <AdvertiserApp location={location} />
      </Suspense>
    );
  }
  if (path.startsWith('/pin/create/')) return <PinCreate query={readPopupQuery(location)} />;
  if (path === '/board/create/') return <BoardCreatePage search={location.search} />;
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
  if (path === '/password/reset/') return <ResetPage location={location} />;
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
      {render(viewer)}
    </>
  );
}

/**
 * The home page: for a signed-in user their latest pins and their boards (issue 19), for a visitor
 * what the product is and how to get in.
 */
function Home({ viewer, search }: { viewer: ViewerData | null; search: string }) {
  // A page whose resource was gone or needed a log-in sent the visitor here (api.ts loadPage).
  const [error] = useState(() => takeHomeError(search));
  const alert = error && (
    <p class="error" role="alert">
      {error}
    </p>
  );
  if (viewer?.type === 'AUTH') {
    const name = viewer.user.full_name || viewer.user.username;
    return (
      <main class="board-page">
        <h1>Welcome back, {name}</h1>
        {alert}
        <p class="hint">Logged in as {name}.</p>
        <section class="home-section" aria-labelledby="home-pins">
          <h2 id="home-pins">Your latest Pins</h2>
          <LatestPins />
        </section>
        <BoardGrid username={viewer.user.username} heading="Your boards" />
        <p class="actions">
          <a class="secondary" href="/add-account">
            Add account
          </a>
        </p>
      </main>
    );
  }
  return (
    <main class="page">
      <h1>{BRAND}</h1>
      {alert}
      <p>Save the images you find on the web to your boards.</p>
      {viewer && (
        <p>
          <a href="/login">Log in</a> or <a href="/signup">sign up</a>
        </p>
      )}
    </main>
  );
}

/** The viewer's own saves, newest first (UserPinsResource), a page at a time. */
function LatestPins() {
  const feed = usePaged<PinData>('UserPinsResource', {}, (page: UserPinsData) => page.pins);
  return (
    <div aria-busy={feed.loading}>
      {feed.items.length > 0 && <PinTiles pins={feed.items} />}
      <FeedFooter {...feed} label="More Pins" empty="Nothing saved yet: use a Save button on any site, or the bookmarklet." count={feed.items.length} />
    </div>
  );
}

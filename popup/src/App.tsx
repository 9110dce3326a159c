import { useEffect, useState } from 'react';
import { getResource, takeHomeError } from './api';
import { AuthPage } from './auth/AuthPage';
import { BoardPage } from './BoardPage';
import { logOut } from './auth/client';
import { ResetPage } from './auth/ResetPage';
import { PinCreate } from './PinCreate';
import { PinPage } from './PinPage';
import { readPopupQuery } from './query';
import { Repin } from './Repin';
import { BoardCreatePage, SectionCreatePage } from './picker/CreatePages';
import type { ViewerData } from './types';
import { BRAND } from './brand';

/** One bundle for the product's pages; the server sends the same shell and the path picks the page. */
export function App({ location }: { location: Location }) {
  const path = location.pathname;
  if (path.startsWith('/pin/create/')) return <PinCreate query={readPopupQuery(location)} />;
  if (path === '/board/create/') return <BoardCreatePage search={location.search} />;
  const section = /^\/board\/(\d+)\/create_section\/$/.exec(path);
  if (section?.[1]) return <SectionCreatePage boardId={section[1]} search={location.search} />;
  const repin = /^\/pin\/(\d+)\/repin\/x\/$/.exec(path);
  if (repin?.[1]) return <Repin id={repin[1]} search={location.search} />;
  const pin = /^\/pin\/(\d+)\/$/.exec(path);
  if (pin?.[1]) return <PinPage id={pin[1]} />;
  if (path === '/login' || path === '/signup') return <AuthPage location={location} view={path === '/login' ? 'login' : 'signup'} />;
  if (path === '/add-account') return <AuthPage location={location} view="add-account" />;
  if (path === '/business/login/') return <AuthPage location={location} view="business-login" />;
  if (path === '/business/create/') return <AuthPage location={location} view="business-signup" />;
  if (path === '/password/reset/') return <ResetPage location={location} />;
  // A board's page, or one of its sections' (saving.md 2.2); the server sends lower-case paths only.
  const board = /^\/([a-z0-9_]{1,32})\/([a-z0-9-]{1,100})\/(?:([a-z0-9-]{1,100})\/)?$/.exec(path);
  if (board?.[1] && board[2]) return <BoardPage username={board[1]} slug={board[2]} sectionSlug={board[3]} />;
  const user = /^\/([a-z0-9_]{3,30})\/?$/.exec(path);
  return <Home username={user?.[1]} search={location.search} />;
}

/** The home page, and a user's page (/{username}, where an account switch lands). */
function Home({ username, search }: { username?: string; search: string }) {
  const [viewer, setViewer] = useState<ViewerData | null>(null);
  // A page whose resource was gone or needed a log-in sent the visitor here (api.ts loadPage).
  const [error] = useState(() => takeHomeError(search));
  useEffect(() => void getResource<ViewerData>('ViewerResource').then(setViewer), []);
  return (
    <main class="page">
      <h1>{username ?? BRAND}</h1>
      {error && (
        <p class="error" role="alert">
          {error}
        </p>
      )}
      <p>Save the images you find on the web to your boards.</p>
      {viewer?.type === 'AUTH' ? (
        <>
          <p>Logged in as {viewer.user.full_name || viewer.user.username}.</p>
          <p class="actions">
            <a class="secondary" href="/add-account">
              Add account
            </a>
            <button type="button" class="secondary" onClick={() => void logOut().finally(() => location.assign('/login'))}>
              Log out
            </button>
          </p>
        </>
      ) : (
        <p>
          <a href="/login">Log in</a> or <a href="/signup">sign up</a>
        </p>
      )}
    </main>
  );
}

import { useEffect, useState } from 'react';
import { getResource } from './api';
import { AuthPage } from './auth/AuthPage';
import { PinCreate } from './PinCreate';
import { PinPage } from './PinPage';
import { readPopupQuery } from './query';
import { Repin } from './Repin';
import { BoardCreatePage, SectionCreatePage } from './picker/CreatePages';
import type { ViewerData } from './types';

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
  return <Home />;
}

function Home() {
  const [viewer, setViewer] = useState<ViewerData | null>(null);
  useEffect(() => void getResource<ViewerData>('ViewerResource').then(setViewer), []);
  return (
    <main class="page">
      <h1>Corkboard</h1>
      <p>Save the images you find on the web to your boards.</p>
      {viewer?.type === 'AUTH' ? (
        <p>Logged in as {viewer.user.full_name || viewer.user.username}.</p>
      ) : (
        <p>
          <a href="/login">Log in</a> or <a href="/signup">sign up</a>
        </p>
      )}
    </main>
  );
}

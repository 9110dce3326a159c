import { useEffect, useState } from 'react';
import { safeNext } from '../../../api/src/lib/next';
import { getResource } from '../api';
import type { ViewerData } from '../types';
import { AuthModal } from './AuthModal';
import { readContainer } from './containers';

/**
 * The full pages /login and /signup: the same modal on its own page. A logged-in viewer is sent
 * on at once; after log-in or sign-up the page follows the server's redirect (a same-origin next,
 * or '/').
 */
export function AuthPage({ location, view }: { location: Location; view: 'login' | 'signup' }) {
  const query = new URLSearchParams(location.search);
  const next = query.get('next') ?? undefined;
  const [viewer, setViewer] = useState<ViewerData | null>(null);
  useEffect(
    () =>
      void getResource<ViewerData>('ViewerResource')
        .catch((): ViewerData => ({ type: 'UNAUTH' }))
        .then((v) => (v.type === 'AUTH' ? location.assign(safeNext(next)) : setViewer(v))),
    [],
  );
  if (!viewer) return <main class="page" aria-busy="true" />;
  return (
    <main class="page">
      <AuthModal
        container={readContainer(query.get('container'), view === 'login' ? 'login_page' : 'signup_page')}
        initialView={view}
        next={next}
        onAuthed={(data) => location.assign(data.redirect)}
      />
    </main>
  );
}

import { logOut } from './auth/client';
import type { ViewerData } from './types';

/**
 * The small header of the product pages (home, profiles, boards, pins): home, the viewer's profile
 * and log out; a visitor gets log in and sign up, returning here afterwards.
 */
export function SiteHeader({ viewer }: { viewer: ViewerData | null }) {
  const next = encodeURIComponent(location.pathname + location.search);
  return (
    <header class="site-header">
      <nav aria-label="Site">
        <a class="site-home" href="/">
          Home
        </a>
        {viewer?.type === 'AUTH' ? (
          <>
            <a href="/pin-builder/">Create Pin</a>
            <a href={`/${viewer.user.username}/`}>Profile</a>
            <a href="/settings/account/">Settings</a>
            <button type="button" class="secondary" onClick={() => void logOut().finally(() => location.assign('/login'))}>
              Log out
            </button>
          </>
        ) : (
          viewer && (
            <>
              <a href={`/login?next=${next}`}>Log in</a>
              <a href={`/signup?next=${next}`}>Sign up</a>
            </>
          )
        )}
      </nav>
    </header>
  );
}

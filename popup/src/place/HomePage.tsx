import { useState } from 'react';
import { fromEnglish, t as main } from '../i18n';
import { linked } from '../i18n/linked';
import { t } from '../pages/messages';
import { takeHomeError } from '../api';
import { BRAND } from '../brand';
import { t as tSite } from '../site/messages';
import { FeedFooter, PinTiles, usePaged } from './Feed';
import { BoardGrid } from './ProfilePage';
import type { ViewerData } from '../types';
import { MySearch } from './search/MySearch';
import { FollowingFeed } from './feed/FollowingFeed';

/**
 * The home page: for a signed-in user their latest pins and their boards, for a visitor
 * what the product is and how to get in.
 */
export function Home({ viewer, search }: { viewer: ViewerData | null; search: string }) {
  // A page whose resource was gone or needed a log-in sent the visitor here (api.ts loadPage).
  const [error] = useState(() => takeHomeError(search));
  const alert = error && (
    <p class="error" role="alert">
      {fromEnglish(error)}
    </p>
  );
  if (viewer?.type === 'AUTH') {
    const name = viewer.user.full_name || viewer.user.username;
    return (
      <main class="board-page">
        {/* Someone who has saved nothing yet is new here: "Welcome back" would greet them as a returning user. */}
        <h1>{viewer.user.pin_count === 0 ? tSite('welcomeName', { name }) : main('auth.welcomeBackName', { name })}</h1>
        {alert}
        <p class="hint home-signed-in">{t('loggedInAs', { name })}</p>
        <MySearch />
        <FollowingFeed />
        <section class="home-section" aria-labelledby="home-pins">
          <h2 id="home-pins">{t('latestPins')}</h2>
          <LatestPins />
        </section>
        <BoardGrid username={viewer.user.username} heading={t('yourBoards')} />
        <p class="actions">
          <a class="secondary" href="/bookmarklet">
            {main('pages.getBookmarklet')}
          </a>
          <a class="secondary" href="/add-account">
            {t('addAccount')}
          </a>
        </p>
      </main>
    );
  }
  return (
    <main class="page home-welcome">
      <span class="site-mark home-mark" aria-hidden="true" />
      <h1>{BRAND}</h1>
      {alert}
      <p class="home-tagline">{t('tagline')}</p>
      {viewer && (
        <p class="home-way-in">
          {linked((slots) => t('logInOrSignUp', slots), {
            logIn: (
              <a class="secondary" href="/login">
                {main('auth.logIn')}
              </a>
            ),
            signUp: (
              <a class="primary" href="/signup">
                {main('auth.signUp')}
              </a>
            ),
          })}
        </p>
      )}
      <p>
        <a href="/bookmarklet">{main('pages.getBookmarklet')}</a>
        {' · '}
        <a href="/search/pins/">{main('pages.search')}</a>
      </p>
    </main>
  );
}

/** The viewer's own saves, newest first (UserPinsResource), a page at a time. */
function LatestPins() {
  const feed = usePaged('UserPinsResource', {}, (page) => page.pins);
  return (
    <div aria-busy={feed.loading}>
      {feed.items.length > 0 && <PinTiles pins={feed.items} />}
      <FeedFooter {...feed} label={t('morePins')} skeleton empty={t('nothingSaved')} count={feed.items.length} />
    </div>
  );
}

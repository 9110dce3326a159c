import { useEffect } from 'react';
import { FeedFooter, usePaged } from '../Feed';
import { t } from './messages';
import { t as pages } from '../../pages/messages';

/** Where the profile's "N followers" and "N following" lead: /{username}/_followers/ and /_following/. */
export function FollowPage({ username, list }: { username: string; list: 'followers' | 'following' }) {
  const title = list === 'followers' ? t('followersTitle', { name: `@${username}` }) : t('followingTitle', { name: `@${username}` });
  useEffect(() => {
    document.title = title;
  }, [title]);
  return (
    <main class="board-page follow-page">
      <h1>{title}</h1>
      <p>
        <a href={`/${username}/`}>{t('backToProfile', { name: `@${username}` })}</a>
      </p>
      {list === 'followers' ? (
        <People resource="UserFollowersResource" username={username} heading={pages('followersHeading')} empty={t('noFollowers')} />
      ) : (
        <>
          <People resource="UserFollowingResource" username={username} heading={t('peopleHeading')} empty={t('noPeople')} />
          <FollowedBoards username={username} />
        </>
      )}
    </main>
  );
}

function People({
  resource,
  username,
  heading,
  empty,
}: {
  resource: 'UserFollowersResource' | 'UserFollowingResource';
  username: string;
  heading: string;
  empty: string;
}) {
  const feed = usePaged(resource, { username }, (page) => page.users);
  const id = `${resource}-heading`;
  return (
    <section class="home-section" aria-labelledby={id} aria-busy={feed.loading}>
      <h2 id={id}>{heading}</h2>
      {feed.items.length > 0 && (
        <ul class="follower-list">
          {feed.items.map((user) => (
            <li key={user.id}>
              <a href={`/${user.username}/`}>{user.full_name || user.username}</a> <span class="username">@{user.username}</span>
            </li>
          ))}
        </ul>
      )}
      <FeedFooter {...feed} label={t('morePeople')} empty={empty} count={feed.items.length} />
    </section>
  );
}

function FollowedBoards({ username }: { username: string }) {
  const feed = usePaged('UserFollowedBoardsResource', { username }, (page) => page.boards);
  return (
    <section class="home-section" aria-labelledby="followed-boards" aria-busy={feed.loading}>
      <h2 id="followed-boards">{t('boardsHeading')}</h2>
      {feed.items.length > 0 && (
        <ul class="follower-list">
          {feed.items.map((board) => (
            <li key={board.id}>
              <a href={board.url}>{board.name}</a> <span class="username">@{board.owner.username}</span>
            </li>
          ))}
        </ul>
      )}
      <FeedFooter {...feed} label={t('moreBoards')} empty={t('noBoards')} count={feed.items.length} />
    </section>
  );
}

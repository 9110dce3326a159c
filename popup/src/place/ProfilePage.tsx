import { ReportMenu } from '../report/ReportMenu';
import { useEffect, useState } from 'react';
import { t as main, tn as mainN } from '../i18n';
import { BRAND } from '../brand';
import { t, tn } from '../pages/messages';
import { getResource } from '../api';
import { t as tProfile } from '../settings/profile/messages';
import { FollowButton } from './FollowButton';
import { followCountLinks } from './feed/counts';
import { NotFoundPage, PageLoading } from '../PageStates';
import { failure, FeedFooter, pinCount, usePaged } from './Feed';
import type { ProfileBoard, ProfileData, ViewerData } from '../types';

const sectionCount = (n: number) => mainN('picker.sections', n);

/** /{username}/: who they are, their counts and their boards (secret ones only to themselves). */
export function ProfilePage({ username, viewer }: { username: string; viewer: ViewerData | null }) {
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [error, setError] = useState<string | null>(null);
  // buttonFollow opens the profile with ?follow=1: the Follow button is where the keyboard starts.
  const fromButton = new URLSearchParams(location.search).get('follow') === '1';
  useEffect(() => {
    getResource('UserResource', { username })
      .then(setProfile)
      .catch((e: unknown) => setError(failure(e)));
  }, [username, viewer?.type]);
  useEffect(() => {
    if (profile) document.title = `${profile.full_name || profile.username} | ${BRAND}`;
  }, [profile]);

  if (error) return <NotFoundPage message={error} />;
  if (!profile) return <PageLoading />;
  return (
    <main class="board-page">
      <header class="board-header profile-header">
        {profile.image_medium_url && <img class="avatar avatar-large" src={profile.image_medium_url} alt="" width={72} height={72} />}
        <h1>{profile.full_name || profile.username}</h1>
        <p class="board-meta">
          <span class="username">@{profile.username}</span>
          {/* Links to the lists' own pages, counted by the reader's plural rules. */}
          {followCountLinks({ username: profile.username, followers: profile.follower_count, following: profile.following_count })}
        </p>
        {profile.about && <p class="profile-about">{profile.about}</p>}
        {profile.website_url && (
          <p class="profile-website">
            <a href={profile.website_url} rel="nofollow noopener ugc" target="_blank">
              {profile.website_url.replace(/^https?:\/\//, '').replace(/\/$/, '')}
            </a>
          </p>
        )}
        {profile.is_me && (
          <p class="actions profile-actions">
            <a href="/settings/profile/">{tProfile('editProfile')}</a>
            {/* Archived boards leave the grid below; their owner finds them here, and only they do. */}
            <a href={`/${profile.username}/_archived/`}>{t('archivedBoards')}</a>
          </p>
        )}
        {!profile.is_me && viewer && (
          <p class="actions profile-actions">
            <FollowButton
              user={profile}
              followed={profile.followedByMe}
              signedIn={viewer.type === 'AUTH'}
              autoFocus={fromButton}
              onChange={(now) =>
                setProfile((p) => p && { ...p, followedByMe: now, follower_count: p.follower_count + (now === p.followedByMe ? 0 : now ? 1 : -1) })
              }
            />
            <ReportMenu kind="user" id={profile.id} signedIn={viewer.type === 'AUTH'} />
          </p>
        )}
      </header>
      <BoardGrid username={profile.username} heading={profile.is_me ? t('yourBoards') : t('boards')} />
    </main>
  );
}

/**
 * /{username}/_archived/: the boards their owner archived, each linked to its page (where Unarchive is).
 * Anyone else finds it empty: the server lists archived boards to their owner alone.
 */
export function ArchivedBoardsPage({ username }: { username: string }) {
  useEffect(() => {
    document.title = `${t('archivedBoards')} | ${BRAND}`;
  }, []);
  return (
    <main class="board-page">
      <header class="board-header profile-header">
        <h1>{t('archivedBoards')}</h1>
        <p class="board-meta">
          <a href={`/${username}/`}>@{username}</a>
        </p>
      </header>
      <BoardGrid username={username} heading={t('yourBoards')} archived empty={t('noArchived')} />
    </main>
  );
}

/** A user's boards, newest first, 25 at a time: cover, name, pin and section counts, secret and group marks. */
export function BoardGrid({ username, heading, archived, empty }: { username: string; heading: string; archived?: boolean; empty?: string }) {
  const feed = usePaged('BoardsResource', archived ? { username, archived } : { username }, (page) => page.boards);
  return (
    <section aria-labelledby="profile-boards" aria-busy={feed.loading}>
      <h2 id="profile-boards">{heading}</h2>
      {feed.items.length > 0 && (
        <ul class="board-grid">
          {feed.items.map((board) => (
            <li key={board.id}>
              <a href={board.url}>
                {board.image_cover_url ? (
                  <img class="board-cover" src={board.image_cover_url} alt="" loading="lazy" />
                ) : (
                  <span class="board-cover empty-cover" />
                )}
                <span class="board-card-name">{board.name}</span>
                <span class="board-card-meta">
                  {pinCount(board.pin_count)}
                  {board.section_count > 0 && `, ${sectionCount(board.section_count)}`}
                  {board.privacy === 'secret' && <span class="badge">{main('board.secret')}</span>}
                  {board.is_collaborative && <span class="badge">{main('picker.group')}</span>}
                </span>
                {board.collaborating_users.length > 0 && <FacePile people={board.collaborating_users} total={board.collaborator_count + 1} />}
              </a>
            </li>
          ))}
        </ul>
      )}
      <FeedFooter {...feed} label={t('moreBoards')} empty={empty ?? t('noBoards')} count={feed.items.length} />
    </section>
  );
}

/**
 * A group board's people on its card: 3 faces, owner first, and '+N' for the rest.
 * Named in full for screen readers; the faces are initials or the person's picture.
 */
function FacePile({ people, total }: { people: ProfileBoard['collaborating_users']; total: number }) {
  const more = total - people.length;
  const names = people.map((p) => p.full_name || p.username).join(', ');
  return (
    <span class="face-pile board-people">
      <span class="visually-hidden">{more > 0 ? tn('withMore', more, { names }) : t('withPeople', { names })}</span>
      {people.map((p) => (
        <span key={p.id} class="face" aria-hidden="true">
          {p.image_medium_url ? <img src={p.image_medium_url} alt="" /> : (p.full_name || p.username).slice(0, 1).toUpperCase()}
        </span>
      ))}
      {more > 0 && (
        <span class="face more" aria-hidden="true">
          +{more}
        </span>
      )}
    </span>
  );
}

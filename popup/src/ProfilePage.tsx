import { useEffect, useState } from 'react';
import { getResource } from './api';
import { failure, FeedFooter, pinCount, usePaged } from './Feed';
import type { ProfileBoard, ProfileBoardsData, ProfileData, ViewerData } from './types';

const sectionCount = (n: number) => `${n} ${n === 1 ? 'section' : 'sections'}`;
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** /{username}/: who they are, their counts and their boards (secret ones only to themselves). */
export function ProfilePage({ username, viewer }: { username: string; viewer: ViewerData | null }) {
  const [profile, setProfile] = useState<ProfileData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    getResource<ProfileData>('UserResource', { username })
      .then(setProfile)
      .catch((e: unknown) => setError(failure(e)));
  }, [username, viewer?.type]);
  useEffect(() => {
    if (profile) document.title = `${profile.full_name || profile.username} | Corkboard`;
  }, [profile]);

  if (error)
    return (
      <main class="page">
        <h1>Not found</h1>
        <p class="error" role="alert">
          {error}
        </p>
        <p>
          <a href="/">Go to the home page</a>
        </p>
      </main>
    );
  if (!profile)
    return (
      <main class="board-page">
        <p class="loading" role="status">
          Loading…
        </p>
      </main>
    );
  return (
    <main class="board-page">
      <header class="board-header profile-header">
        <h1>{profile.full_name || profile.username}</h1>
        <p class="board-meta">
          <span class="username">@{profile.username}</span>
          <span class="follower-count">{plural(profile.follower_count, 'follower')}</span>
          <span class="following-count">{profile.following_count} following</span>
        </p>
      </header>
      <BoardGrid username={profile.username} heading={profile.is_me ? 'Your boards' : 'Boards'} />
    </main>
  );
}

/** A user's boards, newest first, 25 at a time: cover, name, pin and section counts, secret and group marks. */
export function BoardGrid({ username, heading }: { username: string; heading: string }) {
  const feed = usePaged<ProfileBoard>('BoardsResource', { username }, (page: ProfileBoardsData) => page.boards);
  return (
    <section aria-labelledby="profile-boards" aria-busy={feed.loading}>
      <h2 id="profile-boards">{heading}</h2>
      {feed.items.length > 0 && (
        <ul class="board-grid">
          {feed.items.map((board) => (
            <li key={board.id}>
              <a href={board.url}>
                {board.image_cover_url ? <img class="board-cover" src={board.image_cover_url} alt="" loading="lazy" /> : <span class="board-cover empty-cover" />}
                <span class="board-card-name">{board.name}</span>
                <span class="board-card-meta">
                  {pinCount(board.pin_count)}
                  {board.section_count > 0 && `, ${sectionCount(board.section_count)}`}
                  {board.privacy === 'secret' && <span class="badge">Secret</span>}
                  {board.is_collaborative && <span class="badge">Group board</span>}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      <FeedFooter {...feed} label="More boards" empty="No boards yet." count={feed.items.length} />
    </section>
  );
}

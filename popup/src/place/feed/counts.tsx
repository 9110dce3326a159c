import { tn } from './messages';

/** "N followers" and "N following" as links to their pages, counted by each language's plural rules. */
export function followCountLinks({ username, followers, following }: { username: string; followers: number; following: number }) {
  return (
    <>
      <a class="follower-count" href={`/${username}/_followers/`}>
        {tn('followers', followers)}
      </a>{' '}
      <a class="following-count" href={`/${username}/_following/`}>
        {tn('following', following)}
      </a>
    </>
  );
}

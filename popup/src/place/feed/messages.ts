import { defineMessages } from '../../i18n';

/**
 * Following (issue 28): the home feed, following a board, the followers and following pages and the
 * profile's counts (counted by each language's plural rules). Lazy pages, translated into every language.
 */
export const english = {
  feedHeading: 'From people and boards you follow',
  morePins: 'More Pins',
  feedEmpty: 'Follow people and boards to see their new Pins here.',
  followBoard: 'Follow',
  followingBoard: 'Following',
  followBoardName: 'Follow the board {{name}}',
  followingBoardName: 'Following the board {{name}}',
  logInToFollowBoard: 'Log in to follow this board',
  followersTitle: 'Followers of {{name}}',
  followingTitle: 'Followed by {{name}}',
  backToProfile: 'Back to {{name}}',
  peopleHeading: 'People',
  boardsHeading: 'Boards',
  morePeople: 'More people',
  moreBoards: 'More boards',
  noPeople: 'Not following anyone yet.',
  noBoards: 'Not following any boards yet.',
  noFollowers: 'No followers yet.',
  boardFollowers_one: '{{count}} follower',
  boardFollowers_other: '{{count}} followers',
  followers_one: '{{count}} follower',
  followers_other: '{{count}} followers',
  following_one: '{{count}} following',
  following_other: '{{count}} following',
};

export const messages = defineMessages('feed', english, (lang) => import(`./locales/${lang}.ts`));

export const { t, tn } = messages;

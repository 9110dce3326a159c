import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: 'Från personer och anslagstavlor du följer',
  morePins: 'Fler pins',
  feedEmpty: 'Följ personer och anslagstavlor för att se deras nya pins här.',
  followBoard: 'Följ',
  followingBoard: 'Följer',
  followBoardName: 'Följ anslagstavlan {{name}}',
  followingBoardName: 'Du följer anslagstavlan {{name}}',
  logInToFollowBoard: 'Logga in för att följa den här anslagstavlan',
  followersTitle: 'Följare till {{name}}',
  followingTitle: 'Följs av {{name}}',
  backToProfile: 'Tillbaka till {{name}}',
  peopleHeading: 'Personer',
  boardsHeading: 'Anslagstavlor',
  morePeople: 'Fler personer',
  moreBoards: 'Fler anslagstavlor',
  noPeople: 'Följer ingen ännu.',
  noBoards: 'Följer inga anslagstavlor ännu.',
  noFollowers: 'Inga följare ännu.',
  boardFollowers_one: '{{count}} följare',
  boardFollowers_other: '{{count}} följare',
  followers_one: '{{count}} följare',
  followers_other: '{{count}} följare',
  following_one: 'Följer {{count}}',
  following_other: 'Följer {{count}}',
} satisfies AreaTranslation<typeof english>;

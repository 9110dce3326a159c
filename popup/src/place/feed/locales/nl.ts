import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: 'Van mensen en borden die je volgt',
  morePins: 'Meer pins',
  feedEmpty: 'Volg mensen en borden om hier hun nieuwe pins te zien.',
  followBoard: 'Volgen',
  followingBoard: 'Volgend',
  followBoardName: 'Het bord {{name}} volgen',
  followingBoardName: 'Volgend: bord {{name}}',
  logInToFollowBoard: 'Log in om dit bord te volgen',
  followersTitle: 'Volgers van {{name}}',
  followingTitle: 'Gevolgd door {{name}}',
  backToProfile: 'Terug naar {{name}}',
  peopleHeading: 'Mensen',
  boardsHeading: 'Borden',
  morePeople: 'Meer mensen',
  moreBoards: 'Meer borden',
  noPeople: 'Volgt nog niemand.',
  noBoards: 'Volgt nog geen borden.',
  noFollowers: 'Nog geen volgers.',
  boardFollowers_one: '{{count}} volger',
  boardFollowers_other: '{{count}} volgers',
  followers_one: '{{count}} volger',
  followers_other: '{{count}} volgers',
  following_one: '{{count}} volgend',
  following_other: '{{count}} volgend',
} satisfies AreaTranslation<typeof english>;

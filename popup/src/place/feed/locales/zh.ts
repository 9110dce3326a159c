import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: '来自你关注的人和图板',
  morePins: '更多 Pin',
  feedEmpty: '关注一些人和图板，就能在这里看到他们的新 Pin。',
  followBoard: '关注',
  followingBoard: '已关注',
  followBoardName: '关注图板 {{name}}',
  followingBoardName: '已关注图板 {{name}}',
  logInToFollowBoard: '登录后即可关注此图板',
  followersTitle: '{{name}} 的粉丝',
  followingTitle: '{{name}} 关注的',
  backToProfile: '返回 {{name}}',
  peopleHeading: '用户',
  boardsHeading: '图板',
  morePeople: '更多用户',
  moreBoards: '更多图板',
  noPeople: '还没有关注任何人。',
  noBoards: '还没有关注任何图板。',
  noFollowers: '还没有粉丝。',
  boardFollowers_other: '{{count}} 位粉丝',
  followers_other: '{{count}} 位粉丝',
  following_other: '关注 {{count}}',
} satisfies AreaTranslation<typeof english>;

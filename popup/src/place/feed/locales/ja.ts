import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: 'フォロー中の人とボードから',
  morePins: 'さらにピンを表示',
  feedEmpty: '人やボードをフォローすると、新しいピンがここに表示されます。',
  followBoard: 'フォロー',
  followingBoard: 'フォロー中',
  followBoardName: 'ボード「{{name}}」をフォロー',
  followingBoardName: 'ボード「{{name}}」をフォロー中',
  logInToFollowBoard: 'ログインしてこのボードをフォロー',
  followersTitle: '{{name}} のフォロワー',
  followingTitle: '{{name}} がフォロー中',
  backToProfile: '{{name}} に戻る',
  peopleHeading: '人',
  boardsHeading: 'ボード',
  morePeople: 'さらに人を表示',
  moreBoards: 'さらにボードを表示',
  noPeople: 'まだ誰もフォローしていません。',
  noBoards: 'まだボードをフォローしていません。',
  noFollowers: 'まだフォロワーはいません。',
  boardFollowers_other: 'フォロワー {{count}} 人',
  followers_other: 'フォロワー {{count}} 人',
  following_other: 'フォロー中 {{count}}',
} satisfies AreaTranslation<typeof english>;

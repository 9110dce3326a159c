import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: 'Takip ettiğin kişilerden ve panolardan',
  morePins: 'Daha fazla Pin',
  feedEmpty: 'Yeni Pin’lerini burada görmek için kişileri ve panoları takip et.',
  followBoard: 'Takip et',
  followingBoard: 'Takip ediliyor',
  followBoardName: '{{name}} panosunu takip et',
  followingBoardName: '{{name}} panosu takip ediliyor',
  logInToFollowBoard: 'Bu panoyu takip etmek için giriş yap',
  followersTitle: '{{name}} takipçileri',
  followingTitle: '{{name}} takip ediyor',
  backToProfile: '{{name}} sayfasına dön',
  peopleHeading: 'Kişiler',
  boardsHeading: 'Panolar',
  morePeople: 'Daha fazla kişi',
  moreBoards: 'Daha fazla pano',
  noPeople: 'Henüz kimseyi takip etmiyor.',
  noBoards: 'Henüz hiçbir panoyu takip etmiyor.',
  noFollowers: 'Henüz takipçi yok.',
  boardFollowers_one: '{{count}} takipçi',
  boardFollowers_other: '{{count}} takipçi',
  followers_one: '{{count}} takipçi',
  followers_other: '{{count}} takipçi',
  following_one: '{{count}} takip edilen',
  following_other: '{{count}} takip edilen',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  feedHeading: '팔로우하는 사람과 보드의 소식',
  morePins: '핀 더 보기',
  feedEmpty: '사람과 보드를 팔로우하면 새 핀이 여기에 표시됩니다.',
  followBoard: '팔로우',
  followingBoard: '팔로잉',
  followBoardName: '{{name}} 보드 팔로우',
  followingBoardName: '{{name}} 보드 팔로잉 중',
  logInToFollowBoard: '로그인하고 이 보드를 팔로우하세요',
  followersTitle: '{{name}}님의 팔로워',
  followingTitle: '{{name}}님이 팔로우하는 항목',
  backToProfile: '{{name}}(으)로 돌아가기',
  peopleHeading: '사람',
  boardsHeading: '보드',
  morePeople: '사람 더 보기',
  moreBoards: '보드 더 보기',
  noPeople: '아직 아무도 팔로우하지 않습니다.',
  noBoards: '아직 팔로우하는 보드가 없습니다.',
  noFollowers: '아직 팔로워가 없습니다.',
  boardFollowers_other: '팔로워 {{count}}명',
  followers_other: '팔로워 {{count}}명',
  following_other: '팔로잉 {{count}}',
} satisfies AreaTranslation<typeof english>;

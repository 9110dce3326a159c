import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "알림",
  unread: "읽지 않음 {{count}}개",
  invite: "{{actor}} 님이 {{board}} 보드에 공동 작업자로 초대했습니다.",
  inviteNoBoard: "{{actor}} 님이 보드에 공동 작업자로 초대했습니다.",
  accepted: "{{actor}} 님이 내 보드 {{board}}에 참여했습니다.",
  acceptedNoBoard: "{{actor}} 님이 내 보드에 참여했습니다.",
  follower: "{{actor}} 님이 나를 팔로우하기 시작했습니다.",
  saved: "{{actor}} 님이 내 핀을 {{board}}에 저장했습니다.",
  savedNoBoard: "{{actor}} 님이 내 핀을 저장했습니다.",
  seePin: "내 핀 보기",
  new: "새 알림",
  empty: "아직 알림이 없습니다.",
  more: "알림 더 보기",
  reviewed: "신고를 검토했습니다. 알려주셔서 감사합니다.",
  hiddenPin: "회원님의 핀을 다른 모든 사용자에게 숨겼습니다. 이유: {{reason}}",
  hiddenBoard: "회원님의 보드를 다른 모든 사용자에게 숨겼습니다. 이유: {{reason}}",
  removedPin: "회원님의 핀을 삭제했습니다. 이유: {{reason}}",
  removedBoard: "회원님의 보드를 삭제했습니다. 이유: {{reason}}",
  warned: "회원님이 공유한 콘텐츠에 대한 경고입니다. 이유: {{reason}}",
  seeAndAppeal: "보기(이의 제기는 한 번 할 수 있습니다)",
  restoredPin: "다시 검토한 결과 회원님의 핀이 다시 표시됩니다. 이유: {{reason}}",
  restoredBoard: "다시 검토한 결과 회원님의 보드가 다시 표시됩니다. 이유: {{reason}}",
  domainTaken: "다른 계정이 {{domain}}이(가) 자신의 웹사이트임을 증명하여 더 이상 공식 계정이 아닙니다. 사이트가 내 것이라면 {{settings}}에서 다시 신청하세요.",
  profileSettings: "프로필 설정",
} satisfies AreaTranslation<typeof english>;

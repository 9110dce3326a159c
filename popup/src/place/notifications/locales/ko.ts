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
  reviewed: "We reviewed your report. Thank you for telling us.",
  hiddenPin: "We hid your Pin from everyone else. Why: {{reason}}",
  hiddenBoard: "We hid your board from everyone else. Why: {{reason}}",
  removedPin: "We removed your Pin. Why: {{reason}}",
  removedBoard: "We removed your board. Why: {{reason}}",
  warned: "A warning about what you shared. Why: {{reason}}",
  seeAndAppeal: "See it (you may appeal once)",
  restoredPin: "We looked again and your Pin is shown again. Why: {{reason}}",
  restoredBoard: "We looked again and your board is shown again. Why: {{reason}}",
} satisfies AreaTranslation<typeof english>;

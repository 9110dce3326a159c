import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "보드 편집",
  settingsTitle: "보드 설정",
  name: "이름",
  description: "설명",
  secret: "이 보드를 비밀로 유지",
  secretHint: "나와 공동 작업자만 볼 수 있습니다.",
  cover: "커버",
  coverAutomatic: "자동",
  coverPin: "핀 {{n}}",
  noCovers: "커버를 고르려면 이미지가 있는 핀을 이 보드에 저장하세요.",
  save: "저장",
  saving: "저장 중…",
  cancel: "취소",
  saved: "변경 사항을 저장했습니다.",
  inviteTitle: "공동 작업자 초대",
  invite: "초대 보내기",
  invitesSent: "초대를 보냈습니다.",
  archive: "보드 보관",
  archiveHint: "보관하면 프로필과 보드 선택에서 보드가 숨겨집니다. 언제든지 보관을 해제할 수 있습니다.",
  unarchive: "보관 해제",
  archivedNotice: "이 보드는 보관되었습니다. 나만 볼 수 있으며 아무것도 저장할 수 없습니다.",
  archivedBoards: "보관한 보드",
  addSection: "섹션 추가",
  closeSection: "취소",
} satisfies AreaTranslation<typeof english>;

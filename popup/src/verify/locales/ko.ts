import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: '이메일 주소를 확인하세요',
  confirmIntro: '이 이메일 주소가 본인의 것인지 확인하세요. 확인하기 전까지 이 주소로 온 초대는 대기합니다.',
  confirm: '이메일 확인',
  confirming: '확인 중…',
  doneTitle: '이메일이 확인되었습니다',
  doneBody: '{{email}} 주소가 확인되었습니다. 이 주소로 온 초대를 수락할 수 있습니다.',
  expired: '이 링크는 만료되었거나 이미 사용되었습니다. 계정 설정에서 새 링크를 요청하세요.',
  claimed: '이 이메일 주소는 이제 다른 계정의 주소입니다.',
  toSettings: '계정 설정으로 이동',
  sectionTitle: '이메일 주소',
  verified: '{{email}} 주소가 확인되었습니다.',
  unverified: '{{email}} 주소가 아직 확인되지 않았습니다. 보내 드린 이메일의 링크를 여세요.',
  pending: '{{email}} 주소로 링크를 보냈습니다. 링크를 열면 이 주소가 계정 이메일이 됩니다.',
  resend: '이메일 다시 보내기',
  sent: '{{email}} 주소로 이메일을 보냈습니다!',
  inviteWaits: '이 보드에 초대되었습니다. 보드를 보고 참여하려면 이메일 주소를 확인하세요.',
  undoTitle: '이메일 변경 취소',
  undoIntro: '이 주소를 다시 계정의 이메일로 만들고 모든 곳에서 로그아웃합니다. 그런 다음 비밀번호를 재설정하세요.',
  undo: '변경 취소',
  undone: '{{email}}이(가) 다시 계정의 이메일이 되었고 모든 세션이 로그아웃되었습니다. 로그인하려면 비밀번호를 재설정하세요.',
} satisfies AreaTranslation<typeof english>;

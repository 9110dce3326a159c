import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: '액세스 토큰',
  intro: '토큰을 사용하면 비밀번호 없이 내 스크립트와 앱이 나로서 {{brand}}을(를) 이용할 수 있습니다. 비밀로 유지하세요. 토큰을 가진 사람은 누구나 토큰이 허용하는 작업을 할 수 있습니다.',
  logInFirst: '액세스 토큰을 관리하려면 로그인하세요.',
  name: '토큰 이름',
  scope: '액세스',
  scopeRead: '읽기 전용',
  scopeWrite: '읽기 및 쓰기(핀 저장, 보드 만들기)',
  create: '토큰 만들기',
  newTitle: '새 토큰',
  newIntro: '지금 복사하세요. 토큰은 이번 한 번만 표시됩니다.',
  copied: '복사됨',
  copy: '복사',
  listTitle: '내 토큰',
  none: '액세스 토큰이 없습니다.',
  lastUsed: '마지막 사용: {{time}}',
  neverUsed: '사용한 적 없음',
  created: '생성: {{time}}',
  revoke: '취소',
  revoked: '토큰이 취소되어 더 이상 작동하지 않습니다.',
  dies: '비밀번호를 변경하거나 계정이 해지되면 토큰이 더 이상 작동하지 않습니다.',
  toSettings: '계정 설정',
};
export default words;

import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: '죄송합니다. 해당 페이지를 찾을 수 없습니다.',
  contactTitle: '문의하기',
  lockedOut: '계정에 들어갈 수 없나요? {{reset}}.',
  resetLink: '비밀번호 재설정',
  otherwise: '그 밖의 문의는 이 사이트 운영자에게 보내 주세요.',
  home: '홈페이지로 이동',
  welcomeName: '{{name}}님, 환영합니다',
} satisfies AreaTranslation<typeof english>;

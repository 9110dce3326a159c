import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: '사람 초대하기',
  intro: '이 {{brand}}은(는) 초대제로만 운영됩니다. 이메일로 초대하면 상대방은 14일 이내에 해당 주소로 계정 하나를 만들 수 있는 링크를 받습니다.',
  notInvite: '이 {{brand}}은(는) 초대를 받지 않습니다. 가입이 공개되어 있거나 닫혀 있습니다.',
  logInFirst: '사람을 초대하려면 로그인하세요.',
  email: '상대방 이메일',
  send: '초대 보내기',
  sent: '{{email}}(으)로 초대를 보냈습니다.',
  toSettings: '계정 설정',
};
export default words;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: '邀请他人',
  intro: '此 {{brand}} 仅限受邀注册。通过邮件邀请他人：对方会收到一个链接，可在 14 天内用该邮箱创建一个账号。',
  notInvite: '此 {{brand}} 不接受邀请：注册为开放或关闭状态。',
  logInFirst: '登录以邀请他人。',
  email: '对方的邮箱',
  send: '发送邀请',
  sent: '已向 {{email}} 发送邀请。',
  toSettings: '账号设置',
};
export default words;

import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: '确认你的电子邮件地址',
  confirmIntro: '请确认这个电子邮件地址属于你。在此之前，发送到该地址的邀请会一直等你。',
  confirm: '确认电子邮件',
  confirming: '正在确认…',
  doneTitle: '你的电子邮件已验证',
  doneBody: '{{email}} 已确认。现在可以接受发送到该地址的邀请。',
  expired: '此链接已过期或已被使用。请在账户设置中重新获取。',
  claimed: '此电子邮件地址现在属于另一个账户。',
  toSettings: '前往账户设置',
  sectionTitle: '电子邮件地址',
  verified: '{{email}} 已验证。',
  unverified: '{{email}} 尚未验证。请打开我们发给你的邮件中的链接。',
  pending: '我们已向 {{email}} 发送链接。打开链接后，它将成为你账户的电子邮件地址。',
  resend: '重新发送邮件',
  sent: '邮件已发送到 {{email}}！',
  inviteWaits: '你受邀加入这个图板。请确认你的电子邮件地址以查看并加入。',
  undoTitle: '撤销邮箱更改',
  undoIntro: '将此地址恢复为账户邮箱，并在所有设备上退出登录。然后重置密码。',
  undo: '撤销更改',
  undone: '{{email}} 已恢复为你的账户邮箱，所有会话均已退出。请重置密码后登录。',
} satisfies AreaTranslation<typeof english>;

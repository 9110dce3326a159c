import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "通知",
  unread: "{{count}} 条未读",
  invite: "{{actor}} 邀请你协作图板 {{board}}。",
  inviteNoBoard: "{{actor}} 邀请你协作一个图板。",
  accepted: "{{actor}} 加入了你的图板 {{board}}。",
  acceptedNoBoard: "{{actor}} 加入了你的一个图板。",
  follower: "{{actor}} 开始关注你了。",
  saved: "{{actor}} 将你的图钉保存到了 {{board}}。",
  savedNoBoard: "{{actor}} 保存了你的图钉。",
  seePin: "查看你的图钉",
  new: "新",
  empty: "还没有通知。",
  more: "更多通知",
  reviewed: "我们已审核你的举报。感谢你告诉我们。",
  hiddenPin: "我们已对其他所有人隐藏你的 Pin 图。原因：{{reason}}",
  hiddenBoard: "我们已对其他所有人隐藏你的图板。原因：{{reason}}",
  removedPin: "我们已移除你的 Pin 图。原因：{{reason}}",
  removedBoard: "我们已移除你的图板。原因：{{reason}}",
  warned: "关于你分享内容的警告。原因：{{reason}}",
  seeAndAppeal: "查看（你可以申诉一次）",
  restoredPin: "我们重新审核后，你的 Pin 图已重新显示。原因：{{reason}}",
  restoredBoard: "我们重新审核后，你的图板已重新显示。原因：{{reason}}",
  domainTaken: "另一个账号证明了 {{domain}} 是其网站，因此你不再是它的官方账号。如果该网站属于你，请在{{settings}}中重新认领。",
  profileSettings: "个人资料设置",
} satisfies AreaTranslation<typeof english>;

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

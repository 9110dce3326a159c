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
} satisfies AreaTranslation<typeof english>;

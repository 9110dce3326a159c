import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Уведомления",
  unread: "Непрочитанных: {{count}}",
  invite: "{{actor}} приглашает вас на доску {{board}}.",
  inviteNoBoard: "{{actor}} приглашает вас на доску.",
  accepted: "{{actor}} присоединяется к вашей доске {{board}}.",
  acceptedNoBoard: "{{actor}} присоединяется к одной из ваших досок.",
  follower: "{{actor}} теперь подписан(а) на вас.",
  saved: "{{actor}} сохраняет ваш Пин на доску {{board}}.",
  savedNoBoard: "{{actor}} сохраняет ваш Пин.",
  seePin: "Посмотреть Пин",
  new: "Новое",
  empty: "Уведомлений пока нет.",
  more: "Ещё уведомления",
} satisfies AreaTranslation<typeof english>;

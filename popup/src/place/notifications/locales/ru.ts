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

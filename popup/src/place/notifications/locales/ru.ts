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
  reviewed: "Мы рассмотрели вашу жалобу. Спасибо, что сообщили.",
  hiddenPin: "Мы скрыли ваш пин от всех остальных. Причина: {{reason}}",
  hiddenBoard: "Мы скрыли вашу доску от всех остальных. Причина: {{reason}}",
  removedPin: "Мы удалили ваш пин. Причина: {{reason}}",
  removedBoard: "Мы удалили вашу доску. Причина: {{reason}}",
  warned: "Предупреждение о том, чем вы поделились. Причина: {{reason}}",
  seeAndAppeal: "Посмотреть (обжаловать можно один раз)",
  restoredPin: "Мы проверили ещё раз, и ваш пин снова показывается. Причина: {{reason}}",
  restoredBoard: "Мы проверили ещё раз, и ваша доска снова показывается. Причина: {{reason}}",
  domainTaken: "Другой аккаунт подтвердил, что {{domain}} — его сайт, поэтому вы больше не его официальный аккаунт. Если сайт ваш, подтвердите его снова в {{settings}}.",
  profileSettings: "настройках профиля",
} satisfies AreaTranslation<typeof english>;

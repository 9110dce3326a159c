import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "お知らせ",
  unread: "未読 {{count}} 件",
  invite: "{{actor}} さんから {{board}} への共同編集の招待が届きました。",
  inviteNoBoard: "{{actor}} さんからボードへの共同編集の招待が届きました。",
  accepted: "{{actor}} さんがボード {{board}} に参加しました。",
  acceptedNoBoard: "{{actor}} さんがあなたのボードに参加しました。",
  follower: "{{actor}} さんがあなたをフォローしました。",
  saved: "{{actor}} さんがあなたのピンを {{board}} に保存しました。",
  savedNoBoard: "{{actor}} さんがあなたのピンを保存しました。",
  seePin: "ピンを見る",
  new: "新着",
  empty: "お知らせはまだありません。",
  more: "さらに表示",
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

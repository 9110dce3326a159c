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
} satisfies AreaTranslation<typeof english>;

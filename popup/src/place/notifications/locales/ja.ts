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
  reviewed: "報告を確認しました。お知らせいただきありがとうございます。",
  hiddenPin: "あなたのピンを他のすべてのユーザーに非表示にしました。理由: {{reason}}",
  hiddenBoard: "あなたのボードを他のすべてのユーザーに非表示にしました。理由: {{reason}}",
  removedPin: "あなたのピンを削除しました。理由: {{reason}}",
  removedBoard: "あなたのボードを削除しました。理由: {{reason}}",
  warned: "あなたが共有した内容に関する警告です。理由: {{reason}}",
  seeAndAppeal: "確認する（異議申し立ては1回までできます）",
  restoredPin: "再確認の結果、あなたのピンは再び表示されています。理由: {{reason}}",
  restoredBoard: "再確認の結果、あなたのボードは再び表示されています。理由: {{reason}}",
  domainTaken: "別のアカウントが {{domain}} を自分のウェブサイトとして証明したため、あなたはその公式アカウントではなくなりました。サイトがあなたのものなら、{{settings}}でもう一度申請してください。",
  profileSettings: "プロフィール設定",
} satisfies AreaTranslation<typeof english>;

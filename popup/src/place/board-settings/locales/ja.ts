import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "ボードを編集",
  settingsTitle: "ボードの設定",
  name: "名前",
  description: "説明",
  secret: "このボードを秘密にする",
  secretHint: "あなたと共同編集者だけが見られます。",
  cover: "カバー",
  coverAutomatic: "自動",
  coverPin: "ピン {{n}}",
  noCovers: "カバーを選ぶには、画像付きのピンをこのボードに保存してください。",
  save: "保存",
  saving: "保存中…",
  cancel: "キャンセル",
  saved: "変更を保存しました。",
  inviteTitle: "共同編集者を招待",
  invite: "招待を送信",
  invitesSent: "招待を送信しました。",
  archive: "ボードをアーカイブ",
  archiveHint: "アーカイブするとプロフィールとボード選択から非表示になります。いつでもアーカイブを解除できます。",
  unarchive: "アーカイブを解除",
  archivedNotice: "このボードはアーカイブされています。あなただけが見られ、保存はできません。",
  archivedBoards: "アーカイブしたボード",
  addSection: "セクションを追加",
  closeSection: "キャンセル",
} satisfies AreaTranslation<typeof english>;

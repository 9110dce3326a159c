import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'アクセストークン',
  intro: 'トークンを使うと、パスワードなしで自分のスクリプトやアプリがあなたとして {{brand}} を利用できます。秘密にしてください。トークンを持つ人は誰でも、それが許可する操作を行えます。',
  logInFirst: 'アクセストークンを管理するにはログインしてください。',
  name: 'トークン名',
  scope: 'アクセス',
  scopeRead: '読み取り専用',
  scopeWrite: '読み取りと書き込み（ピンの保存、ボードの作成）',
  create: 'トークンを作成',
  newTitle: '新しいトークン',
  newIntro: '今すぐコピーしてください。表示されるのはこの一度だけです。',
  copied: 'コピーしました',
  copy: 'コピー',
  listTitle: 'あなたのトークン',
  none: 'アクセストークンはありません。',
  lastUsed: '最終使用: {{time}}',
  neverUsed: '未使用',
  created: '作成: {{time}}',
  revoke: '取り消す',
  revoked: 'トークンを取り消しました。今後は使用できません。',
  dies: 'パスワードを変更したりアカウントが閉鎖されたりすると、トークンは使用できなくなります。',
  toSettings: 'アカウント設定',
};
export default words;

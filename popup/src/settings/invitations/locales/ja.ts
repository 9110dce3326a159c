import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'ユーザーを招待',
  intro: 'この {{brand}} は招待制です。メールで招待すると、相手には14日以内にそのアドレスでアカウントを1つ作成できるリンクが届きます。',
  notInvite: 'この {{brand}} では招待を受け付けていません。登録は公開または停止されています。',
  logInFirst: 'ユーザーを招待するにはログインしてください。',
  email: '相手のメールアドレス',
  send: '招待を送信',
  sent: '{{email}} に招待を送信しました。',
  toSettings: 'アカウント設定',
};
export default words;

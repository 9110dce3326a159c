import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'メールアドレスを確認してください',
  confirmIntro: 'このメールアドレスがあなたのものであることを確認してください。確認するまで、このアドレスへの招待はお待ちいただきます。',
  confirm: 'メールアドレスを確認',
  confirming: '確認しています…',
  doneTitle: 'メールアドレスが確認されました',
  doneBody: '{{email}} が確認されました。このアドレスへの招待を承認できます。',
  expired: 'このリンクは期限切れか、すでに使用されています。アカウント設定で新しいリンクをリクエストしてください。',
  claimed: 'このメールアドレスは現在、別のアカウントのものです。',
  toSettings: 'アカウント設定へ',
  sectionTitle: 'メールアドレス',
  verified: '{{email}} は確認済みです。',
  unverified: '{{email}} はまだ確認されていません。お送りしたメールのリンクを開いてください。',
  pending: '{{email}} にリンクを送信しました。リンクを開くと、このアドレスがアカウントのメールアドレスになります。',
  resend: 'メールを再送信',
  sent: '{{email}} にメールを送信しました！',
  inviteWaits: 'このボードに招待されています。表示して参加するには、メールアドレスを確認してください。',
  undoTitle: 'メールアドレスの変更を取り消す',
  undoIntro: 'このアドレスをアカウントのメールアドレスに戻し、すべての端末からログアウトします。その後、パスワードを再設定してください。',
  undo: '変更を取り消す',
  undone: '{{email}} がアカウントのメールアドレスに戻り、すべてのセッションがログアウトされました。ログインするにはパスワードを再設定してください。',
} satisfies AreaTranslation<typeof english>;

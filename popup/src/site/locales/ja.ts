import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: '申し訳ありません。このページは見つかりませんでした。',
  contactTitle: 'お問い合わせ',
  lockedOut: 'アカウントにログインできませんか？{{reset}}。',
  resetLink: 'パスワードをリセット',
  otherwise: 'その他のご用件は、このサイトの運営者にご連絡ください。',
  home: 'ホームページへ',
  welcomeName: 'ようこそ、{{name}}さん',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: '自分のピンを検索',
  mineLabel: '自分のピンとボードを検索',
  minePlaceholder: 'キーワード、サイト、#ハッシュタグ',
  boardsHeading: 'ボード',
  pinsHeading: 'ピン',
  morePins: 'さらにピンを表示',
  noPins: '「{{query}}」に一致するピンはありません。',
  searchEveryone: 'みんなのピンで「{{query}}」を検索',
  everyoneLabel: 'ピンを検索',
  everyoneHeading: 'みんなのピン',
  submit: '検索',
  typeToSearch: 'キーワードか #ハッシュタグ を入力して公開ピンを探しましょう。',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: 'К сожалению, мы не нашли эту страницу.',
  contactTitle: 'Связаться с нами',
  lockedOut: 'Не получается войти в аккаунт? {{reset}}.',
  resetLink: 'Сбросьте пароль',
  otherwise: 'По другим вопросам пишите тем, кто управляет этим сайтом.',
  home: 'На главную страницу',
  welcomeName: 'Добро пожаловать, {{name}}',
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Пригласить людей',
  intro: 'Этот {{brand}} доступен только по приглашениям. Пригласите человека по эл. почте: он получит ссылку, по которой в течение 14 дней можно создать один аккаунт на этот адрес.',
  notInvite: 'Этот {{brand}} не принимает приглашения: регистрация открыта или закрыта.',
  logInFirst: 'Войдите, чтобы приглашать людей.',
  email: 'Эл. почта получателя',
  send: 'Отправить приглашение',
  sent: 'Приглашение отправлено на {{email}}.',
  toSettings: 'Настройки аккаунта',
};
export default words;

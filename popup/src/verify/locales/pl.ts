import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  title: 'Potwierdź swój adres e-mail',
  confirmIntro: 'Potwierdź, że ten adres e-mail należy do Ciebie. Do tego czasu zaproszenia wysłane na niego czekają na Ciebie.',
  confirm: 'Potwierdź e-mail',
  confirming: 'Potwierdzanie…',
  doneTitle: 'Twój e-mail jest zweryfikowany',
  doneBody: 'Adres {{email}} jest potwierdzony. Możesz teraz przyjmować wysłane na niego zaproszenia.',
  expired: 'Ten link wygasł lub został już użyty. Poproś o nowy w ustawieniach konta.',
  claimed: 'Ten adres e-mail należy teraz do innego konta.',
  toSettings: 'Przejdź do ustawień konta',
  sectionTitle: 'Adres e-mail',
  verified: 'Adres {{email}} jest zweryfikowany.',
  unverified: 'Adres {{email}} nie jest jeszcze zweryfikowany. Kliknij link, który do Ciebie wysłaliśmy.',
  pending: 'Wysłaliśmy link na adres {{email}}. Stanie się on adresem Twojego konta, gdy w niego klikniesz.',
  resend: 'Wyślij e-mail ponownie',
  sent: 'Wysłano e-mail na adres {{email}}!',
  inviteWaits: 'Zaproszono Cię do tej tablicy. Potwierdź swój adres e-mail, aby ją zobaczyć i dołączyć.',
  undoTitle: 'Cofnij zmianę adresu e-mail',
  undoIntro: 'Przywróć ten adres jako e-mail konta i wyloguj się wszędzie. Następnie zresetuj hasło.',
  undo: 'Cofnij zmianę',
  undone: '{{email}} jest znowu adresem e-mail Twojego konta, a wszystkie sesje zostały wylogowane. Zresetuj hasło, aby się zalogować.',
} satisfies AreaTranslation<typeof english>;

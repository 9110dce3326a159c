import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Zaproś osoby',
  intro: 'Ten {{brand}} działa tylko na zaproszenie. Zaproś kogoś e-mailem: ta osoba otrzyma link, który w ciągu 14 dni pozwoli założyć jedno konto na ten adres.',
  notInvite: 'Ten {{brand}} nie przyjmuje zaproszeń: rejestracja jest otwarta lub zamknięta.',
  logInFirst: 'Zaloguj się, aby zapraszać osoby.',
  email: 'Adres e-mail tej osoby',
  send: 'Wyślij zaproszenie',
  sent: 'Zaproszenie wysłane do {{email}}.',
  toSettings: 'Ustawienia konta',
};
export default words;

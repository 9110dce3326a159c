import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: 'Tokeny dostępu',
  intro: 'Token pozwala Twoim własnym skryptom i aplikacjom korzystać z {{brand}} w Twoim imieniu, bez hasła. Zachowaj go w tajemnicy: każdy, kto go ma, może zrobić to, na co pozwala.',
  logInFirst: 'Zaloguj się, aby zarządzać tokenami dostępu.',
  name: 'Nazwa tokenu',
  scope: 'Dostęp',
  scopeRead: 'Tylko odczyt',
  scopeWrite: 'Odczyt i zapis (zapisywanie Pinów, tworzenie tablic)',
  create: 'Utwórz token',
  newTitle: 'Twój nowy token',
  newIntro: 'Skopiuj go teraz: pokazujemy go tylko ten jeden raz.',
  copied: 'Skopiowano',
  copy: 'Kopiuj',
  listTitle: 'Twoje tokeny',
  none: 'Nie masz tokenów dostępu.',
  lastUsed: 'Ostatnio użyty {{time}}',
  neverUsed: 'Nigdy nieużyty',
  created: 'Utworzony {{time}}',
  revoke: 'Unieważnij',
  revoked: 'Token został unieważniony: już nie działa.',
  dies: 'Tokeny przestają działać, gdy zmienisz hasło lub Twoje konto zostanie zamknięte.',
  toSettings: 'Ustawienia konta',
};
export default words;

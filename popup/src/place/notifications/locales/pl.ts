import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  title: "Powiadomienia",
  unread: "Nieprzeczytane: {{count}}",
  invite: "{{actor}} zaprasza cię do współpracy nad tablicą {{board}}.",
  inviteNoBoard: "{{actor}} zaprasza cię do współpracy nad tablicą.",
  accepted: "{{actor}} dołącza do twojej tablicy {{board}}.",
  acceptedNoBoard: "{{actor}} dołącza do jednej z twoich tablic.",
  follower: "{{actor}} obserwuje cię od teraz.",
  saved: "{{actor}} zapisuje twój Pin na tablicy {{board}}.",
  savedNoBoard: "{{actor}} zapisuje twój Pin.",
  seePin: "Zobacz swój Pin",
  new: "Nowe",
  empty: "Nie ma jeszcze powiadomień.",
  more: "Więcej powiadomień",
  reviewed: "Sprawdziliśmy Twoje zgłoszenie. Dziękujemy za informację.",
  hiddenPin: "Ukryliśmy Twojego Pina przed wszystkimi innymi. Powód: {{reason}}",
  hiddenBoard: "Ukryliśmy Twoją tablicę przed wszystkimi innymi. Powód: {{reason}}",
  removedPin: "Usunęliśmy Twojego Pina. Powód: {{reason}}",
  removedBoard: "Usunęliśmy Twoją tablicę. Powód: {{reason}}",
  warned: "Ostrzeżenie dotyczące udostępnionych przez Ciebie treści. Powód: {{reason}}",
  seeAndAppeal: "Zobacz (możesz odwołać się jeden raz)",
  restoredPin: "Sprawdziliśmy ponownie i Twój Pin jest znowu widoczny. Powód: {{reason}}",
  restoredBoard: "Sprawdziliśmy ponownie i Twoja tablica jest znowu widoczna. Powód: {{reason}}",
  domainTaken: "Inne konto udowodniło, że {{domain}} to jego witryna, więc nie jesteś już jej oficjalnym kontem. Jeśli witryna należy do Ciebie, zgłoś ją ponownie w {{settings}}.",
  profileSettings: "ustawieniach profilu",
} satisfies AreaTranslation<typeof english>;

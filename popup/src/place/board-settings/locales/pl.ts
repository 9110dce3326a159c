import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Edytuj tablicę",
  settingsTitle: "Ustawienia tablicy",
  name: "Nazwa",
  description: "Opis",
  secret: "Zachowaj tę tablicę jako tajną",
  secretHint: "Widzisz ją tylko ty i twoi współpracownicy.",
  cover: "Okładka",
  coverAutomatic: "Automatyczna",
  coverPin: "Pin {{n}}",
  noCovers: "Zapisz na tej tablicy Piny z obrazami, aby wybrać jej okładkę.",
  save: "Zapisz",
  saving: "Zapisywanie…",
  cancel: "Anuluj",
  saved: "Zmiany zapisane.",
  inviteTitle: "Zaproś współpracowników",
  invite: "Wyślij zaproszenia",
  invitesSent: "Zaproszenia wysłane.",
  archive: "Archiwizuj tablicę",
  archiveHint: "Archiwizacja ukrywa tablicę w twoim profilu i w wyborze tablic. Możesz ją przywrócić w każdej chwili.",
  unarchive: "Przywróć z archiwum",
  archivedNotice: "Ta tablica jest zarchiwizowana. Widzisz ją tylko ty i nie można na niej nic zapisać.",
  archivedBoards: "Zarchiwizowane tablice",
  addSection: "Dodaj sekcję",
  closeSection: "Anuluj",
} satisfies AreaTranslation<typeof english>;

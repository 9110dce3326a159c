import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Pinnwand bearbeiten",
  settingsTitle: "Pinnwand-Einstellungen",
  name: "Name",
  description: "Beschreibung",
  secret: "Diese Pinnwand geheim halten",
  secretHint: "Nur du und deine Mitwirkenden können sie sehen.",
  cover: "Titelbild",
  coverAutomatic: "Automatisch",
  coverPin: "Pin {{n}}",
  noCovers: "Merke Pins mit Bildern auf dieser Pinnwand, um ihr Titelbild zu wählen.",
  save: "Speichern",
  saving: "Wird gespeichert…",
  cancel: "Abbrechen",
  saved: "Änderungen gespeichert.",
  inviteTitle: "Mitwirkende einladen",
  invite: "Einladungen senden",
  invitesSent: "Einladungen gesendet.",
  archive: "Pinnwand archivieren",
  archiveHint: "Beim Archivieren verschwindet die Pinnwand aus deinem Profil und der Pinnwandauswahl. Du kannst sie jederzeit wiederherstellen.",
  unarchive: "Archivierung aufheben",
  archivedNotice: "Diese Pinnwand ist archiviert. Nur du kannst sie sehen, und nichts kann auf ihr gemerkt werden.",
  archivedBoards: "Archivierte Pinnwände",
  addSection: "Bereich hinzufügen",
  closeSection: "Abbrechen",
} satisfies AreaTranslation<typeof english>;

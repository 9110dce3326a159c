import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Bord bewerken",
  settingsTitle: "Bordinstellingen",
  name: "Naam",
  description: "Beschrijving",
  secret: "Dit bord geheim houden",
  secretHint: "Alleen jij en je medewerkers kunnen het zien.",
  cover: "Omslag",
  coverAutomatic: "Automatisch",
  coverPin: "Pin {{n}}",
  noCovers: "Bewaar Pins met afbeeldingen op dit bord om de omslag te kiezen.",
  save: "Opslaan",
  saving: "Opslaan…",
  cancel: "Annuleren",
  saved: "Wijzigingen opgeslagen.",
  inviteTitle: "Medewerkers uitnodigen",
  invite: "Uitnodigingen versturen",
  invitesSent: "Uitnodigingen verstuurd.",
  archive: "Bord archiveren",
  archiveHint: "Archiveren verbergt het bord op je profiel en in de bordkiezer. Je kunt het altijd weer terugzetten.",
  unarchive: "Terugzetten",
  archivedNotice: "Dit bord is gearchiveerd. Alleen jij kunt het zien en er kan niets op bewaard worden.",
  archivedBoards: "Gearchiveerde borden",
  addSection: "Sectie toevoegen",
  closeSection: "Annuleren",
} satisfies AreaTranslation<typeof english>;

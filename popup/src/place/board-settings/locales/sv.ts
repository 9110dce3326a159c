import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Redigera anslagstavla",
  settingsTitle: "Inställningar för anslagstavlan",
  name: "Namn",
  description: "Beskrivning",
  secret: "Håll den här anslagstavlan hemlig",
  secretHint: "Bara du och dina medarbetare kan se den.",
  cover: "Omslag",
  coverAutomatic: "Automatiskt",
  coverPin: "Pin {{n}}",
  noCovers: "Spara Pins med bilder på den här anslagstavlan för att välja omslag.",
  save: "Spara",
  saving: "Sparar…",
  cancel: "Avbryt",
  saved: "Ändringarna har sparats.",
  inviteTitle: "Bjud in medarbetare",
  invite: "Skicka inbjudningar",
  invitesSent: "Inbjudningar skickade.",
  archive: "Arkivera anslagstavla",
  archiveHint: "När du arkiverar döljs anslagstavlan i din profil och i väljaren. Du kan återställa den när som helst.",
  unarchive: "Återställ",
  archivedNotice: "Den här anslagstavlan är arkiverad. Bara du kan se den och inget kan sparas på den.",
  archivedBoards: "Arkiverade anslagstavlor",
  addSection: "Lägg till avsnitt",
  closeSection: "Avbryt",
} satisfies AreaTranslation<typeof english>;

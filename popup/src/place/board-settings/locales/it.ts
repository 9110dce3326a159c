import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Modifica bacheca",
  settingsTitle: "Impostazioni della bacheca",
  name: "Nome",
  description: "Descrizione",
  secret: "Mantieni segreta questa bacheca",
  secretHint: "Solo tu e i tuoi collaboratori potete vederla.",
  cover: "Copertina",
  coverAutomatic: "Automatica",
  coverPin: "Pin {{n}}",
  noCovers: "Salva Pin con immagini in questa bacheca per sceglierne la copertina.",
  save: "Salva",
  saving: "Salvataggio…",
  cancel: "Annulla",
  saved: "Modifiche salvate.",
  inviteTitle: "Invita collaboratori",
  invite: "Invia inviti",
  invitesSent: "Inviti inviati.",
  archive: "Archivia bacheca",
  archiveHint: "Archiviando la bacheca la nascondi dal tuo profilo e dal selettore delle bacheche. Puoi ripristinarla in qualsiasi momento.",
  unarchive: "Ripristina",
  archivedNotice: "Questa bacheca è archiviata. Solo tu puoi vederla e non vi si può salvare nulla.",
  archivedBoards: "Bacheche archiviate",
  addSection: "Aggiungi sezione",
  closeSection: "Annulla",
} satisfies AreaTranslation<typeof english>;

import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Modifier le tableau",
  settingsTitle: "Paramètres du tableau",
  name: "Nom",
  description: "Description",
  secret: "Garder ce tableau secret",
  secretHint: "Seuls vous et vos collaborateurs pouvez le voir.",
  cover: "Couverture",
  coverAutomatic: "Automatique",
  coverPin: "Épingle {{n}}",
  noCovers: "Enregistrez des Épingles avec images dans ce tableau pour choisir sa couverture.",
  save: "Enregistrer",
  saving: "Enregistrement…",
  cancel: "Annuler",
  saved: "Modifications enregistrées.",
  inviteTitle: "Inviter des collaborateurs",
  invite: "Envoyer les invitations",
  invitesSent: "Invitations envoyées.",
  archive: "Archiver le tableau",
  archiveHint: "Archiver masque le tableau de votre profil et du sélecteur de tableaux. Vous pouvez le désarchiver à tout moment.",
  unarchive: "Désarchiver",
  archivedNotice: "Ce tableau est archivé. Vous seul pouvez le voir, et rien ne peut y être enregistré.",
  archivedBoards: "Tableaux archivés",
  addSection: "Ajouter une section",
  closeSection: "Annuler",
} satisfies AreaTranslation<typeof english>;

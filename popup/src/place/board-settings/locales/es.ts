import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Editar tablero",
  settingsTitle: "Configuración del tablero",
  name: "Nombre",
  description: "Descripción",
  secret: "Mantener este tablero en secreto",
  secretHint: "Solo tú y tus colaboradores pueden verlo.",
  cover: "Portada",
  coverAutomatic: "Automática",
  coverPin: "Pin {{n}}",
  noCovers: "Guarda Pines con imágenes en este tablero para elegir su portada.",
  save: "Guardar",
  saving: "Guardando…",
  cancel: "Cancelar",
  saved: "Cambios guardados.",
  inviteTitle: "Invitar a colaboradores",
  invite: "Enviar invitaciones",
  invitesSent: "Invitaciones enviadas.",
  archive: "Archivar tablero",
  archiveHint: "Al archivarlo, el tablero desaparece de tu perfil y del selector de tableros. Puedes desarchivarlo cuando quieras.",
  unarchive: "Desarchivar",
  archivedNotice: "Este tablero está archivado. Solo tú puedes verlo y no se puede guardar nada en él.",
  archivedBoards: "Tableros archivados",
  addSection: "Añadir sección",
  closeSection: "Cancelar",
} satisfies AreaTranslation<typeof english>;

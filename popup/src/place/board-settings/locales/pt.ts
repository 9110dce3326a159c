import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Editar pasta",
  settingsTitle: "Definições da pasta",
  name: "Nome",
  description: "Descrição",
  secret: "Manter esta pasta secreta",
  secretHint: "Só tu e os teus colaboradores a podem ver.",
  cover: "Capa",
  coverAutomatic: "Automática",
  coverPin: "Pin {{n}}",
  noCovers: "Guarda Pins com imagens nesta pasta para escolher a capa.",
  save: "Guardar",
  saving: "A guardar…",
  cancel: "Cancelar",
  saved: "Alterações guardadas.",
  inviteTitle: "Convidar colaboradores",
  invite: "Enviar convites",
  invitesSent: "Convites enviados.",
  archive: "Arquivar pasta",
  archiveHint: "Arquivar esconde a pasta do teu perfil e do seletor de pastas. Podes desarquivá-la a qualquer momento.",
  unarchive: "Desarquivar",
  archivedNotice: "Esta pasta está arquivada. Só tu a podes ver e nada pode ser guardado nela.",
  archivedBoards: "Pastas arquivadas",
  addSection: "Adicionar secção",
  closeSection: "Cancelar",
} satisfies AreaTranslation<typeof english>;

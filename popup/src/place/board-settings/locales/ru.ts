import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "Изменить доску",
  settingsTitle: "Настройки доски",
  name: "Название",
  description: "Описание",
  secret: "Сделать доску секретной",
  secretHint: "Её видите только вы и ваши соавторы.",
  cover: "Обложка",
  coverAutomatic: "Автоматически",
  coverPin: "Пин {{n}}",
  noCovers: "Сохраните на эту доску Пины с изображениями, чтобы выбрать обложку.",
  save: "Сохранить",
  saving: "Сохранение…",
  cancel: "Отмена",
  saved: "Изменения сохранены.",
  inviteTitle: "Пригласить соавторов",
  invite: "Отправить приглашения",
  invitesSent: "Приглашения отправлены.",
  archive: "Архивировать доску",
  archiveHint: "Архивная доска скрыта из профиля и из выбора досок. Её можно вернуть из архива в любой момент.",
  unarchive: "Вернуть из архива",
  archivedNotice: "Эта доска в архиве. Её видите только вы, и сохранять на неё нельзя.",
  archivedBoards: "Архивные доски",
  addSection: "Добавить раздел",
  closeSection: "Отмена",
} satisfies AreaTranslation<typeof english>;

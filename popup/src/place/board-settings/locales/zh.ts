import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  editBoard: "编辑图板",
  settingsTitle: "图板设置",
  name: "名称",
  description: "描述",
  secret: "将此图板设为秘密",
  secretHint: "只有你和你的协作者可以看到。",
  cover: "封面",
  coverAutomatic: "自动",
  coverPin: "图钉 {{n}}",
  noCovers: "在此图板保存带图片的图钉后即可选择封面。",
  save: "保存",
  saving: "正在保存…",
  cancel: "取消",
  saved: "更改已保存。",
  inviteTitle: "邀请协作者",
  invite: "发送邀请",
  invitesSent: "邀请已发送。",
  archive: "归档图板",
  archiveHint: "归档后，图板将从你的个人资料和图板选择器中隐藏。你可以随时取消归档。",
  unarchive: "取消归档",
  archivedNotice: "此图板已归档。只有你能看到它，且无法向其保存任何内容。",
  archivedBoards: "已归档的图板",
  addSection: "添加分区",
  closeSection: "取消",
} satisfies AreaTranslation<typeof english>;

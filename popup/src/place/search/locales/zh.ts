import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

export default {
  mineHeading: '搜索你的 Pin',
  mineLabel: '搜索你的 Pin 和图板',
  minePlaceholder: '一个词、一个网站或一个 #话题标签',
  boardsHeading: '图板',
  pinsHeading: 'Pin',
  morePins: '更多 Pin',
  noPins: '没有与“{{query}}”匹配的 Pin。',
  searchEveryone: '在所有人的 Pin 中搜索“{{query}}”',
  everyoneLabel: '搜索 Pin',
  everyoneHeading: '所有人的 Pin',
  submit: '搜索',
  typeToSearch: '输入一个词或 #话题标签 来查找公开的 Pin。',
} satisfies AreaTranslation<typeof english>;

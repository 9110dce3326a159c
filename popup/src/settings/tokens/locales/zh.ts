import type { AreaTranslation } from '../../../i18n';
import type { english } from '../messages';

const words: AreaTranslation<typeof english> = {
  title: '访问令牌',
  intro: '令牌可让你自己的脚本和应用以你的身份使用 {{brand}}，无需你的密码。请妥善保密：任何持有它的人都能执行它所允许的操作。',
  logInFirst: '登录以管理你的访问令牌。',
  name: '令牌名称',
  scope: '权限',
  scopeRead: '只读',
  scopeWrite: '读写（保存 Pin 图、创建图板）',
  create: '创建令牌',
  newTitle: '你的新令牌',
  newIntro: '请立即复制：这是我们唯一一次显示它。',
  copied: '已复制',
  copy: '复制',
  listTitle: '你的令牌',
  none: '你没有访问令牌。',
  lastUsed: '上次使用：{{time}}',
  neverUsed: '从未使用',
  created: '创建于 {{time}}',
  revoke: '撤销',
  revoked: '令牌已撤销，不再有效。',
  dies: '当你更改密码或账号被关闭时，令牌将失效。',
  toSettings: '账号设置',
};
export default words;

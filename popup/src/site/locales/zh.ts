import type { AreaTranslation } from '../../i18n';
import type { english } from '../messages';

export default {
  pageNotFound: '抱歉，我们找不到该页面。',
  contactTitle: '联系我们',
  lockedOut: '无法登录你的账户？{{reset}}。',
  resetLink: '重置密码',
  otherwise: '其他问题，请联系本网站的运营者。',
  home: '前往首页',
  welcomeName: '欢迎，{{name}}',
} satisfies AreaTranslation<typeof english>;

import { defineMessages } from '../../i18n';

/** The access tokens page's words (/settings/tokens/). */
export const english = {
  title: 'Access tokens',
  intro: 'A token lets your own scripts and apps use {{brand}} as you, without your password. Keep it secret: anyone who has it can do what it allows.',
  logInFirst: 'Log in to manage your access tokens.',
  name: 'Token name',
  scope: 'Access',
  scopeRead: 'Read only',
  scopeWrite: 'Read and write (save Pins, make boards)',
  create: 'Create token',
  newTitle: 'Your new token',
  newIntro: 'Copy it now: this is the only time we show it.',
  copied: 'Copied',
  copy: 'Copy',
  listTitle: 'Your tokens',
  none: 'You have no access tokens.',
  lastUsed: 'Last used {{time}}',
  neverUsed: 'Never used',
  created: 'Created {{time}}',
  revoke: 'Revoke',
  revoked: 'The token is revoked: it no longer works.',
  dies: 'Tokens stop working when you change your password or your account is closed.',
  toSettings: 'Account settings',
};

export const messages = defineMessages('tokens', english, (lang) => import(`./locales/${lang}.ts`));
export const { t } = messages;

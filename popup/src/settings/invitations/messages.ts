import { defineMessages } from '../../i18n';

/** The invitations page's words (/settings/invitations/, SIGNUP_MODE=invite). */
export const english = {
  title: 'Invite people',
  intro: 'This {{brand}} is invitation only. Invite someone by email: they get a link that makes one account, for that address, within 14 days.',
  notInvite: 'This {{brand}} does not take invitations: its sign-ups are open or closed.',
  logInFirst: 'Log in to invite people.',
  email: 'Their email',
  send: 'Send invitation',
  sent: 'Invitation sent to {{email}}.',
  toSettings: 'Account settings',
};

export const messages = defineMessages('invitations', english, (lang) => import(`./locales/${lang}.ts`));
export const { t } = messages;

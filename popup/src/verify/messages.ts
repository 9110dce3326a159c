import { defineMessages } from '../i18n';

/**
 * Confirming an email address (issue 25): the page a confirmation mail links to (/email/verify/) and the
 * account settings' email section. Neither is on a save's way, so they come in a lazy chunk with their
 * words, translated into every language (i18n/catalogues.test.ts).
 */
export const english = {
  title: 'Confirm your email address',
  confirmIntro: 'Confirm that this email address is yours. Until then, invites sent to it wait for you.',
  confirm: 'Confirm email',
  confirming: 'Confirming…',
  doneTitle: 'Your email is verified',
  doneBody: '{{email}} is confirmed. Invites sent to it are yours to accept.',
  expired: 'This link has expired or was already used. Ask for a new one in your account settings.',
  claimed: 'This email address now belongs to another account.',
  toSettings: 'Go to account settings',
  sectionTitle: 'Email address',
  verified: '{{email}} is verified.',
  unverified: '{{email}} is not verified yet. Follow the link we emailed you.',
  pending: 'We emailed a link to {{email}}. It becomes your account’s email once you follow it.',
  resend: 'Resend email',
  sent: 'Email sent to {{email}}!',
  inviteWaits: "You're invited to this board. Confirm your email address to see it and join.",
  undoTitle: 'Undo the email change',
  undoIntro: 'Make this address your account’s email again and log out everywhere. Then reset your password.',
  undo: 'Undo the change',
  undone: '{{email}} is your account’s email again, and every session is logged out. Reset your password to log in.',
};

export const messages = defineMessages('verify', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;

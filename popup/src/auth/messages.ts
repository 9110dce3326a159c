import { DEACTIVATION_REASONS as R, SAFETY_MESSAGES as M } from '../../../api/src/auth/rules/recovery';
import { defineMessages, fromEnglish } from '../i18n';

/**
 * The account pages' and dialogs' words (issue 20): the reset page, two-factor step, recovery dialogs,
 * consents, the underage step, a provider sign-up's steps, the add-account page and the auth modal's
 * copy for containers other than saving. None is on a save's way, so they come in a lazy chunk.
 * Wording the specs give lives in api/src/auth/rules/recovery.ts (shared with the server): a key per value.
 * English is exported on its own so each locales/<lang>.ts is typed against it without a type cycle.
 */
export const english = {
  // The two-factor step (auth.md sections 2, 5 and 8).
  mfaTitle: 'Enter your verification code',
  mfaSms: 'We sent a 6-digit code to your phone number ending in {{digits}}.',
  mfaTotp: 'Enter the 6-digit code from your authenticator app.',
  mfaCode: 'Verification code',
  verify: 'Verify',
  resendCode: 'Resend code',
  mfaRequired: M.mfaRequired,
  mfaFormat: M.mfaFormat,
  mfaResent: M.mfaResent,
  // The server's answers to a code or a reset (api/src/lib/errors.contract.ts, word for word: auth.test.tsx).
  mfaInvalid: "That code didn't work. Check it or ask for a new one.",
  mfaSendLimited: "We've sent you a lot of codes. Try again in an hour.",
  resetTokenInvalid: 'This link has expired or was already used. Ask for a new one.',
  resetLimited: "We've had a lot of password reset requests. Try again in an hour.",
  // The recovery dialogs (auth.md sections 4 and 8).
  rateLimitedTitle: M.rateLimitedTitle,
  rateLimitedBody: M.rateLimitedBody,
  okay: M.okay,
  deactivatedTitle: M.deactivatedTitle,
  gotIt: M.gotIt,
  contactUs: M.contactUs,
  softBannedTitle: M.softBannedTitle,
  softBannedBody: M.softBannedBody,
  assistanceTitle: M.assistanceTitle,
  assistanceBody: M.assistanceBody,
  resendEmail: M.resendEmail,
  resetSentTitle: M.resetSentTitle,
  resetSentBody: M.resetSentBody,
  emailSent: M.emailSent,
  suspendedTitle: M.suspendedTitle,
  suspendedBody: M.suspendedBody,
  preventFacebookTitle: M.preventFacebookTitle,
  preventFacebookBody: M.preventFacebookBody,
  preventGoogleTitle: M.preventGoogleTitle,
  preventGoogleBody: M.preventGoogleBody,
  community_guidelines: R.community_guidelines,
  unusual_activity: R.unusual_activity,
  user_requested: R.user_requested,
  deactivatedReasons: 'Your account was deactivated for one of these reasons:',
  mistake: 'If you think this is a mistake, {{link}}.',
  resetPassword: 'Reset your password',
  // The reset page.
  findAccount: "Let's find your account",
  emailOrUsername: 'Email or username',
  sendReset: 'Send reset email',
  emailMissing: "You missed a spot! Don't forget to add your email.",
  passwordChanged: 'Your password has been changed',
  loggedOut: 'We logged you out everywhere. Log in with your new password.',
  pickPassword: 'Pick a new password',
  newPassword: 'New password',
  sendNewLink: 'Send a new link',
  changePassword: 'Change password',
  // Consents (kr_privacy_consent).
  consents: 'Consents',
  consentsIntro: "Before you can create an account, you'll need to agree to the required terms below.",
  agreeAll: 'Agree to all',
  terms: 'I agree to the Terms of Service (required)',
  collectionUsePersonalInfo: 'I agree to the collection and use of my personal information (required)',
  thirdPartyProvisionPersonalInfo: 'I agree to the provision of my personal information to third parties (required)',
  overseasTransferPersonalInfo: 'I agree to the transfer of my personal information overseas (required)',
  optionalMarketingConsent: 'I agree to receive marketing messages (optional)',
  next: 'Next',
  // The underage step (auth.md section 9).
  confirmBirthday: 'Confirm your birthday',
  underageHint: 'If the birthday you entered is right, confirm it. If you made a mistake, edit it.',
  edit: 'Edit',
  confirm: 'Confirm',
  birthdayConfirmed: 'Thanks for confirming your birthday.',
  // A provider sign-up's steps (auth.md sections 4, 5 and 8).
  unavailableTitle: "Oops! {{provider}} isn't available",
  unavailableBody: "Looks like {{provider}} isn't available right now. Give another option a try or refresh the page and try again later.",
  ok: 'OK',
  welcomeName: 'Welcome, {{name}}!',
  almostThere: 'Almost there',
  birthdayWhy: "Add your birthday to finish signing up. It won't be part of your public profile.",
  addEmail: 'Add your email',
  emailWhy: "We'll use it to keep your account safe and to help you log in.",
  emailRequired: 'Email is required',
  emailFormat: "Hmm... that doesn't look like an email address.",
  emailStepFailed: 'Oops! Something went wrong… Click Continue to try again.',
  alreadyAccount: 'You already have an account',
  alreadyAccountBody: '{{email}} already has an account. Log in to continue.',
  // The add-account page.
  switching: 'Logged in as {{name}}. Log in to another account to switch ({{count}} on this browser).',
  storedAccounts: 'Accounts on this browser',
  // The modal's copy where it was opened from elsewhere than a save (docs/decisions.md).
  downloadSignup: 'Sign up to download',
  downloadLogin: 'Log in to download',
  downloadSubtitle: 'Download this image and find more ideas like it.',
  followSignup: 'Sign up to follow {{name}}',
  followLogin: 'Log in to follow {{name}}',
  followSubtitle: 'See everything they save, in your home feed.',
  thisCreator: 'this creator',
  invited: '{{name}} invited you to a board',
  someone: 'Someone',
  inviteSubtitle: 'Sign up or log in to join the board and save ideas together.',
  replySignup: 'Sign up to reply',
  replyLogin: 'Log in to reply',
  replySubtitle: 'Reply to the message and share ideas.',
  businessSignup: 'Create a business account',
  businessLogin: 'Log in to your business account',
  businessSubtitle: 'Reach people looking for ideas like yours',
};

export const messages = defineMessages('account', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;
export type AccountKey = keyof typeof english;

/** A message that came in English (the server's, a rule's): this area's words for it when it has them, else the save flow's. */
export function translated(text: string): string {
  const key = (Object.keys(english) as AccountKey[]).find((k) => english[k] === text);
  return key ? t(key) : fromEnglish(text);
}

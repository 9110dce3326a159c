import { defineMessages } from '../../i18n';

/**
 * The security settings' words (issue 27): /settings/security/ (two-factor, password, email, sessions,
 * deactivation and deletion) and the two-factor step the advertiser area shows a business member. A lazy
 * chunk with its words in every language (i18n/catalogues.test.ts). "Your account has been deactivated"
 * and its reason are auth.md's (section 8); the rest is ours (docs/decisions/security-settings.md).
 */
export const english = {
  title: 'Security',
  toAccount: 'Account settings',
  toSecurity: 'Security settings',
  logInFirst: 'Log in to see your security settings.',
  // Two-factor.
  mfaTitle: 'Two-factor authentication',
  mfaOffIntro: 'Ask for a code as well as your password when you log in.',
  useApp: 'Use an authenticator app',
  useSms: 'Use text messages (SMS)',
  scanQr: 'Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  orKey: 'Or enter this key in the app:',
  phone: 'Phone number, with its country code',
  codeSentTo: 'We texted a code to your number ending in {{end}}.',
  code: 'Verification code',
  turnOn: 'Turn on',
  cancel: 'Cancel',
  backupTitle: 'Your backup codes',
  backupIntro: 'Each code logs you in once if you lose your phone. Keep them somewhere safe: this is the only time we show them.',
  backupDone: 'I saved my codes',
  mfaOnApp: 'Two-factor authentication is on. Codes come from your authenticator app.',
  mfaOnSms: 'Two-factor authentication is on. Codes are texted to your number ending in {{end}}.',
  backupLeft: 'Backup codes left: {{count}}',
  sessionNotPassed: 'This session started before two-factor authentication was turned on. Enter a code to use it for businesses you work for.',
  verifySession: 'Verify this session',
  sessionPassed: 'This session passed two-factor authentication.',
  turnOffTitle: 'Turn off two-factor authentication',
  codeOrBackup: 'Code or backup code',
  textMeCode: 'Text me a code',
  turnOff: 'Turn off',
  mfaTurnedOff: 'Two-factor authentication is off.',
  // Password and email.
  passwordTitle: 'Password',
  currentPassword: 'Current password',
  newPassword: 'New password',
  changePassword: 'Change password',
  passwordChanged: 'Your password is changed. Your other sessions are logged out.',
  noPassword: 'Your account has no password yet. Set one in your account settings.',
  emailTitle: 'Email address',
  currentEmail: 'Your email is {{email}}.',
  newEmail: 'New email address',
  changeEmail: 'Change email',
  emailLinkSent: 'We sent a link to {{email}}. Your email changes when you follow it.',
  // Sessions.
  sessionsTitle: 'Where you are logged in',
  thisSession: 'This session',
  deviceOn: '{{browser}} on {{system}}',
  unknownDevice: 'Unknown device',
  placeThisDevice: 'This computer',
  placeLocal: 'A local network',
  placeNetwork: 'Network {{network}}',
  placeUnknown: 'Unknown place',
  lastUsed: 'Last used {{time}}',
  logOut: 'Log out',
  logOutOthers: 'Log out of all other sessions',
  othersLoggedOut: 'Your other sessions are logged out.',
  // Deactivation and deletion.
  closeTitle: 'Deactivate or delete your account',
  deactivateIntro: 'Deactivating hides your profile, boards and Pins. Log in again any time to reactivate your account.',
  deactivate: 'Deactivate account',
  deleteIntro: 'Deleting removes your account, boards, Pins and settings for good. This can’t be undone.',
  deleteAccount: 'Delete account',
  confirmWith: 'To confirm, enter your password or a two-factor code.',
  deactivatedTitle: 'Your account has been deactivated',
  deactivatedBody: 'Log in again any time to reactivate it.',
  deletedTitle: 'Your account is deleted',
  deletedBody: 'We emailed you a notice. Thanks for being here.',
  home: 'Go home',
  // The business member's two-factor step (advertiser area).
  gateTitle: 'Two-factor authentication needed',
  gateOff: 'To act for a business you don’t own, turn on two-factor authentication first.',
  gateOn: 'To act for this business, enter a code from your authenticator app or phone to verify this session.',
  gateContinue: 'Verify and continue',
  // Errors, by the server's codes.
  wrongPassword: 'That password is incorrect.',
  wrongCode: 'That code didn’t work. Check it and try again.',
  tooManyTries: 'You’ve tried a lot of codes and passwords. Try again in 15 minutes.',
  tooManyCodes: 'We’ve sent you a lot of codes. Try again in an hour.',
  phoneInvalid: 'Enter a phone number with its country code, for example +1 555 000 1234.',
  startAgain: 'Start setting up two-factor authentication again.',
  sessionGone: 'That session has already ended.',
  sameEmail: 'That is already your email address.',
  emailTaken: 'An account with this email already exists.',
  emailInvalid: 'Your email is invalid.',
  proofNeeded: 'Enter your password, and a two-factor code when it is on, to continue.',
  logInAgain: 'For your security, log out and log in again first.',
  tooManyMails: 'We’ve sent a lot of emails. Try again in an hour.',
};

export const messages = defineMessages('security', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;

/** The server's codes this area answers in its own words (api/src/lib/errors.contract.ts); others show the server's message. */
export const ERROR_WORDS: Readonly<Record<number, keyof typeof english>> = {
  78: 'wrongPassword',
  114: 'wrongCode',
  310: 'tooManyTries',
  115: 'tooManyCodes',
  314: 'phoneInvalid',
  312: 'startAgain',
  315: 'sessionGone',
  316: 'sameEmail',
  83: 'emailTaken',
  80: 'emailInvalid',
  317: 'proofNeeded',
  205: 'logInAgain',
  262: 'tooManyMails',
};

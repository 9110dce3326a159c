import { defineMessages } from '../../i18n';

/**
 * Profile settings and the website claim (issue 27): /settings/profile/ and /settings/claim/. A lazy
 * chunk with its words, translated into every language (i18n/catalogues.test.ts).
 */
export const english = {
  title: 'Edit profile',
  claimTitle: 'Claim your website or Instagram',
  claimBody: 'The website on your profile is the one you can claim. Enter your site or your Instagram profile below and save.',
  photo: 'Photo',
  photoAlt: 'Your profile photo',
  changePhoto: 'Change photo',
  removePhoto: 'Remove photo',
  photoSaved: 'Your new photo is saved.',
  photoFailed: "We couldn't use that image. Choose another one.",
  firstName: 'First name',
  lastName: 'Last name',
  username: 'Username',
  usernameHint: 'Your profile: {{url}}',
  about: 'About',
  website: 'Website',
  save: 'Save',
  saving: 'Saving…',
  saved: 'Your profile is saved.',
  nameRequired: 'Enter your name.',
  usernameInvalid: 'Usernames are 3 to 30 characters: letters, numbers and underscores.',
  usernameTaken: 'That username is taken. Try another one.',
  websiteInvalid: 'Enter a website address that starts with http:// or https://.',
  viewProfile: 'View your profile',
  accountSettings: 'Account settings',
  editProfile: 'Edit profile',
  officialTitle: "Official website",
  officialNoWebsite: "Add your website above and save: then you can claim it.",
  officialIntro: "Prove {{domain}} is yours and your account becomes its official account: people who save Pins from it see your card.",
  officialClaim: "Claim {{domain}}",
  officialTagIntro: "Add this tag inside the <head> of your home page, then check it.",
  officialTag: "Verification tag",
  officialVerify: "Check my website",
  officialNewTag: "Get a new tag",
  officialProved: "Your website is verified.",
  officialHeld: "Your account is the official account of {{domain}}.",
  officialUnclaim: "Un-claim {{domain}}",
  officialLetGo: "You are no longer the official account of {{domain}}.",
};

export const messages = defineMessages('profileSettings', english, (lang) => import(`./locales/${lang}.ts`));

export const { t } = messages;

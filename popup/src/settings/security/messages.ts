import englishWords from '../../../../locales/en/settings-security.json';
import { defineMessages } from '../../i18n';

/**
 * The security settings' words: /settings/security/ (two-factor, password, email, sessions,
 * deactivation and deletion) and the two-factor step the advertiser area shows a business member. A lazy
 * chunk with its words in every language (i18n/catalogues.test.ts). "Your account has been deactivated"
 * and its reason are the; the rest is ours (docs/decisions/security-settings.md).
 */
export const english = englishWords;

export const messages = defineMessages('security', english, (lang) => import(`../../../../locales/${lang}/settings-security.json`));

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

import { BRAND } from '../brand';
import { t } from '../i18n';
/**
 * Where the auth modal was opened and the copy that goes with it. The spec names
 * the containers but does not show their titles; ours are in docs/decisions.md.
 */
export type Container =
  | 'save'
  | 'download'
  | 'follow'
  | 'boardInvite'
  | 'home_page'
  | 'pinBookmarklet'
  | 'respondMessage'
  | 'login_page'
  | 'signup_page'
  | 'revamped_business_login_page';

export interface ContainerContext {
  /** The creator, for the follow container. */
  creator?: { fullName: string; imageUrl: string | null };
  /** The inviter, for the board-invite container. */
  inviter?: { firstName: string };
}

export interface ContainerCopy {
  signupTitle: string;
  loginTitle: string;
  subtitle: string;
}

/**
 * The copy of the containers a save or the product's own pages open the modal from, in the save flow's
 * catalogue; null for the others (download, follow, invite, reply, business), whose words are the
 * account area's (accountCopy.ts, a lazy chunk: the save popup never shows them).
 */
export function containerCopy(container: Container): ContainerCopy | null {
  switch (container) {
    case 'save':
      return { signupTitle: t('auth.signupToSave'), loginTitle: t('auth.loginToSave'), subtitle: t('auth.saveSubtitle') };
    case 'pinBookmarklet':
      return { signupTitle: t('auth.signupBookmarklet'), loginTitle: t('auth.loginBookmarklet'), subtitle: t('auth.bookmarkletSubtitle') };
    case 'home_page':
    case 'signup_page':
    case 'login_page':
      return { signupTitle: t('auth.homeTitle', { brand: BRAND }), loginTitle: t('auth.logIn'), subtitle: t('auth.findIdeas') };
    default:
      return null;
  }
}

/** The sign-up form shows at once for the home page (and the full sign-up page); elsewhere after 'Continue with email'. */
export const showsFormAtOnce = (container: Container) => container === 'home_page' || container === 'signup_page';

/** The pin thumbnail is shown for save and download. */
export const showsPin = (container: Container) => container === 'save' || container === 'download';

const CONTAINERS: readonly Container[] = [
  'save',
  'download',
  'follow',
  'boardInvite',
  'home_page',
  'pinBookmarklet',
  'respondMessage',
  'login_page',
  'signup_page',
  'revamped_business_login_page',
];
export function readContainer(value: string | null, fallback: Container): Container {
  return value && (CONTAINERS as readonly string[]).includes(value) ? (value as Container) : fallback;
}

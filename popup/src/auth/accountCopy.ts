import type { Container, ContainerContext, ContainerCopy } from './containers';
import { t } from './messages';

/** The modal's copy for the containers that are not on a save's way (containers.ts has the others). */
export function accountCopy(container: Container, context: ContainerContext = {}): ContainerCopy {
  switch (container) {
    case 'download':
      return { signupTitle: t('downloadSignup'), loginTitle: t('downloadLogin'), subtitle: t('downloadSubtitle') };
    case 'follow': {
      const name = context.creator?.fullName ?? t('thisCreator');
      return { signupTitle: t('followSignup', { name }), loginTitle: t('followLogin', { name }), subtitle: t('followSubtitle') };
    }
    case 'boardInvite': {
      const title = t('invited', { name: context.inviter?.firstName ?? t('someone') });
      return { signupTitle: title, loginTitle: title, subtitle: t('inviteSubtitle') };
    }
    case 'respondMessage':
      return { signupTitle: t('replySignup'), loginTitle: t('replyLogin'), subtitle: t('replySubtitle') };
    default:
      return { signupTitle: t('businessSignup'), loginTitle: t('businessLogin'), subtitle: t('businessSubtitle') };
  }
}

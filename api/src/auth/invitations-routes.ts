import type { Config } from '../config.js';
import { NO_LIMIT } from '../lib/declare.js';
import { clientAddress } from '../lib/client-address.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { authContract } from './contract.js';
import type { invitationSender } from './signup-mode.js';

/**
 * The invitations page's resource (/settings/invitations/): whether this server takes invitations, and one
 * sent. In invite mode any logged-in account whose own email is verified may invite (there is no operator
 * role on the web yet; the operator's own way is `npm run admin -- invite <email>`), under the invite limits.
 */
export function invitationResources(sender: ReturnType<typeof invitationSender>, config: Pick<Config, 'signupMode' | 'trustProxy'>) {
  return {
    SignupInvitationResource: {
      get: action({ ...authContract.SignupInvitationResource.get, caller: 'visitor', limit: NO_LIMIT.read, run: () => ({ signup_mode: config.signupMode }) }),
      create: action({
        ...authContract.SignupInvitationResource.create,
        caller: 'user',
        limit: ['inviteAccount', 'inviteAddress', 'inviteRecipient'],
        policy: 'SIGNUP_MODE=invite; an account with a verified email',
        errors: ['invitations_off', 'email_unverified', 'email_invalid'],
        run: async (o, { c, viewer }) => ({ email: (await sender.invite(viewer, o.email, clientAddress(c, config.trustProxy))).email }),
      }),
    },
  } satisfies ResourceRegistry;
}

import { z } from 'zod';
import type { Config } from '../config.js';
import { NO_LIMIT } from '../lib/declare.js';
import { clientAddress } from '../lib/client-address.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import type { invitationSender } from './signup-mode.js';

export const invitationAnswers = {
  SignupInvitationResource: {
    get: z.object({ signup_mode: z.enum(['open', 'invite', 'closed']) }),
    create: z.object({ email: z.string() }),
  },
};

/**
 * The invitations page's resource (/settings/invitations/): whether this server takes invitations, and one
 * sent. In invite mode any logged-in account whose own email is verified may invite (there is no operator
 * role on the web yet; the operator's own way is `npm run admin -- invite <email>`), under the invite limits.
 */
export function invitationResources(sender: ReturnType<typeof invitationSender>, config: Pick<Config, 'signupMode' | 'trustProxy'>) {
  return {
    SignupInvitationResource: {
      get: legacyAction({ caller: 'visitor', limit: NO_LIMIT.read, options: z.object({}), run: () => ({ signup_mode: config.signupMode }) }),
      create: legacyAction({
        caller: 'user',
        limit: ['inviteAccount', 'inviteAddress', 'inviteRecipient'],
        policy: 'SIGNUP_MODE=invite; an account with a verified email',
        options: z.object({ email: z.string().trim().min(1, 'Enter an email address.').max(254, 'Must be at most 254 characters.') }),
        errors: ['invitations_off', 'email_unverified', 'email_invalid'],
        run: async (o, { c, viewer }) => ({ email: (await sender.invite(viewer, o.email, clientAddress(c, config.trustProxy))).email }),
      }),
    },
  } satisfies ResourceRegistry;
}

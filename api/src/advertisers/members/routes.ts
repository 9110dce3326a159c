import { NO_LIMIT } from '../../lib/declare.js';
import { z } from 'zod';
import { clientAddress } from '../../lib/client-address.js';
import { legacyAction, type ResourceRegistry } from '../../lib/resources.js';
import { id } from '../../lib/validation.js';
import type { MembersService } from './service.js';
import { MEMBER_ROLES } from './rules.js';

const scoped = { advertiser_id: id };
const role = z.enum(MEMBER_ROLES, { error: 'role: Choose ADMIN or OWNER.' });

/** Business members (issue 27): the members page's calls. Who may do each is memberRule's (policy/rules.ts). */
export function memberResources(members: MembersService, trustProxy: boolean) {
  return {
    AdvertiserMembersResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, policy: 'business member', options: z.object(scoped), run: (o, { viewer }) => members.list(viewer, o.advertiser_id) }),
    },
    AdvertiserMemberInviteResource: {
      create: legacyAction({
        caller: 'user', limit: ['inviteAccount', 'inviteAddress', 'inviteRecipient'], policy: 'business owner',
        options: z.object({ ...scoped, email: z.string().trim().max(254), role: role.default('ADMIN') }),
        run: (o, { c, viewer }) => members.invite(viewer, o.advertiser_id, { email: o.email, role: o.role }, clientAddress(c, trustProxy)),
      }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, policy: 'business owner', options: z.object({ ...scoped, email: z.string().trim().max(254) }), run: (o, { viewer }) => members.cancelInvite(viewer, o.advertiser_id, o.email) }),
    },
    AdvertiserMemberInviteAcceptResource: {
      create: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ token: z.string().min(10).max(100) }), run: (o, { viewer }) => members.accept(viewer, o.token) }),
    },
    AdvertiserMemberResource: {
      update: legacyAction({ caller: 'user', limit: NO_LIMIT.write, policy: 'business owner', options: z.object({ ...scoped, user_id: id, role }), run: (o, { viewer }) => members.setRole(viewer, o.advertiser_id, o.user_id, o.role) }),
      delete: legacyAction({ caller: 'user', limit: NO_LIMIT.write, policy: 'business owner, or the member leaving', options: z.object({ ...scoped, user_id: id }), run: (o, { viewer }) => members.remove(viewer, o.advertiser_id, o.user_id) }),
    },
    AdvertiserOwnerResource: {
      update: legacyAction({ caller: 'user', limit: NO_LIMIT.write, policy: 'business owner', options: z.object({ ...scoped, user_id: id }), run: (o, { viewer }) => members.transfer(viewer, o.advertiser_id, o.user_id) }),
    },
  } satisfies ResourceRegistry;
}

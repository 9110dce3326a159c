import { NO_LIMIT } from '../../lib/declare.js';
import { clientAddress } from '../../lib/client-address.js';
import { action, type ResourceRegistry } from '../../lib/resources.js';
import { membersContract } from './contract.js';
import type { MembersService } from './service.js';

/** Business members: the members page's calls. Who may do each is memberRule's (policy/rules.ts). */
export function memberResources(members: MembersService, trustProxy: boolean) {
  return {
    AdvertiserMembersResource: {
      get: action({
        ...membersContract.AdvertiserMembersResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        policy: 'business member',
        run: (o, { viewer }) => members.list(viewer, o.advertiser_id),
      }),
    },
    AdvertiserMemberInviteResource: {
      create: action({
        ...membersContract.AdvertiserMemberInviteResource.create,
        caller: 'user',
        limit: ['inviteAccount', 'inviteAddress', 'inviteRecipient'],
        policy: 'business owner',
        run: (o, { c, viewer }) => members.invite(viewer, o.advertiser_id, { email: o.email, role: o.role }, clientAddress(c, trustProxy)),
      }),
      delete: action({
        ...membersContract.AdvertiserMemberInviteResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        policy: 'business owner',
        run: (o, { viewer }) => members.cancelInvite(viewer, o.advertiser_id, o.email),
      }),
    },
    AdvertiserMemberInviteAcceptResource: {
      create: action({
        ...membersContract.AdvertiserMemberInviteAcceptResource.create,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => members.accept(viewer, o.token),
      }),
    },
    AdvertiserMemberResource: {
      update: action({
        ...membersContract.AdvertiserMemberResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        policy: 'business owner',
        run: (o, { viewer }) => members.setRole(viewer, o.advertiser_id, o.user_id, o.role),
      }),
      delete: action({
        ...membersContract.AdvertiserMemberResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        policy: 'business owner, or the member leaving',
        run: (o, { viewer }) => members.remove(viewer, o.advertiser_id, o.user_id),
      }),
    },
    AdvertiserOwnerResource: {
      update: action({
        ...membersContract.AdvertiserOwnerResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        policy: 'business owner',
        run: (o, { viewer }) => members.transfer(viewer, o.advertiser_id, o.user_id),
      }),
    },
  } satisfies ResourceRegistry;
}

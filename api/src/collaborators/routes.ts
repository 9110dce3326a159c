import { NO_LIMIT } from '../lib/declare.js';
import type { Config } from '../config.js';
import { clientAddress } from '../lib/client-address.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { collaboratorsContract } from './contract.js';
import type { CollaboratorsService } from './service.js';

export function collaboratorResources(collaborators: CollaboratorsService, config: Pick<Config, 'trustProxy'>) {
  return {
    ShareSuggestionsTypeaheadResource: {
      get: action({
        ...collaboratorsContract.ShareSuggestionsTypeaheadResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => collaborators.suggestions(viewer.id, o.term),
      }),
    },
    BoardInviteResource: {
      create: action({
        ...collaboratorsContract.BoardInviteResource.create,
        caller: 'user',
        limit: ['inviteAccount', 'inviteAddress', 'inviteRecipient'],
        run: (o, { c, viewer }) =>
          collaborators.invite(viewer.id, { boardId: o.board_id, userIds: o.invited_user_ids, emails: o.emails }, clientAddress(c, config.trustProxy)),
      }),
      delete: action({
        ...collaboratorsContract.BoardInviteResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        // Declining one's own invite also clears an invite to one's email.
        run: (o, { viewer }) =>
          o.invited_user_id === viewer.id ? collaborators.decline(viewer, o.board_id) : collaborators.removeInvite(viewer.id, o.board_id, o.invited_user_id),
      }),
      // The invite the viewer holds on a board (the board page's notice), and accepting it.
      get: action({
        ...collaboratorsContract.BoardInviteResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (key, { viewer }) => collaborators.pending(viewer, key),
      }),
      update: action({
        ...collaboratorsContract.BoardInviteResource.update,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => collaborators.accept(viewer, o.board_id),
      }),
    },
    BoardCollaboratorResource: {
      delete: action({
        ...collaboratorsContract.BoardCollaboratorResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => collaborators.removeCollaborator(viewer.id, o.board_id, o.invited_user_id),
      }),
    },
    // The owner's list of invites nobody has taken up yet, and withdrawing one (board settings).
    BoardPendingInvitesResource: {
      get: action({
        ...collaboratorsContract.BoardPendingInvitesResource.get,
        caller: 'user',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => collaborators.pendingInvites(viewer.id, o.board_id),
      }),
      delete: action({
        ...collaboratorsContract.BoardPendingInvitesResource.delete,
        caller: 'user',
        limit: NO_LIMIT.write,
        run: (o, { viewer }) => collaborators.withdrawInvite(viewer.id, o.board_id, 'email' in o ? { email: o.email } : { userId: o.invited_user_id }),
      }),
    },
    BoardCollaboratorsResource: {
      // Open to visitors on a public board (accepted collaborators only); members see pending invites too.
      get: action({
        ...collaboratorsContract.BoardCollaboratorsResource.get,
        caller: 'visitor',
        limit: NO_LIMIT.read,
        run: (o, { viewer }) => collaborators.list(viewer, o.board_id),
      }),
    },
  } satisfies ResourceRegistry;
}

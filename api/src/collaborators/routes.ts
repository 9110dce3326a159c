import { NO_LIMIT } from '../lib/declare.js';
import { z } from 'zod';
import type { Config } from '../config.js';
import { clientAddress } from '../lib/client-address.js';
import { legacyAction, type ResourceRegistry } from '../lib/resources.js';
import { id } from '../lib/validation.js';
import { suggestionsAnswer } from './contract.js';
import type { CollaboratorsService } from './service.js';
import { boardKey } from '../boards/routes.js';

export function collaboratorResources(collaborators: CollaboratorsService, config: Pick<Config, 'trustProxy'>) {
  return {
    ShareSuggestionsTypeaheadResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({ term: z.string().max(254) }), answer: suggestionsAnswer, run: (o, { viewer }) => collaborators.suggestions(viewer.id, o.term) }),
    },
    BoardInviteResource: {
      create: legacyAction({
        caller: 'user', limit: ['inviteAccount', 'inviteAddress', 'inviteRecipient'],
        options: z.object({
          board_id: id,
          invited_user_ids: z.array(id).max(50).default([]),
          emails: z.array(z.string().max(254)).max(50).default([]),
        }),
        run: (o, { c, viewer }) =>
          collaborators.invite(viewer.id, { boardId: o.board_id, userIds: o.invited_user_ids, emails: o.emails }, clientAddress(c, config.trustProxy)),
      }),
      delete: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({ board_id: id, invited_user_id: id }),
        // Declining one's own invite also clears an invite to one's email (issue 19).
        run: (o, { viewer }) => (o.invited_user_id === viewer.id ? collaborators.decline(viewer, o.board_id) : collaborators.removeInvite(viewer.id, o.board_id, o.invited_user_id)),
      }),
      // The invite the viewer holds on a board (the board page's notice), and accepting it (issue 19).
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: boardKey, run: (key, { viewer }) => collaborators.pending(viewer, key) }),
      update: legacyAction({ caller: 'user', limit: NO_LIMIT.write, options: z.object({ board_id: id }), run: (o, { viewer }) => collaborators.accept(viewer, o.board_id) }),
    },
    BoardCollaboratorResource: {
      delete: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.object({ board_id: id, invited_user_id: id, field_set_key: z.string().max(64).optional() }),
        run: (o, { viewer }) => collaborators.removeCollaborator(viewer.id, o.board_id, o.invited_user_id),
      }),
    },
    // The owner's list of invites nobody has taken up yet, and withdrawing one (board settings).
    BoardPendingInvitesResource: {
      get: legacyAction({ caller: 'user', limit: NO_LIMIT.read, options: z.object({ board_id: id }), run: (o, { viewer }) => collaborators.pendingInvites(viewer.id, o.board_id) }),
      delete: legacyAction({
        caller: 'user', limit: NO_LIMIT.write,
        options: z.union([z.object({ board_id: id, invited_user_id: id }).strict(), z.object({ board_id: id, email: z.string().min(1).max(254) }).strict()]),
        run: (o, { viewer }) => collaborators.withdrawInvite(viewer.id, o.board_id, 'email' in o ? { email: o.email } : { userId: o.invited_user_id }),
      }),
    },
    BoardCollaboratorsResource: {
      // Open to visitors on a public board (accepted collaborators only); members see pending invites too.
      get: legacyAction({ caller: 'visitor', limit: NO_LIMIT.read, options: z.object({ board_id: id }), run: (o, { viewer }) => collaborators.list(viewer, o.board_id) }),
    },
  } satisfies ResourceRegistry;
}

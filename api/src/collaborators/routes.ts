import { z } from 'zod';
import type { Config } from '../config.js';
import { clientAddress } from '../lib/client-address.js';
import { action, type ResourceRegistry } from '../lib/resources.js';
import { id } from '../lib/validation.js';
import type { CollaboratorsService } from './service.js';

export function collaboratorResources(collaborators: CollaboratorsService, config: Pick<Config, 'trustProxy'>): ResourceRegistry {
  return {
    ShareSuggestionsTypeaheadResource: {
      get: action({ auth: true, options: z.object({ term: z.string().max(254) }), run: (o, { viewer }) => collaborators.suggestions(viewer.id, o.term) }),
    },
    BoardInviteResource: {
      create: action({
        auth: true,
        options: z.object({
          board_id: id,
          invited_user_ids: z.array(id).max(50).default([]),
          emails: z.array(z.string().max(254)).max(50).default([]),
        }),
        run: (o, { c, viewer }) =>
          collaborators.invite(viewer.id, { boardId: o.board_id, userIds: o.invited_user_ids, emails: o.emails }, clientAddress(c, config.trustProxy)),
      }),
      delete: action({ auth: true, options: z.object({ board_id: id, invited_user_id: id }), run: (o, { viewer }) => collaborators.removeInvite(viewer.id, o.board_id, o.invited_user_id) }),
    },
    BoardCollaboratorsResource: {
      get: action({ auth: true, options: z.object({ board_id: id }), run: (o, { viewer }) => collaborators.list(viewer.id, o.board_id) }),
    },
  };
}

import { z } from 'zod';
import type { ActionAnswers } from '../lib/envelope.contract.js';

/**
 * A typeahead candidate for a board's collaborators, as the contract (issue 26):
 * someone with an account, or an email address to invite. Pure zod, the type inferred.
 */
export const candidate = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), id: z.string(), username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable() }),
  z.object({ type: z.literal('email'), id: z.string(), email: z.string(), valid: z.boolean() }),
]);
export type Candidate = z.infer<typeof candidate>;

/** ShareSuggestionsTypeaheadResource: at most five candidates. */
export const suggestionsAnswer = z.array(candidate);

/**
 * The answers of this capability's resource actions, by resource and action (issue 26): /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const collaboratorsAnswers = {
  BoardInviteResource: {
    create: z.object({ board_id: z.string(), invited_user_ids: z.array(z.string()), emails: z.array(z.string()) }),
    delete: z.object({ board_id: z.string(), invited_user_id: z.string() }),
    get: z.object({
      board: z.object({ id: z.string(), name: z.string(), url: z.string(), privacy: z.enum(['protected', 'public', 'secret']) }),
      owner: z.object({ username: z.string(), full_name: z.string() }),
    }),
    update: z.object({ board_id: z.string(), status: z.literal('accepted') }),
  },
  BoardCollaboratorResource: {
    delete: z.object({ board_id: z.string(), invited_user_id: z.string() }),
  },
  BoardPendingInvitesResource: {
    get: z.object({
      board_id: z.string(),
      users: z.array(z.object({ id: z.string(), username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable() })),
      emails: z.array(z.object({ email: z.string(), created_at: z.number() })),
    }),
    delete: z.union([z.object({ board_id: z.string(), invited_user_id: z.string() }), z.object({ board_id: z.string(), email: z.string() })]),
  },
  BoardCollaboratorsResource: {
    get: z.array(z.object({
      id: z.string(),
      username: z.string(),
      full_name: z.string(),
      image_medium_url: z.string().nullable(),
      status: z.enum(['accepted', 'invited']),
    })),
  },
} satisfies ActionAnswers;

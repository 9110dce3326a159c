import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { id } from '../lib/validation.js';
import { boardKey } from '../boards/contract.js';

/**
 * A typeahead candidate for a board's collaborators, as the contract:
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
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const collaboratorsContract = {
  BoardInviteResource: {
    create: {
      options: z.object({
        board_id: id,
        invited_user_ids: z.array(id).max(50).default([]),
        emails: z.array(z.string().max(254)).max(50).default([]),
      }),
      answer: z.object({ board_id: z.string(), invited_user_ids: z.array(z.string()), emails: z.array(z.string()) }),
    },
    delete: { options: z.object({ board_id: id, invited_user_id: id }), answer: z.object({ board_id: z.string(), invited_user_id: z.string() }) },
    get: {
      options: boardKey,
      answer: z.object({
        board: z.object({ id: z.string(), name: z.string(), url: z.string(), privacy: z.enum(['protected', 'public', 'secret']) }),
        owner: z.object({ username: z.string(), full_name: z.string() }),
      }),
    },
    update: { options: z.object({ board_id: id }), answer: z.object({ board_id: z.string(), status: z.literal('accepted') }) },
  },
  BoardCollaboratorResource: {
    delete: {
      options: z.object({ board_id: id, invited_user_id: id, field_set_key: z.string().max(64).optional() }),
      answer: z.object({ board_id: z.string(), invited_user_id: z.string() }),
    },
  },
  BoardPendingInvitesResource: {
    get: {
      options: z.object({ board_id: id }),
      answer: z.object({
        board_id: z.string(),
        users: z.array(z.object({ id: z.string(), username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable() })),
        emails: z.array(z.object({ email: z.string(), created_at: z.number() })),
      }),
    },
    delete: {
      options: z.union([z.object({ board_id: id, invited_user_id: id }).strict(), z.object({ board_id: id, email: z.string().min(1).max(254) }).strict()]),
      answer: z.union([z.object({ board_id: z.string(), invited_user_id: z.string() }), z.object({ board_id: z.string(), email: z.string() })]),
    },
  },
  BoardCollaboratorsResource: {
    get: {
      options: z.object({ board_id: id }),
      answer: z.array(
        z.object({
          id: z.string(),
          username: z.string(),
          full_name: z.string(),
          image_medium_url: z.string().nullable(),
          status: z.enum(['accepted', 'invited']),
        }),
      ),
    },
  },
  ShareSuggestionsTypeaheadResource: {
    get: { options: z.object({ term: z.string().max(254) }), answer: suggestionsAnswer },
  },
} satisfies ContractTable;

import { z } from 'zod';
import { MEMBER_ROLES } from './rules.js';
import type { ContractTable } from '../../lib/envelope.contract.js';
import { id } from '../../lib/validation.js';

export const scoped = { advertiser_id: id };

export const role = z.enum(MEMBER_ROLES, { error: 'role: Choose ADMIN or OWNER.' });

/** A business's members (AdvertiserMembersResource get), as the contract: pure zod, the type inferred. */
const person = z.object({ user_id: z.string(), username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable() });

export const membersAnswer = z.object({
  owner: person.nullable(),
  members: z.array(person.extend({ role: z.enum(MEMBER_ROLES), is_me: z.boolean() })),
  /** Pending invites, for those who manage only. */
  invites: z.array(z.object({ email: z.string(), role: z.enum(MEMBER_ROLES), expires_at: z.number() })),
  can_manage: z.boolean(),
  is_owner: z.boolean(),
});
export type MembersAnswer = z.infer<typeof membersAnswer>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const membersContract = {
  AdvertiserMembersResource: {
    get: {
      options: z.object(scoped),
      answer: z.object({
        owner: z
          .object({
            user_id: z.string(),
            username: z.string(),
            full_name: z.string(),
            image_medium_url: z.string().nullable(),
          })
          .nullable(),
        members: z.array(
          z.object({
            user_id: z.string(),
            username: z.string(),
            full_name: z.string(),
            image_medium_url: z.string().nullable(),
            role: z.enum(['ADMIN', 'OWNER']),
            is_me: z.boolean(),
          }),
        ),
        invites: z.array(z.object({ email: z.string(), role: z.enum(['ADMIN', 'OWNER']), expires_at: z.number() })),
        can_manage: z.boolean(),
        is_owner: z.boolean(),
      }),
    },
  },
  AdvertiserMemberInviteResource: {
    create: {
      options: z.object({ ...scoped, email: z.string().trim().max(254), role: role.default('ADMIN') }),
      answer: z.object({ email: z.string(), role: z.enum(['ADMIN', 'OWNER']) }),
    },
    delete: { options: z.object({ ...scoped, email: z.string().trim().max(254) }), answer: z.object({ email: z.string() }) },
  },
  AdvertiserMemberInviteAcceptResource: {
    create: { options: z.object({ token: z.string().min(10).max(100) }), answer: z.object({ advertiser_id: z.string(), name: z.string() }) },
  },
  AdvertiserMemberResource: {
    update: { options: z.object({ ...scoped, user_id: id, role }), answer: z.object({ user_id: z.string(), role: z.enum(['ADMIN', 'OWNER']) }) },
    delete: { options: z.object({ ...scoped, user_id: id }), answer: z.object({ user_id: z.string(), removed: z.boolean() }) },
  },
  AdvertiserOwnerResource: {
    update: { options: z.object({ ...scoped, user_id: id }), answer: z.object({ advertiser_id: z.string(), owner_user_id: z.string() }) },
  },
} satisfies ContractTable;

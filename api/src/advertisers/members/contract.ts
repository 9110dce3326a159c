import { z } from 'zod';
import { MEMBER_ROLES } from './rules.js';

/** A business's members (issue 27, AdvertiserMembersResource get), as the contract (issue 26): pure zod, the type inferred. */
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

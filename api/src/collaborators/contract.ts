import { z } from 'zod';

/**
 * A typeahead candidate for a board's collaborators (saving.md section 7), as the contract (issue 26):
 * someone with an account, or an email address to invite. Pure zod, the type inferred.
 */
export const candidate = z.discriminatedUnion('type', [
  z.object({ type: z.literal('user'), id: z.string(), username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable() }),
  z.object({ type: z.literal('email'), id: z.string(), email: z.string(), valid: z.boolean() }),
]);
export type Candidate = z.infer<typeof candidate>;

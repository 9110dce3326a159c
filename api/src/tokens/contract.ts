import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { TOKEN_NAME_MAX, TOKEN_SCOPES } from './rules.js';

/** Personal access tokens (tokens/): the settings page at /settings/tokens/ makes, lists and revokes them. */

export const tokenName = z.string().trim().min(1, 'Name your token.').max(TOKEN_NAME_MAX, `Must be at most ${TOKEN_NAME_MAX} characters.`);

/** A token as the list shows it: never its secret. */
export const accessToken = z.object({
  id: z.string(),
  name: z.string(),
  scope: z.enum(TOKEN_SCOPES),
  created_at: z.number(),
  last_used_at: z.number().nullable(),
});
export type AccessToken = z.infer<typeof accessToken>;

export const tokensContract = {
  AccessTokenResource: {
    get: { options: z.object({}), answer: z.array(accessToken) },
    // The secret, shown this once.
    create: {
      options: z.object({ name: tokenName, scope: z.enum(TOKEN_SCOPES), password: z.string().max(256).optional(), code: z.string().trim().max(16).optional() }),
      answer: accessToken.extend({ token: z.string() }),
    },
    delete: { options: z.object({ id: z.string().min(1).max(32) }), answer: z.object({ revoked: z.literal(true) }) },
  },
} satisfies ContractTable;

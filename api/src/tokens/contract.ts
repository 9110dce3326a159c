import { z } from 'zod';
import type { ActionAnswers } from '../lib/envelope.contract.js';
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

export const tokensAnswers = {
  AccessTokenResource: {
    get: z.array(accessToken),
    // The secret, shown this once.
    create: accessToken.extend({ token: z.string() }),
    delete: z.object({ revoked: z.literal(true) }),
  },
} satisfies ActionAnswers;

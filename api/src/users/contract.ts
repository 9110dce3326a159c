import { z } from 'zod';
import type { UsersService } from './service.js';

/** Profile settings (issue 27, UserSettingsResource get), as the contract (issue 26): pure zod, the type inferred. */
export const profileSettingsAnswer = z.object({
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  about: z.string(),
  website_url: z.string(),
  image_medium_url: z.string().nullable(),
});
export type ProfileSettingsAnswer = z.infer<typeof profileSettingsAnswer>;

/**
 * Answers not yet written as zod schemas (issue 26): typed by what the service returns. Type-only imports,
 * so the contract stays pure at run time and the web app reads its types here, never in a service.
 */
export type SuccessAnswer = Awaited<ReturnType<UsersService['saveSuccess']>>;
export type ProfileAnswer = Awaited<ReturnType<UsersService['profile']>>;
export type FollowersAnswer = Awaited<ReturnType<UsersService['followers']>>;

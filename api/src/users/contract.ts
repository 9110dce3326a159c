import { z } from 'zod';

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

import { z } from 'zod';

/**
 * The viewer's answers (auth.md section 3), as the contract (issue 26): pure zod, the types inferred. The
 * routes answer with them (routes.ts viewerJson), /openapi.json publishes them, the web app reads the types.
 */

/** A browser this product remembers (a LIMITED_LOGIN viewer): the welcome-back log-in's name and picture. */
export const recognisedInfo = z.object({
  firstName: z.string(),
  imageUrl: z.string().nullable(),
  email: z.string(),
  hasPassword: z.boolean(),
  connectedToFacebook: z.boolean(),
  connectedToGoogle: z.boolean(),
});
export type RecognisedInfo = z.infer<typeof recognisedInfo>;

/** ViewerResource get: UNAUTH, LIMITED_LOGIN (recognised, with info) or AUTH. */
export const viewerAnswer = z.discriminatedUnion('type', [
  z.object({ type: z.literal('UNAUTH') }),
  z.object({ type: z.literal('LIMITED_LOGIN'), info: recognisedInfo }),
  z.object({
    type: z.literal('AUTH'),
    user: z.object({ id: z.string(), username: z.string(), first_name: z.string(), full_name: z.string(), image_medium_url: z.string().nullable(), pin_count: z.number().int() }),
  }),
]);
export type ViewerData = z.infer<typeof viewerAnswer>;

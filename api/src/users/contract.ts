import { z } from 'zod';
import type { ActionAnswers } from '../lib/envelope.contract.js';

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
 * A person's official domain (UserDomainClaimResource): their profile's website, its domain, the domain they
 * are the official account of (null: none), and the tag to put on the site while a claim waits for its proof.
 */
export const domainClaimAnswer = z.object({
  website_url: z.string().nullable(),
  domain: z.string().nullable(),
  verified_domain: z.string().nullable(),
  meta_tag: z.string().nullable(),
});
export type DomainClaimAnswer = z.infer<typeof domainClaimAnswer>;

/** The web app's types of the answers below. */
export type SuccessAnswer = z.infer<typeof usersAnswers.PinCreateSuccessResource.get>;
export type ProfileAnswer = z.infer<typeof usersAnswers.UserResource.get>;
export type FollowersAnswer = z.infer<typeof followPeopleAnswer>;

/** Shapes more than one answer below (or another capability's) is made of. */
export const followPeopleAnswer = z.object({
  users: z.array(z.object({
    id: z.string(),
    username: z.string(),
    full_name: z.string(),
    image_medium_url: z.string().nullable(),
    followedByMe: z.boolean(),
  })),
  bookmark: z.string(),
});

/**
 * The answers of this capability's resource actions, by resource and action (issue 26): /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const usersAnswers = {
  UserSettingsResource: {
    get: profileSettingsAnswer,
    update: profileSettingsAnswer,
  },
  UserAvatarResource: {
    create: profileSettingsAnswer,
    delete: profileSettingsAnswer,
  },
  UserResource: {
    get: z.object({
      id: z.string(),
      username: z.string(),
      full_name: z.string(),
      image_medium_url: z.string().nullable(),
      about: z.string().nullable(),
      website_url: z.string().nullable(),
      official_domain: z.string().nullable(),
      pin_count: z.number(),
      follower_count: z.number(),
      following_count: z.number(),
      followedByMe: z.boolean(),
      is_me: z.boolean(),
    }),
  },
  UserFollowResource: {
    create: z.object({ id: z.string(), username: z.string(), followedByMe: z.boolean() }),
    delete: z.object({ id: z.string(), username: z.string(), followedByMe: z.boolean() }),
  },
  UserFollowersResource: {
    get: followPeopleAnswer,
  },
  UserDomainClaimResource: {
    get: domainClaimAnswer,
    create: domainClaimAnswer,
    update: domainClaimAnswer,
    delete: domainClaimAnswer,
  },
  PinCreateSuccessResource: {
    get: z.object({
      official_user: z.object({
        id: z.string(),
        username: z.string(),
        full_name: z.string(),
        image_medium_url: z.string().nullable(),
        follower_count: z.number(),
        is_verified_identity: z.boolean(),
        /** The domain they are the official account of (the link's). */
        domain: z.string(),
      }).nullable(),
      promotion_offered: z.boolean(),
      is_partner: z.boolean(),
      connected_to_instagram: z.boolean(),
      listed_website_url: z.string().nullable(),
    }),
  },
} satisfies ActionAnswers;

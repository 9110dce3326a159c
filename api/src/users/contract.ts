import { z } from 'zod';
import type { ContractTable } from '../lib/envelope.contract.js';
import { userText } from '../lib/text.js';
import { NAME_MAX } from './rules.js';
import { ABOUT_MAX } from './rules.js';
import { WEBSITE_MAX } from './rules.js';
import { imageBase64 } from '../pins/contract.js';
import { usernamePart } from '../boards/contract.js';
import { id } from '../lib/validation.js';
import { bookmarkOption } from '../lib/bookmark.js';

/** Followers per page 50. */
export const FOLLOWERS_PAGE_SIZE = 50;

/** Profile settings (UserSettingsResource get), as the contract: pure zod, the type inferred. */
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
export type SuccessAnswer = z.infer<typeof usersContract.PinCreateSuccessResource.get.answer>;
export type ProfileAnswer = z.infer<typeof usersContract.UserResource.get.answer>;
export type FollowersAnswer = z.infer<typeof followPeopleAnswer>;

/** Shapes more than one answer below (or another capability's) is made of. */
export const followPeopleAnswer = z.object({
  users: z.array(
    z.object({
      id: z.string(),
      username: z.string(),
      full_name: z.string(),
      image_medium_url: z.string().nullable(),
      followedByMe: z.boolean(),
    }),
  ),
  bookmark: z.string(),
});

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const usersContract = {
  UserSettingsResource: {
    get: { options: z.object({}).loose(), answer: profileSettingsAnswer },
    update: {
      options: z.object({
        // Names others read: the one text rule (lib/text.ts: no control or direction characters).
        first_name: userText({ max: NAME_MAX, required: 'Enter your name.' }),
        last_name: userText({ max: NAME_MAX }).default(''),
        username: z.string().max(64),
        about: z.string().max(ABOUT_MAX).default(''),
        website_url: z.string().max(WEBSITE_MAX).default(''),
      }),
      answer: profileSettingsAnswer,
    },
  },
  UserAvatarResource: {
    create: { options: z.object({ image_base64: imageBase64 }), answer: profileSettingsAnswer },
    delete: { options: z.object({}).loose(), answer: profileSettingsAnswer },
  },
  UserResource: {
    get: {
      options: z.object({ username: usernamePart }).loose(),
      answer: z.object({
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
  },
  UserFollowResource: {
    create: { options: z.object({ user_id: id }).loose(), answer: z.object({ id: z.string(), username: z.string(), followedByMe: z.boolean() }) },
    delete: { options: z.object({ user_id: id }).loose(), answer: z.object({ id: z.string(), username: z.string(), followedByMe: z.boolean() }) },
  },
  UserFollowersResource: {
    get: {
      options: z
        .object({ username: usernamePart, page_size: z.number().int().min(1).max(FOLLOWERS_PAGE_SIZE).default(FOLLOWERS_PAGE_SIZE), bookmark: bookmarkOption })
        .loose(),
      answer: followPeopleAnswer,
    },
  },
  UserDomainClaimResource: {
    get: { options: z.object({}).loose(), answer: domainClaimAnswer },
    create: { options: z.object({}).loose(), answer: domainClaimAnswer },
    update: { options: z.object({}).loose(), answer: domainClaimAnswer },
    delete: { options: z.object({}).loose(), answer: domainClaimAnswer },
  },
  PinCreateSuccessResource: {
    get: {
      options: z.object({ pin_id: id }),
      answer: z.object({
        official_user: z
          .object({
            id: z.string(),
            username: z.string(),
            full_name: z.string(),
            image_medium_url: z.string().nullable(),
            follower_count: z.number(),
            is_verified_identity: z.boolean(),
            /** The domain they are the official account of (the link's). */
            domain: z.string(),
          })
          .nullable(),
        promotion_offered: z.boolean(),
        is_partner: z.boolean(),
        connected_to_instagram: z.boolean(),
        listed_website_url: z.string().nullable(),
      }),
    },
  },
} satisfies ContractTable;

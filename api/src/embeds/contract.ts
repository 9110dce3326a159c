import { z } from 'zod';
import type { Keyed } from './service.js';
import type { ContractTable } from '../lib/envelope.contract.js';
import { usernamePart } from '../boards/contract.js';
import { slugPart } from '../boards/contract.js';
import { id } from '../lib/validation.js';

/** A page's widgets in one request: at most this many pins, boards and profiles together, and this many count bubbles. */
export const MAX_EMBEDS = 20;

export const MAX_COUNTS = 20;

/** A counted page's URL is at most this long (the request stays under any proxy's URL limit); a longer one gets no bubble. */
export const COUNT_URL_MAX = 500;

/** A key as the page wrote it; one that names nothing we could have is answered null, as a missing board is. */
export const keyed = <T>(max: number, read: (key: string) => T | null) =>
  z
    .string()
    .max(max)
    .transform((key): Keyed<T> => ({ key, name: read(key) }));

export const boardKey = keyed(140, (key) => {
  const [username, slug, ...rest] = key.split('/');
  const u = usernamePart.safeParse(username);
  const s = slugPart.safeParse(slug);
  return u.success && s.success && !rest.length ? { username: u.data, slug: s.data } : null;
});

export const userKey = keyed(64, (key) => usernamePart.safeParse(key).data ?? null);

export const embedsOptions = z
  .object({
    pins: z.array(id).max(MAX_EMBEDS).default([]),
    boards: z.array(boardKey).max(MAX_EMBEDS).default([]),
    users: z.array(userKey).max(MAX_EMBEDS).default([]),
    counts: z.array(z.string().max(COUNT_URL_MAX)).max(MAX_COUNTS).default([]),
  })
  .refine((o) => o.pins.length + o.boards.length + o.users.length <= MAX_EMBEDS, {
    message: `Ask for at most ${MAX_EMBEDS} pins, boards and profiles at once.`,
  });

/**
 * EmbedsResource get, as the contract: every widget of a publisher's page in one
 * answer, keyed as asked; an item is null when it is missing or not for everyone.
 */
const rendition = z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() });

/** A pin as a widget shows it: both renditions for srcset (null while not yet made). */
export const embedPin = z.object({
  id: z.string(),
  url: z.string(),
  title: z.string(),
  description: z.string(),
  link: z.string().nullable(),
  color: z.string().nullable(),
  images: z.object({ '236x': rendition, '474x': rendition }).nullable(),
  pinner: z.object({ username: z.string(), full_name: z.string(), url: z.string() }),
  board: z.object({ name: z.string(), url: z.string() }),
});

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const embedsContract = {
  EmbedsResource: {
    get: {
      options: embedsOptions,
      answer: z.object({
        pins: z.record(z.string(), embedPin.nullable()),
        boards: z.record(
          z.string(),
          z
            .object({
              id: z.string(),
              name: z.string(),
              url: z.string(),
              pin_count: z.number(),
              owner: z.object({ username: z.string(), full_name: z.string(), image_medium_url: z.string().nullable(), url: z.string() }),
              pins: z.array(embedPin),
            })
            .nullable(),
        ),
        users: z.record(
          z.string(),
          z
            .union([
              z.literal(''),
              z.object({
                id: z.string(),
                username: z.string(),
                full_name: z.string(),
                image_medium_url: z.string().nullable(),
                url: z.string(),
                follower_count: z.number(),
                pins: z.array(embedPin),
              }),
            ])
            .nullable(),
        ),
        counts: z.record(z.string(), z.number()),
      }),
    },
  },
} satisfies ContractTable;

/** GET /oembed's answer (oEmbed 1.0, a `rich` type): an iframe of /embed/…, its size, author, provider and thumbnail. */
export const oembedAnswer = z.object({
  version: z.literal('1.0'),
  type: z.literal('rich'),
  title: z.string(),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  cache_age: z.number(),
  html: z.string(),
  width: z.number(),
  height: z.number(),
  thumbnail_url: z.string().optional(),
  thumbnail_width: z.number().optional(),
  thumbnail_height: z.number().optional(),
});

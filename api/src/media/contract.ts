import { z } from 'zod';
import { EDIT_MIN_FRACTION, FULL_CROP } from './rules.js';
import type { ContractTable } from '../lib/envelope.contract.js';
import { id } from '../lib/validation.js';

const rendition = z.object({ url: z.string(), width: z.number().nullable(), height: z.number().nullable() });

/**
 * An upload of the pin builder's media (POST /media/uploads/, MediaUploadResource get), as the contract
 *: 'processing' until an image's renditions exist, then 'ready'; or 'failed', with `error`.
 */
export const uploadAnswer = z.object({
  id: z.string(),
  type: z.enum(['image', 'video']),
  status: z.enum(['failed', 'processing', 'ready']),
  error: z.string().nullable(),
  bytes: z.number(),
  image: z
    .object({
      id: z.string(),
      source_url: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
      dominant_color: z.string().nullable(),
      images: z.object({ '236x': rendition, '474x': rendition, '736x': rendition, originals: rendition }),
    })
    .nullable(),
  video: z.object({ url: z.string(), format: z.enum(['mp4', 'webm']) }).nullable(),
});
export type UploadAnswer = z.infer<typeof uploadAnswer>;

/** A fraction of the image's side, 0 to 1, as a JSON number (a string, NaN or Infinity is refused). */
const fraction = z.number().finite().min(0).max(1);

/**
 * MediaUploadResource update: an image upload's edit (business accounts, before it is published). The
 * rotation in quarter turns, then a crop of the rotated image in fractions (media/rules.ts), whole unless
 * given. Each edit starts from the upload as sent, so rotating twice by 90 is a turn of 90, not 180.
 */
export const imageEditOptions = z
  .object({
    id: z.string().regex(/^\d{1,20}$/, 'Must be an id.'),
    rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)], { message: 'Rotate by 0, 90, 180 or 270 degrees.' }).default(0),
    crop: z
      .object({ x: fraction, y: fraction, width: fraction.min(EDIT_MIN_FRACTION), height: fraction.min(EDIT_MIN_FRACTION) })
      .strict()
      .refine((c) => c.x + c.width <= 1 + 1e-9 && c.y + c.height <= 1 + 1e-9, { message: 'The crop must lie inside the image.' })
      .default(FULL_CROP),
  })
  .strict();
export type ImageEditOptions = z.infer<typeof imageEditOptions>;

/**
 * The answers of this capability's resource actions, by resource and action: /openapi.json
 * publishes them, and every answer an API test gets is held to them (openapi/answers.ts). Written from
 * the types the services return; an action's own `answer` (in its routes.ts) comes first.
 */
export const mediaContract = {
  MediaUploadResource: {
    get: { options: z.object({ id }), answer: uploadAnswer },
    update: { options: imageEditOptions, answer: uploadAnswer },
  },
} satisfies ContractTable;

import { z } from 'zod';
import { id } from '../lib/validation.js';
import { CLIENT_EVENTS, EVENT_PATH_MAX, EVENT_QUERY_MAX } from './rules.js';

/**
 * The tracking image request's query, as the contract: the route reads
 * it with this schema, and the web app's test holds what track() sends to it.
 */
/** Percent-encoded URL parts are printable ASCII; nothing else is stored. */
const printable = /^[\x21-\x7e]*$/;

export const eventQuery = z
  .strictObject({
    client: z.literal('web'),
    event: z.enum(CLIENT_EVENTS),
    pin_id: id.optional(),
    path: z
      .string()
      .max(EVENT_PATH_MAX, `Must be at most ${EVENT_PATH_MAX} characters.`)
      .regex(/^\//, 'Must be a path.')
      .regex(printable, 'Must be printable ASCII.'),
    query: z.string().max(EVENT_QUERY_MAX, `Must be at most ${EVENT_QUERY_MAX} characters.`).regex(printable, 'Must be printable ASCII.').default(''),
    error_code: z
      .string()
      .regex(/^\d{1,6}$/, 'Must be an error code.')
      .transform(Number)
      .optional(),
  })
  .refine((e) => e.event === 'pin_create_fail' || e.pin_id !== undefined, { path: ['pin_id'], message: 'A success names its pin.' });

import { declare, none } from '../lib/declare.js';
import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { id, parse } from '../lib/validation.js';
import { CLIENT_EVENTS, EVENT_PATH_MAX, EVENT_QUERY_MAX } from './rules.js';
import type { EventsService } from './service.js';

/** Percent-encoded URL parts are printable ASCII; nothing else is stored. */
const printable = /^[\x21-\x7e]*$/;

export const eventQuery = z
  .strictObject({
    client: z.literal('web'),
    event: z.enum(CLIENT_EVENTS),
    pin_id: id.optional(),
    path: z.string().max(EVENT_PATH_MAX, `Must be at most ${EVENT_PATH_MAX} characters.`).regex(/^\//, 'Must be a path.').regex(printable, 'Must be printable ASCII.'),
    query: z.string().max(EVENT_QUERY_MAX, `Must be at most ${EVENT_QUERY_MAX} characters.`).regex(printable, 'Must be printable ASCII.').default(''),
    error_code: z
      .string()
      .regex(/^\d{1,6}$/, 'Must be an error code.')
      .transform(Number)
      .optional(),
  })
  .refine((e) => e.event === 'pin_create_fail' || e.pin_id !== undefined, { path: ['pin_id'], message: 'A success names its pin.' });

/**
 * GET /v3/callback/event/: the tracking image request of saving.md section 7, sent by the popup as an
 * image. Needs no session (the viewer is recorded when there is one). It writes, so it takes only our
 * own pages' requests (a browser's Sec-Fetch-Site), refuses repeated or unknown parameters and caps every
 * field; it answers 204 with no body, or the usual error envelope.
 */
export function eventRoutes(events: EventsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get('/event/', declare({ caller: 'visitor', limit: none('writes one event row; taken only from our own pages (Sec-Fetch-Site)'), body: 0 }), async (c) => {
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined && site !== 'same-origin') throw new ApiError('cross_origin_write', 'Events are taken only from our own pages.');
    const raw: Record<string, string> = {};
    for (const [key, values] of Object.entries(c.req.queries())) {
      if (values.length !== 1) throw new ApiError('invalid_input', `${key}: Send it once.`);
      raw[key] = values[0]!;
    }
    const event = parse(eventQuery, raw);
    // A HEAD asks about the answer; only a GET records.
    if (c.req.method === 'GET') await events.record(event, c.get('viewer')?.id ?? null);
    c.header('Cache-Control', 'no-store');
    return c.body(null, 204);
  });
  return routes;
}

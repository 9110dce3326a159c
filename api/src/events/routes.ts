import { declare, none } from '../lib/declare.js';
import { Hono } from 'hono';
import type { AppEnv } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { parse } from '../lib/validation.js';
import { eventQuery } from './contract.js';
import type { EventsService } from './service.js';

/**
 * GET /v3/callback/event/: the tracking image request, sent by the popup as an
 * image. Needs no session (the viewer is recorded when there is one). It writes, so it takes only our
 * own pages' requests (a browser's Sec-Fetch-Site), refuses repeated or unknown parameters and caps every
 * field; it answers 204 with no body, or the usual error envelope.
 */
export function eventRoutes(events: EventsService): Hono<AppEnv> {
  const routes = new Hono<AppEnv>();
  routes.get(
    '/event/',
    declare({ caller: 'visitor', limit: none('writes one event row; taken only from our own pages (Sec-Fetch-Site)'), body: 0 }),
    async (c) => {
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
    },
  );
  return routes;
}

import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { authResources, authV3Routes, sessionMiddleware } from './auth/routes.js';
import { authService } from './auth/service.js';
import { boardResources, boardTitleRoutes } from './boards/routes.js';
import { boardsService } from './boards/service.js';
import { advertisersService } from './advertisers/service.js';
import { adsRoutes, advertiserResources, businessAccessRoutes, offsiteRoutes } from './advertisers/routes.js';
import { campaignsService } from './advertisers/campaigns/service.js';
import { noticesService } from './advertisers/notices/service.js';
import { offsiteService } from './advertisers/offsite/service.js';
import { collaboratorResources } from './collaborators/routes.js';
import { collaboratorsService } from './collaborators/service.js';
import { userResources, userRoutes } from './users/routes.js';
import { usersService } from './users/service.js';
import type { AppEnv, Deps } from './deps.js';
import { fail } from './lib/envelope.js';
import { ApiError } from './lib/errors.js';
import { sameOriginWrites } from './lib/guard.js';
import { resourceRoutes } from './lib/resources.js';
import { pageRoutes } from './pages/routes.js';
import { outboxRoutes } from './outbox/routes.js';
import { outgoingFor } from './outbox/service.js';
import { eventRoutes } from './events/routes.js';
import { eventsService } from './events/service.js';
import { pinResources, pinRoutes } from './pins/routes.js';
import { pinsService } from './pins/service.js';
import { imageRoutes, mediaRoutes } from './images/routes.js';
import { imagesService } from './images/service.js';
import { scrapeResources } from './scrape/routes.js';
import { scrapeService } from './scrape/service.js';

/** JSON bodies of the API are small; anything larger is refused before it is read. */
export const MAX_BODY_BYTES = 64 * 1024;

export function createApp(deps: Deps) {
  const outgoing = outgoingFor(deps);
  const auth = authService(deps, outgoing);
  const boards = boardsService(deps);
  const images = imagesService(deps);
  const pins = pinsService(deps, images);
  const users = usersService(deps);
  const scrape = scrapeService(deps);
  const advertisers = advertisersService(deps);
  const campaigns = campaignsService(deps, advertisers, pins);

  const app = new Hono<AppEnv>();

  app.onError((error, c) => {
    if (error instanceof ApiError) return fail(c, error);
    console.error(error);
    return fail(c, new ApiError('internal'));
  });
  app.notFound((c) => fail(c, new ApiError('not_found', `No page at ${c.req.path}.`)));

  app.use('*', async (c, next) => {
    await next();
    c.header('X-Content-Type-Options', 'nosniff');
    // A page may ask for less (the reset page: no-referrer, its URL holds a token).
    if (!c.res.headers.has('Referrer-Policy')) c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
  });
  app.use('*', sameOriginWrites(deps.config.publicOrigin));
  app.use('*', bodyLimit({ maxSize: MAX_BODY_BYTES, onError: (c) => fail(c, new ApiError('payload_too_large')) }));

  // Only the API reads the session; pages and scripts are the same for everyone.
  const session = sessionMiddleware(auth);
  app.use('/resource/*', session);
  app.use('/v3/*', session);
  app.use('/ads/v4/*', session);
  app.use('/vx/*', session);
  app.route(
    '/resource',
    resourceRoutes({
      ...authResources(deps, auth),
      ...boardResources(boards, advertisers),
      ...collaboratorResources(collaboratorsService(deps, outgoing.mailer)),
      ...userResources(users, pins),
      ...pinResources(pins, advertisers),
      ...scrapeResources(scrape),
      ...advertiserResources(advertisers, campaigns, noticesService(deps), deps.config.quickPromoteSteps),
    }),
  );
  app.route('/v3/pins', pinRoutes(pins));
  app.route('/v3/pins', boardTitleRoutes(boards, pins));
  app.route('/v3/pins', imageRoutes(deps, images));
  app.route('/media', mediaRoutes(deps));
  app.route('/v3/users', userRoutes(users));
  app.route('/ads/v4', adsRoutes(campaigns));
  app.route('/vx', businessAccessRoutes(advertisers));
  app.route('/v3', offsiteRoutes(offsiteService(deps), pins));
  app.route('/v3/callback', eventRoutes(eventsService(deps)));
  app.route('/v3', authV3Routes(auth, deps.config));
  app.route('/dev', outboxRoutes(deps));
  app.route('/', pageRoutes(deps.config));
  return app;
}

export type App = ReturnType<typeof createApp>;

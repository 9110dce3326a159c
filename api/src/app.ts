import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { Hono } from 'hono';
import { documentInputs, openApiRoutes } from './openapi/routes.js';
import { authResources, authV3Routes, requestFlags, sessionMiddleware } from './auth/routes.js';
import { SESSION_COOKIE } from './auth/contract.js';
import { authService } from './auth/service.js';
import { securityResources } from './auth/security-routes.js';
import { providerClients } from './auth/providers/client.js';
import { facebookV3Routes, providerPageRoutes, providerResources, ssoV3Routes } from './auth/providers/routes.js';
import { providerService } from './auth/providers/service.js';
import { boardResources, boardTitleRoutes } from './boards/routes.js';
import { boardsService } from './boards/service.js';
import { advertisersService } from './advertisers/service.js';
import { adsRoutes, advertiserResources, businessAccessRoutes, offsiteNavigation, offsiteRoutes } from './advertisers/routes.js';
import { campaignsService } from './advertisers/campaigns/service.js';
import { membersService } from './advertisers/members/service.js';
import { memberResources } from './advertisers/members/routes.js';
import { sponsorshipsService } from './advertisers/sponsorships/service.js';
import { noticesService } from './advertisers/notices/service.js';
import { limitsFor } from './lib/limits.js';
import { offsiteService } from './advertisers/offsite/service.js';
import { EMBEDS_PATH, embedResources, embedsHeaders } from './embeds/routes.js';
import { embedsService } from './embeds/service.js';
import { cardsService } from './embeds/cards.js';
import { oembedRoutes } from './embeds/oembed.js';
import { feedRoutes } from './embeds/feeds.js';
import { collaboratorResources } from './collaborators/routes.js';
import { collaboratorsService } from './collaborators/service.js';
import { renamedProfileRoutes, userResources, userRoutes } from './users/routes.js';
import { profileSettingsService } from './users/profile-settings.js';
import { domainClaimService } from './users/domain-claim.js';
import { searchService } from './search/service.js';
import { searchResources } from './search/routes.js';
import { feedService } from './feed/service.js';
import { feedResources } from './feed/routes.js';
import { usersService } from './users/service.js';
import { notificationResources } from './notifications/routes.js';
import { notificationsService } from './notifications/service.js';
import type { AppEnv, Deps } from './deps.js';
import { driverOf } from './db/connect.js';
import { databaseFault } from './db/faults.js';
import { getCookie } from 'hono/cookie';
import { fail } from './lib/envelope.js';
import { bodyGuard } from './lib/bodies.js';
import { addressKey, clientAddress } from './lib/client-address.js';
import { declarationFinder, declared, honoSurface, type Declaration } from './lib/declare.js';
import { storeFullError } from './lib/dependencies.js';
import { ApiError } from './lib/errors.js';
import { bearerOf, sameOriginWrites } from './lib/guard.js';
import { apiTurns } from './lib/overload.js';
import type { ContractTable } from './lib/envelope.contract.js';
import { registryDeclaration, resourceRoutes, checkContracts, type ResourceRegistry } from './lib/resources.js';
import { authContract } from './auth/contract.js';
import { providersContract } from './auth/providers/contract.js';
import { boardsContract } from './boards/contract.js';
import { collaboratorsContract } from './collaborators/contract.js';
import { usersContract } from './users/contract.js';
import { searchContract } from './search/contract.js';
import { feedContract } from './feed/contract.js';
import { pinsContract } from './pins/contract.js';
import { mediaContract } from './media/contract.js';
import { embedsContract } from './embeds/contract.js';
import { notificationsContract } from './notifications/contract.js';
import { transferContract } from './transfer/contract.js';
import { membersContract } from './advertisers/members/contract.js';
import { advertisersContract } from './advertisers/contract.js';
import { operatorResources, operatorRoutes } from './operators/routes.js';
import { operatorsContract } from './operators/contract.js';
import { scrapeContract } from './scrape/contract.js';
import { browserOpensApi, pageRoutes, wantsPage } from './pages/routes.js';
import { outboxRoutes } from './outbox/routes.js';
import { outgoingFor } from './outbox/service.js';
import { eventRoutes } from './events/routes.js';
import { eventsService } from './events/service.js';
import { pinResources, pinRoutes, pinShareResources, scheduledPinResources, searchRoutes } from './pins/routes.js';
import { pinShareService } from './pins/share.js';
import { pinsService } from './pins/service.js';
import { scheduledPinsService } from './pins/scheduled.js';
import { imageRoutes, mediaRoutes } from './images/routes.js';
import { imagesService } from './images/service.js';
import { backgroundJobs } from './background.js';
import { mediaResources, mediaUploadRoutes, videoRoutes } from './media/routes.js';
import { mediaService } from './media/service.js';
import { scrapeResources } from './scrape/routes.js';
import { scrapeService } from './scrape/service.js';
import { transferResources, transferRoutes } from './transfer/routes.js';
import { transfersService } from './transfer/service.js';
import { jobsStore } from './jobs/store.js';
import { newLifecycle } from './core/lifecycle.js';
import { currentRequestId, logFor } from './core/log.js';
import { watchQueue } from './core/metrics.js';
import { observe, routePattern } from './ops/observe.js';
import { probeRoutes } from './ops/probes.js';
import { dependencyHealth } from './ops/dependencies.js';

/** A client that met the database away comes back after this long: a restart or a failover takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;
import { tokensService } from './tokens/service.js';
import { bearerOrSession, tokenResources } from './tokens/routes.js';
import { tokensContract } from './tokens/contract.js';
import { invitationResources } from './auth/invitations-routes.js';
import { invitationSender } from './auth/signup-mode.js';
import { webAppRoutes } from './webapp/routes.js';
import { reportRoutes } from './reports/routes.js';
import { reportsService } from './reports/service.js';
import { SHARE_TARGET_PATH } from './webapp/rules.js';
import { loadedBuilt } from './pages/routes.js';
import { readAsViewer } from './pages/read-as-viewer.js';

/**
 * Where the API's work happens: the paths that take turns (lib/overload.ts, MAX_IN_FLIGHT). Pages and
 * built files are answered from memory without waiting, so a popup still opens while saves are shed. A new API prefix joins here.
 */
const API_PATHS = [
  '/resource/*',
  '/v3/*',
  '/ads/*',
  '/vx/*',
  '/oauth/*',
  '/media/*',
  '/dev/*',
  '/offsite/',
  '/share-target/',
  '/oembed',
  '/embed/*',
  '/admin',
  '/admin/*',
];

/** The services of one app, each made once and shared by the routes that need it. */
export function appServices(deps: Deps) {
  const outgoing = outgoingFor(deps);
  const images = imagesService(deps);
  const auth = authService(deps, outgoing);
  const jobs = backgroundJobs(deps);
  const media = mediaService(deps, jobs, images);
  const notifications = notificationsService(deps);
  const pins = pinsService(deps, images, jobs, media, notifications);
  const advertisers = advertisersService(deps);
  const boards = boardsService(deps);
  return {
    scheduled: scheduledPinsService(deps, pins, media, notifications),
    outgoing,
    auth,
    providers: providerService(deps, auth, providerClients(deps.config.providers, deps.config.publicOrigin)),
    boards,
    search: searchService(deps, boards),
    feed: feedService(deps),
    images,
    media,
    pins,
    users: usersService(deps, notifications),
    profiles: profileSettingsService(deps, images),
    claims: domainClaimService(deps, notifications),
    share: pinShareService(deps, pins, outgoing.mailer),
    scrape: scrapeService(deps),
    advertisers,
    campaigns: campaignsService(deps, advertisers, pins),
    members: membersService(deps, advertisers, outgoing.mailer),
    sponsorships: sponsorshipsService(deps, advertisers),
    notices: noticesService(deps),
    offsite: offsiteService(deps),
    collaborators: collaboratorsService(deps, outgoing.mailer, notifications),
    reports: reportsService(deps, notifications),
    events: eventsService(deps),
    embeds: embedsService(deps),
    cards: cardsService(deps),
    notifications,
    transfers: transfersService(deps),
    tokens: tokensService(deps, auth.proveOwner),
  };
}

export type AppServices = ReturnType<typeof appServices>;

/**
 * Every `/resource/{Name}/{action}/` the API serves, in one registry. A function of its own so the
 * fuzz suite (api/src/fuzz/) enumerates exactly what createApp serves.
 */
export function resourceRegistry(deps: Deps, s: AppServices): ResourceRegistry {
  return checkContracts(registryOf(deps, s), CONTRACTS);
}

/** Each capability's contract table (its contract.ts): options and answer of every resource action, which /openapi.json publishes. */
const CONTRACTS: readonly ContractTable[] = [
  authContract,
  providersContract,
  boardsContract,
  collaboratorsContract,
  usersContract,
  searchContract,
  feedContract,
  pinsContract,
  mediaContract,
  embedsContract,
  notificationsContract,
  transferContract,
  membersContract,
  advertisersContract,
  tokensContract,
  operatorsContract,
  scrapeContract,
];

/** The registry as declared: each resource and action keeps its options' schema and its answer's type (resources.contract.ts). */
export function registryOf(deps: Deps, s: AppServices) {
  return {
    ...authResources(deps, s.auth),
    ...securityResources(deps, s.auth),
    ...providerResources(deps, s.auth, s.providers),
    ...boardResources(s.boards, s.advertisers),
    ...collaboratorResources(s.collaborators, deps.config),
    ...userResources(s.users, s.pins, s.profiles, s.claims, { limits: limitsFor(deps), trustProxy: deps.config.trustProxy }),
    ...searchResources(s.search),
    ...feedResources(s.feed),
    ...pinResources(deps, s.pins, s.advertisers),
    ...scheduledPinResources(deps, s.scheduled),
    ...mediaResources(deps, s.media),
    ...pinShareResources(s.share, deps.config),
    ...scrapeResources(s.scrape, deps),
    ...embedResources(s.embeds),
    ...notificationResources(s.notifications),
    ...transferResources(s.transfers),
    ...tokenResources(s.tokens),
    ...operatorResources(deps),
    ...invitationResources(invitationSender(deps, s.outgoing.mailer), deps.config),
    ...memberResources(s.members, deps.config.trustProxy),
    ...advertiserResources(s.advertisers, s.campaigns, s.notices, s.sponsorships, s.pins, deps.config.quickPromoteSteps, {
      limits: limitsFor(deps),
      trustProxy: deps.config.trustProxy,
    }),
  } satisfies ResourceRegistry;
}

export function createApp(deps: Deps) {
  // The services read the finished route table (a username is never one of its first segments): asked
  // at request time, when every route below is registered.
  const services = appServices({ ...deps, routes: () => app.routes });
  const { auth, boards, images, pins, users, providers } = services;

  const app = new Hono<AppEnv>();
  const log = logFor(deps);
  // The queue gauges of /metrics read this app's database (core/metrics.ts).
  const queue = jobsStore(deps.db);
  watchQueue({ counts: () => queue.countsByStatus(), oldestWaitingMs: () => queue.oldestWaitingMs(deps.clock.now()) });

  // Before anything: the request's id, its log line and its metrics (ops/observe.ts). A resource action is
  // named by its resource when the registry has it (a bounded set), not by the dispatcher's `/resource/:name/…`.
  const registry = resourceRegistry(deps, services);
  app.use(
    '*',
    observe(log, (c, pattern) => (pattern.startsWith('/resource/:name/') && registryDeclaration(registry, c.req.method, c.req.path) ? c.req.path : pattern)),
  );

  // Every page miss, in every area, is the app's own not-found page with status 404; the API keeps its envelope.
  // Made here, used below: the pages' link previews read the database, so they take the API's turns too.
  const turn = apiTurns({ maxInFlight: deps.config.maxInFlight, maxQueued: deps.config.maxQueued, maxWaitMs: deps.config.maxQueueWaitMs });
  const pages = pageRoutes(deps.config, { card: (key) => services.cards.of(key), turn, read: (c, path) => readAsViewer(app, c, path) });
  const health = dependencyHealth(deps);
  app.onError((error, c) => {
    if (error instanceof ApiError && error.status === 404 && wantsPage(c)) return pages.notFound(c);
    if (error instanceof ApiError) return fail(c, error);
    const fault = databaseFault(error);
    log.error(
      { err: error, req_id: currentRequestId(), route: routePattern(c), ...(fault && { dependency: 'database', fault }) },
      fault ? `database ${fault}` : 'unhandled error',
    );
    if (fault) {
      // /ready says so at once, and the client is told to come back (unavailable) or that nothing can be saved (full).
      health.report('database', fault === 'full' ? 'full' : 'down');
      return fail(
        c,
        fault === 'full'
          ? new ApiError('database_full')
          : new ApiError('database_unavailable', undefined, { retry_after_seconds: DATABASE_RETRY_AFTER_SECONDS }),
      );
    }
    // A full disk under a store the request wrote to is named (507 with Retry-After), not a 500.
    return fail(c, storeFullError(error) ?? new ApiError('internal'));
  });
  app.notFound((c) => (wantsPage(c) ? pages.notFound(c) : fail(c, new ApiError('not_found', `No page at ${c.req.path}.`))));
  // What every request gets, in one step of its chain (each step is a call and a promise more per request).
  app.use('*', async (c, next) => {
    // First of all, so every error `fail` sends, even a shed or refused request's, names the product; and the
    // request's experiment flags, read once for whichever area asks (in production the configured set as it is).
    c.set('brand', deps.config.brandName);
    c.set('flags', requestFlags(c, deps.config));
    // Set before the handler, so they travel in the response it makes. Set on a finished response they
    // made Hono rebuild it around its body stream: under load the costliest step of a small answer.
    c.header('X-Content-Type-Options', 'nosniff');
    // A page may ask for less (the reset page: no-referrer, its URL holds a token): its c.header replaces this.
    c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // Nothing is framed but the embeds (embeds/oembed.ts): pages say so again in their CSP's frame-ancestors.
    if (!c.req.path.startsWith('/embed/')) c.header('X-Frame-Options', 'DENY');
    await next();
    // A response not made through the context lacks them: only then is it rebuilt.
    if (!c.res.headers.has('X-Content-Type-Options')) c.header('X-Content-Type-Options', 'nosniff');
    if (!c.res.headers.has('Referrer-Policy')) c.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    // An API error opened in a browser's tab (refused by a guard, thrown, or not found) is the not-found
    // page with the error's own status; programs, which never navigate, keep the envelope.
    if (c.res.status >= 400 && (c.res.headers.get('content-type') ?? '').startsWith('application/json') && browserOpensApi(c)) {
      c.res = await pages.notFound(c, c.res.status as ContentfulStatusCode);
    }
  });
  // The operators' probes and metrics (ops/probes.ts): before the guards below, so they run none of them and never wait for a turn.
  app.route('/', probeRoutes(deps, deps.lifecycle ?? newLifecycle()));
  // A request that may have written is answered once its commit is on disk: it waits for the shared
  // WAL sync (db/group-commit.ts) after giving back its turn, so the next saves run meanwhile.
  const driver = driverOf(deps.db);
  const walSync = driver?.kind === 'sqlite' ? driver.walSync : undefined;
  if (walSync) {
    app.use('*', async (c, next) => {
      await next();
      if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await walSync();
    });
  }
  // Every route's declaration (lib/declare.ts), found before anything else judges the request: the
  // finder is made once every route below is registered.
  let find: ((method: string, path: string) => Declaration | undefined) | undefined;
  app.use(
    '*',
    declared(() => (find ??= declarationFinder(honoSurface(app.routes), (method, path) => registryDeclaration(registry, method, path)))),
  );
  // Headers only: refused before a byte of body is read.
  app.use('*', sameOriginWrites(deps.config.publicOrigin));
  // The body, by the declaration: a logged-in route without a session and an oversized body are refused
  // unread; a body still arriving is read here, within a deadline and a per-client cap, so a slow body
  // never holds an API turn (lib/bodies.ts).
  app.use(
    '*',
    bodyGuard({
      hasSession: (c) => getCookie(c, SESSION_COOKIE) !== undefined || bearerOf(c.req.header('authorization')) !== undefined,
      clientKey: (c) => addressKey(clientAddress(c, deps.config.trustProxy)),
      perClient: deps.config.bodiesPerClient,
      graceMs: deps.config.bodyGraceMs,
    }),
  );
  // Before anything that reads a session or the database: a request waiting for its turn, or shed,
  // costs next to nothing.
  for (const path of API_PATHS) app.use(path, turn);

  // Only the API reads the session (or a personal access token, tokens/); pages and scripts are the same for everyone.
  const session = bearerOrSession(services.tokens, sessionMiddleware(auth, deps.config.trustProxy));
  // The widgets' data is public and the same for everyone: it never reads the session (docs/decisions.md, "Embeds").
  app.use(EMBEDS_PATH, ...embedsHeaders());
  app.use('/resource/*', (c, next) => (c.req.path === EMBEDS_PATH ? (c.set('viewer', null), next()) : session(c, next)));
  app.use('/v3/*', session);
  app.use('/oauth/*', session);
  app.use('/ads/v4/*', session);
  app.use('/vx/*', session);
  // A pin's link followed: the one page that reads the session and the database.
  app.use('/offsite/', session);
  // The operator console's pages: only an operator's session may see them (pages/routes.ts).
  app.use('/admin', session);
  app.use('/admin/*', session);
  // The web app's share target (webapp/): a shared image is staged for the viewer behind the session.
  app.use(SHARE_TARGET_PATH, session);
  app.route('/resource', resourceRoutes(registry));
  app.route('/v3/pins', pinRoutes(pins));
  app.route('/v3/search', searchRoutes(pins));
  app.route('/v3/pins', boardTitleRoutes(boards, pins));
  app.route('/v3/pins', imageRoutes(deps, images));
  app.route('/v3/media', mediaUploadRoutes(services.media));
  app.route('/v3', transferRoutes(services.transfers));
  // Before /media/{imageId}/…, whose id would not take 'videos'.
  app.route('/media/videos', videoRoutes(deps));
  app.route('/media', mediaRoutes(deps));
  app.route('/v3/users', userRoutes(users));
  app.route('/ads/v4', adsRoutes(services.campaigns));
  app.route('/vx', businessAccessRoutes(services.advertisers));
  app.route('/v3', offsiteRoutes(services.offsite, pins, deps.config, limitsFor(deps)));
  // Before the page of the same path: a person's click on a link the check lets through is answered here.
  app.use('/offsite/', offsiteNavigation(services.offsite, pins, services.campaigns, deps.config, limitsFor(deps)));
  app.route('/v3/callback', eventRoutes(services.events));
  app.route('/v3', reportRoutes(deps, services.reports));
  app.route('/v3', authV3Routes(auth, deps.config));
  app.route('/v3', ssoV3Routes(providers, deps.config));
  app.route('/v3', facebookV3Routes(providers));
  app.route('/oauth', providerPageRoutes(deps, auth, providers));
  app.route('/dev', outboxRoutes(deps));
  // The installable web app: manifest, icons, service worker, share target (webapp/).
  app.route(
    '/',
    webAppRoutes(deps, services, () => loadedBuilt(deps.config.env !== 'production')().popup),
  );
  // Before the pages: /developers/api/ would otherwise be a board's address.
  const described = () => ({ routes: honoSurface(app.routes), registry, origin: deps.config.publicOrigin, brand: deps.config.brandName });
  app.route('/', openApiRoutes(described));
  documentInputs.set(app, described);
  // Before the pages: /oembed and /embed/* would otherwise be profiles', and a feed's address a board's.
  app.route('/', oembedRoutes(services.cards, deps.config));
  app.route('/', feedRoutes(services.cards, deps.config, turn));
  // Before the pages: a renamed account's old address redirects to its new one.
  app.route('/', renamedProfileRoutes(services.profiles));
  // Before the pages: the audit log's download lives under the console's /admin/.
  app.route('/', operatorRoutes(deps));
  app.route('/', pages);
  return app;
}

export type App = ReturnType<typeof createApp>;

import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createExamplesApp } from '../../examples/server.js';
import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import type { Deps } from './deps.js';
import { DEMO_LOGIN, seedDemo } from './demo/seed.js';
import { systemClock } from './lib/clock.js';
import { ROOT } from './lib/paths.js';
import { connectRedis } from './lib/redis.js';
import { startProduct } from './product.js';
import { createLogger, refusalLog, setProcessLog } from './core/log.js';
import { logCrashes } from './ops/crashes.js';
import { joinClusterMetrics, serveClusterMetrics } from './core/metrics.js';
import { mediaObjects } from './storage/index.js';
import { mailDestination, startupProblem } from './startup.js';
import { providerClients } from './auth/providers/client.js';

/** A configuration that does not parse is said as a JSON line, as every other, and the process stops. */
function configured() {
  try {
    return loadConfig();
  } catch (error) {
    refusalLog().fatal((error as Error).message);
    process.exit(1);
  }
}
let config = configured();
// Every line this process writes is JSON (core/log.ts), its crashes included.
const log = createLogger(config.logLevel);
setProcessLog(log);
logCrashes(config.logLevel);
const problem = startupProblem(config);
if (problem) {
  refusalLog().fatal(problem);
  process.exit(1);
}
const onPostgres = /^postgres(ql)?:\/\//.test(config.databaseUrl ?? '');

/**
 * WORKERS=N runs N server processes on one port (node:cluster). Only over Postgres: several processes
 * writing one SQLite file would queue on its lock and answer "database is locked", so we refuse to start.
 */
if (cluster.isPrimary && config.workers > 1 && !onPostgres) {
  refusalLog().fatal(
    `WORKERS=${config.workers} needs Postgres (DATABASE_URL=postgres://…): SQLite takes one server process. Unset WORKERS or set DATABASE_URL.`,
  );
  process.exit(1);
}

// Development with no provider configured and one server: a local OpenID provider stands in for all four
// (auth/providers/devProvider.ts), loaded only then. With WORKERS, providers are configured by their variables.
const devProvider =
  cluster.isPrimary && config.env === 'development' && config.workers === 1 && Object.keys(config.providers).length === 0
    ? await import('./auth/providers/devProvider.js').then(({ DEV_PROVIDER_PORT_OFFSET, startDevProvider }) =>
        startDevProvider(config.publicOrigin, config.port + DEV_PROVIDER_PORT_OFFSET),
      )
    : undefined;
if (devProvider) config = { ...config, ...devProvider.config };

const connectDeps = (): Deps => {
  // An idle connection lost (the database restarted, a proxy cut it) is dropped by the pool and made again for
  // the next query; the process goes on (db/connect.ts).
  const db = connect(config.databaseUrl, (error) => log.warn({ err: error, dependency: 'database' }, 'database connection lost; the next query opens another'));
  return { db, config, clock: systemClock, redis: config.redisUrl ? connectRedis(config.redisUrl, log) : undefined };
};

/**
 * One server process (product.ts): the product on HOST:PORT and a worker on the job queue. HOST (127.0.0.1
 * by default): a laptop on a café network does not serve the product, or its dev outbox, to its neighbours.
 * Browsers reach http://localhost through 127.0.0.1 as well. Returns how to stop it, everything it started
 * included.
 */
function serveProduct(deps: Deps) {
  const product = startProduct(deps, { port: config.port, host: config.host });
  return () => product.stop();
}

if (cluster.isPrimary) {
  // Migrations and the demo seed run once, here, before any worker takes a request.
  const deps = connectDeps();
  await migrate(deps.db);
  // A bucket named wrong (or credentials that do not reach it) is told at start, not as a 503 on every image;
  // told beside the first requests rather than before them (a restart answers at once), and the server serves
  // degraded meanwhile (/ready names the media store).
  const media = mediaObjects(config);
  void media
    .check()
    .catch((error: Error) =>
      log.error(
        { err: error, dependency: 'media', where: media.where },
        'The media store does not answer. Check MEDIA_STORE and MEDIA_S3_*, or unset MEDIA_STORE to keep media in MEDIA_DIR.',
      ),
    );
  // A typo in an identity provider's issuer, told at start too, off the way of the first request.
  void providerClients(config.providers, config.publicOrigin)
    .warm()
    .then(
      (unreachable) =>
        unreachable.length && log.warn({ providers: unreachable }, 'Identity providers not reachable at start (their buttons fail until they are)'),
    );
  if (config.env === 'development') await seedDemo(deps);

  // The demo publisher binds 127.0.0.1 only: a different site from localhost, as a real publisher is.
  const examples = serve({ fetch: createExamplesApp(config, `${ROOT}examples`).fetch, port: config.examplesPort, hostname: '127.0.0.1' });
  let stopProduct: (() => Promise<void>) | undefined;
  let stopping = false;
  if (config.workers > 1) {
    await deps.db.destroy();
    // Any worker a scrape of /metrics lands on answers for them all (core/metrics.ts).
    serveClusterMetrics();
    for (let i = 0; i < config.workers; i++) cluster.fork();
    // A worker that dies is replaced; one that keeps dying at start would loop, so not while stopping.
    cluster.on('exit', (worker, code) => {
      if (stopping) return;
      log.error({ worker_pid: worker.process.pid, code }, 'worker exited; starting another');
      cluster.fork();
    });
  } else {
    stopProduct = serveProduct(deps);
  }

  // What an operator (or a developer) needs to know, in one line; started_ms: from the process's start.
  log.info(
    {
      origin: config.publicOrigin,
      workers: config.workers,
      demo_publisher: `${config.examplesOrigin}/`,
      listening: `${config.host}:${config.port}`,
      mail: mailDestination(config),
      media: `${media.where}${config.mediaPublicUrl ? `, served from ${config.mediaPublicUrl}` : ''}`,
      ...(config.env === 'development' && { demo_login: `${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}` }),
      ...(devProvider && { dev_identity_provider: `${devProvider.issuer} (Google, Facebook, Line and SSO sign in there)` }),
      started_ms: Math.round(performance.now()),
    },
    'Corkboard started',
  );

  const shutdown = () => {
    stopping = true;
    examples.close();
    void devProvider?.close();
    // Each worker finishes its requests in flight (closeGracefully) before it exits; the primary waits for them,
    // since its exit would end theirs.
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    const workersGone = Promise.all(workers.map((w) => new Promise((exited) => w.once('exit', exited))));
    for (const worker of workers) worker.process.kill('SIGTERM');
    void Promise.all([stopProduct?.(), workersGone]).finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} else {
  // A worker: the product only, on the port the primary shares out.
  joinClusterMetrics();
  const stopProduct = serveProduct(connectDeps());
  const shutdown = () => void stopProduct().finally(() => process.exit(0));
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

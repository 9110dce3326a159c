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
import { logFor } from './ops/log.js';
import { startProduct } from './product.js';
import { joinClusterMetrics, serveClusterMetrics } from './ops/metrics.js';
import { mediaObjects } from './media/objects/index.js';
import { mailDestination, startupProblem } from './startup.js';
import { providerClients } from './auth/providers/client.js';
import { DEV_PROVIDER_PORT_OFFSET, startDevProvider } from './auth/providers/devProvider.js';

let config = loadConfig();
const problem = startupProblem(config);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const onPostgres = /^postgres(ql)?:\/\//.test(config.databaseUrl ?? '');

/**
 * WORKERS=N runs N server processes on one port (node:cluster). Only over Postgres: several processes
 * writing one SQLite file would queue on its lock and answer "database is locked", so we refuse to start.
 */
if (cluster.isPrimary && config.workers > 1 && !onPostgres) {
  console.error(`WORKERS=${config.workers} needs Postgres (DATABASE_URL=postgres://…): SQLite takes one server process. Unset WORKERS or set DATABASE_URL.`);
  process.exit(1);
}

// Development with no provider configured and one server: a local OpenID provider stands in for all four
// (auth/providers/devProvider.ts). With WORKERS, providers are configured by their variables.
const devProvider =
  cluster.isPrimary && config.env === 'development' && config.workers === 1 && Object.keys(config.providers).length === 0
    ? await startDevProvider(config.publicOrigin, config.port + DEV_PROVIDER_PORT_OFFSET)
    : undefined;
if (devProvider) config = { ...config, ...devProvider.config };
const unreachable = await providerClients(config.providers, config.publicOrigin).warm();
if (unreachable.length) console.warn(`Identity providers not reachable at start (their buttons fail until they are): ${unreachable.join(', ')}`);

const connectDeps = (): Deps => {
  const db = connect(config.databaseUrl);
  return { db, config, clock: systemClock, redis: config.redisUrl ? connectRedis(config.redisUrl, logFor({ config })) : undefined };
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
  // A bucket named wrong (or credentials that do not reach it) is told now, not as a 503 on every image.
  const media = mediaObjects(config);
  await media.check().catch((error: Error) => {
    console.error(`The media store ${media.where} does not answer (${error.name}: ${error.message}). Check MEDIA_STORE and MEDIA_S3_*, or unset MEDIA_STORE to keep media in MEDIA_DIR.`);
    process.exit(1);
  });
  if (config.env === 'development') await seedDemo(deps);

  // The demo publisher binds 127.0.0.1 only: a different site from localhost, as a real publisher is.
  const examples = serve({ fetch: createExamplesApp(config, `${ROOT}examples`).fetch, port: config.examplesPort, hostname: '127.0.0.1' });
  let stopProduct: (() => Promise<void>) | undefined;
  let stopping = false;
  if (config.workers > 1) {
    await deps.db.destroy();
    // Any worker a scrape of /metrics lands on answers for them all (ops/metrics.ts).
    serveClusterMetrics();
    for (let i = 0; i < config.workers; i++) cluster.fork();
    // A worker that dies is replaced; one that keeps dying at start would loop, so not while stopping.
    cluster.on('exit', (worker, code) => {
      if (stopping) return;
      console.error(`Worker ${worker.process.pid} exited (${code}); starting another.`);
      cluster.fork();
    });
  } else {
    stopProduct = serveProduct(deps);
  }

  console.log(`Corkboard      ${config.publicOrigin}${config.workers > 1 ? ` (${config.workers} workers)` : ''}`);
  console.log(`Demo publisher ${config.examplesOrigin}/`);
  console.log(`Listening on   ${config.host}:${config.port}`);
  console.log(`Mail goes to   ${mailDestination(config)}`);
  console.log(`Media in       ${media.where}${config.mediaPublicUrl ? `, served from ${config.mediaPublicUrl}` : ''}`);
  if (config.env === 'development') console.log(`Demo log-in    ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
  if (devProvider) console.log(`Dev identity provider ${devProvider.issuer} (Google, Facebook, Line and SSO sign in there)`);

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

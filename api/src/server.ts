import cluster from 'node:cluster';
import { serve } from '@hono/node-server';
import { createExamplesApp } from '../../examples/server.js';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEMO_LOGIN, seedDemo } from './demo/seed.js';
import { systemClock } from './lib/clock.js';
import { connectRedis } from './lib/redis.js';

const config = loadConfig();
const onPostgres = /^postgres(ql)?:\/\//.test(config.databaseUrl ?? '');

/**
 * WORKERS=N runs N server processes on one port (node:cluster). Only over Postgres: several processes
 * writing one SQLite file would queue on its lock and answer "database is locked", so we refuse to start.
 */
if (cluster.isPrimary && config.workers > 1 && !onPostgres) {
  console.error(`WORKERS=${config.workers} needs Postgres (DATABASE_URL=postgres://…): SQLite takes one server process. Unset WORKERS or set DATABASE_URL.`);
  process.exit(1);
}

const connectDeps = () => {
  const db = connect(config.databaseUrl);
  return { db, config, clock: systemClock, redis: config.redisUrl ? connectRedis(config.redisUrl) : undefined };
};

if (cluster.isPrimary) {
  // Migrations and the demo seed run once, here, before any worker takes a request.
  const deps = connectDeps();
  await migrate(deps.db);
  if (config.env === 'development') await seedDemo(deps);

  // The demo publisher binds 127.0.0.1 only: a different site from localhost, as a real publisher is.
  const examples = serve({ fetch: createExamplesApp(config).fetch, port: config.examplesPort, hostname: '127.0.0.1' });
  let product: ReturnType<typeof serve> | undefined;
  let stopping = false;
  if (config.workers > 1) {
    await deps.db.destroy();
    for (let i = 0; i < config.workers; i++) cluster.fork();
    // A worker that dies is replaced; one that keeps dying at start would loop, so not while stopping.
    cluster.on('exit', (worker, code) => {
      if (stopping) return;
      console.error(`Worker ${worker.process.pid} exited (${code}); starting another.`);
      cluster.fork();
    });
  } else {
    product = serve({ fetch: createApp(deps).fetch, port: config.port });
  }

  console.log(`Corkboard      ${config.publicOrigin}${config.workers > 1 ? ` (${config.workers} workers)` : ''}`);
  console.log(`Demo publisher ${config.examplesOrigin}/`);
  if (config.env === 'development') console.log(`Demo log-in    ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);

  const shutdown = () => {
    stopping = true;
    examples.close();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    if (product) {
      product.close();
      void deps.db.destroy().finally(() => process.exit(0));
    } else process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
} else {
  // A worker: the product only, on the port the primary shares out.
  const deps = connectDeps();
  const product = serve({ fetch: createApp(deps).fetch, port: config.port });
  const shutdown = () => {
    product.close();
    void deps.db.destroy().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { createExamplesApp } from '../../examples/server.js';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEMO_LOGIN, seedDemo } from './demo/seed.js';
import { backgroundJobs } from './images/ingest.js';
import { systemClock } from './lib/clock.js';
import { connectRedis } from './lib/redis.js';
import { mailDestination, startupProblem } from './startup.js';

const config = loadConfig();
const problem = startupProblem(config);
if (problem) {
  console.error(problem);
  process.exit(1);
}
const db = connect(config.databaseUrl);
await migrate(db);
const deps = { db, config, clock: systemClock, redis: config.redisUrl ? connectRedis(config.redisUrl) : undefined };
if (config.env === 'development') await seedDemo(deps);

// Every server process also works the job queue (image ingest); N servers, N workers, one queue.
const worker = backgroundJobs(deps).start();

// HOST (127.0.0.1 by default): a laptop on a café network does not serve the product, or its dev
// outbox, to its neighbours. Browsers reach http://localhost through 127.0.0.1 as well.
const product = serve({ fetch: createApp(deps).fetch, port: config.port, hostname: config.host });
// Node closes a kept-alive connection after 5 s without a new request; under load a client's next request
// can cross that close on the wire and meet a reset. A proxy or client keeps connections for up to a
// minute, so the server keeps them a little longer than that (headersTimeout must exceed it).
(product as Server).keepAliveTimeout = 65_000;
(product as Server).headersTimeout = 66_000;
// The demo publisher binds 127.0.0.1 only: a different site from localhost, as a real publisher is.
const examples = serve({ fetch: createExamplesApp(config).fetch, port: config.examplesPort, hostname: '127.0.0.1' });

console.log(`Corkboard      ${config.publicOrigin}`);
console.log(`Demo publisher ${config.examplesOrigin}/`);
console.log(`Listening on   ${config.host}:${config.port}`);
console.log(`Mail goes to   ${mailDestination(config)}`);
if (config.env === 'development') console.log(`Demo log-in    ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);

const shutdown = () => {
  product.close();
  examples.close();
  // The job in hand is finished first; a kill that does not wait leaves it to its lease.
  void worker
    .stop()
    .then(() => db.destroy())
    .finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

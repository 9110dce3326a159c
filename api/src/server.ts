import { serve } from '@hono/node-server';
import { createExamplesApp } from '../../examples/server.js';
import { createApp } from './app.js';
import { loadConfig } from './config.js';
import { connect } from './db/connect.js';
import { migrate } from './db/migrate.js';
import { DEMO_LOGIN, seedDemo } from './demo/seed.js';
import { systemClock } from './lib/clock.js';
import { connectRedis } from './lib/redis.js';
import { providerClients } from './auth/providers/client.js';
import { DEV_PROVIDER_PORT_OFFSET, startDevProvider } from './auth/providers/devProvider.js';

let config = loadConfig();
// Development with no provider configured: a local OpenID provider stands in for all four (auth/providers/devProvider.ts).
const devProvider =
  config.env === 'development' && Object.keys(config.providers).length === 0 ? await startDevProvider(config.publicOrigin, config.port + DEV_PROVIDER_PORT_OFFSET) : undefined;
if (devProvider) config = { ...config, ...devProvider.config };
const unreachable = await providerClients(config.providers, config.publicOrigin).warm();
if (unreachable.length) console.warn(`Identity providers not reachable at start (their buttons fail until they are): ${unreachable.join(', ')}`);
const db = connect(config.databaseUrl);
await migrate(db);
const deps = { db, config, clock: systemClock, redis: config.redisUrl ? connectRedis(config.redisUrl) : undefined };
if (config.env === 'development') await seedDemo(deps);

const product = serve({ fetch: createApp(deps).fetch, port: config.port });
// The demo publisher binds 127.0.0.1 only: a different site from localhost, as a real publisher is.
const examples = serve({ fetch: createExamplesApp(config).fetch, port: config.examplesPort, hostname: '127.0.0.1' });

console.log(`Corkboard      ${config.publicOrigin}`);
console.log(`Demo publisher ${config.examplesOrigin}/`);
if (config.env === 'development') console.log(`Demo log-in    ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
if (devProvider) console.log(`Dev identity provider ${devProvider.issuer} (Google, Facebook, Line and SSO sign in there)`);

const shutdown = () => {
  product.close();
  examples.close();
  void devProvider?.close();
  void db.destroy().finally(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);

import { availableParallelism, loadavg } from 'node:os';
import { Writable } from 'node:stream';
import { createApp } from '../api/src/app.js';
import { loadConfig } from '../api/src/config.js';
import { connectSqlite } from '../api/src/db/connect.js';
import { migrate } from '../api/src/db/migrate.js';
import { systemClock } from '../api/src/lib/clock.js';
import { createLogger, fixedFieldsLog } from '../api/src/core/log.js';

/**
 * What the operators' figures cost a request. In one process (no network, so the cost is not
 * lost in it): GET /health through an app that logs its line at `info` (pino, into a sink: the formatting,
 * not the pipe) and one whose log is silent, both counting the request in the metrics (context); the
 * request line alone, as observe() writes it (judged); and a /metrics scrape once the route labels are many.
 */
const REQUESTS = 5000;
const ROUNDS = 5;
const LINE_BUDGET_US = 20;
const SCRAPE_BUDGET_MS = 50;

export async function ops() {
  const db = connectSqlite(':memory:');
  await migrate(db);
  const config = { ...loadConfig({ NODE_ENV: 'test' }), metricsToken: 'bench-metrics-token-0123456789abcdef' };
  const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
  const quiet = createApp({ db, config, clock: systemClock, log: createLogger('silent') });
  const logged = createApp({ db, config, clock: systemClock, log: createLogger('info', sink) });
  const perRequestUs = async (app: typeof quiet) => {
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) await (await app.request('/health')).arrayBuffer();
    return ((performance.now() - started) * 1000) / REQUESTS;
  };
  // Alternated rounds, the best of each: the machine is shared, and the best is the least disturbed.
  let bestQuiet = Infinity;
  let bestLogged = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    bestQuiet = Math.min(bestQuiet, await perRequestUs(quiet));
    bestLogged = Math.min(bestLogged, await perRequestUs(logged));
  }
  // The line itself, as observe() writes it: the difference above drowns in a busy machine's noise.
  const lines = fixedFieldsLog(createLogger('info', sink));
  let bestLine = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    for (let i = 0; i < REQUESTS; i++) lines.info({ req_id: 'bench-request-0001', method: 'GET', route: '/v3/pins/:id/', status: 200, ms: 1.2 }, 'request');
    bestLine = Math.min(bestLine, ((performance.now() - started) * 1000) / REQUESTS);
  }
  // Many label sets, as a server that has served every route: 150 routes x 4 statuses.
  for (let route = 0; route < 150; route++) for (const status of [200, 400, 404, 500]) await logged.request(`/no/such/route/${route}?s=${status}`);
  const scrapes: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await (await logged.request('/metrics', { headers: { authorization: `Bearer ${config.metricsToken}` } })).text();
    scrapes.push(performance.now() - started);
  }
  await db.destroy();
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return [
    { name: `load average (${availableParallelism()} cores)`, value: round1(loadavg()[0]!), unit: '' },
    { name: 'GET /health, log silent', value: round1(bestQuiet), unit: 'µs/request' },
    { name: 'GET /health, log at info', value: round1(bestLogged), unit: 'µs/request' },
    { name: 'the request log line', value: round1(bestLine), budget: LINE_BUDGET_US, unit: 'µs/request' },
    { name: 'a /metrics scrape', value: round1(Math.min(...scrapes)), budget: SCRAPE_BUDGET_MS, unit: 'ms' },
  ];
}

import cluster from 'node:cluster';
import { AggregatorRegistry, Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus metrics, by prom-client. One registry per process, made once: every
 * app a test makes counts into it (tests compare before and after). Labels are bounded sets: a route is
 * its pattern (`/v3/pins/:pinId/`), never the path asked for, and an unmatched request is `unmatched`.
 * Served by ops/probes.ts (GET /metrics), closed unless METRICS_TOKEN or METRICS_ALLOW says otherwise.
 * Names are listed for operators in docs/operating.md, "Running on several machines".
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'corkboard_' });

export const httpRequests = new Counter({
  name: 'corkboard_http_requests_total',
  help: 'Requests answered, by method, route pattern and status.',
  labelNames: ['method', 'route', 'status'] as const,
  registers: [registry],
});

export const httpDuration = new Histogram({
  name: 'corkboard_http_request_duration_seconds',
  help: 'Time from a request reaching the app to its answer, by method and route pattern.',
  labelNames: ['method', 'route'] as const,
  buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  registers: [registry],
});

export const saves = new Counter({
  name: 'corkboard_saves_total',
  help: 'Pins saved (PinResource create and repins), counted when the save is committed.',
  registers: [registry],
});

export const shedRequests = new Counter({
  name: 'corkboard_shed_requests_total',
  help: 'API requests refused with 503 overloaded (lib/overload.ts): the queue for a turn was full, or its deadline passed.',
  registers: [registry],
});

export const rateLimitRefusals = new Counter({
  name: 'corkboard_rate_limit_refusals_total',
  help: 'Requests refused with 429 by a per-client limit (lib/limits.ts), by limit.',
  labelNames: ['limit'] as const,
  registers: [registry],
});

/** What the queue gauges read: the job table, which every process shares (set by createApp). */
export interface QueueSource {
  counts(): Promise<{ queued: number; running: number; failed: number }>;
  oldestWaitingMs(): Promise<number>;
}
let queueSource: QueueSource | undefined;
export const watchQueue = (source: QueueSource) => {
  queueSource = source;
};

// The queue is one table for every process: aggregated over a cluster, the largest reading is the
// reading ('max'), not the sum of N identical ones.
export const jobs = new Gauge({
  name: 'corkboard_jobs',
  help: 'Background jobs (image ingest, upload re-encodes) in the shared queue, by status: queued (the depth), running, failed (kept 7 days).',
  labelNames: ['status'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    if (!queueSource) return;
    const counts = await queueSource.counts().catch(() => undefined);
    if (!counts) return;
    for (const [status, n] of Object.entries(counts)) this.set({ status }, n);
  },
});

export const jobsOldest = new Gauge({
  name: 'corkboard_jobs_oldest_waiting_seconds',
  help: 'How long the oldest queued job that is due has waited; 0 when none waits.',
  aggregator: 'max',
  registers: [registry],
  async collect() {
    if (!queueSource) return;
    const ms = await queueSource.oldestWaitingMs().catch(() => undefined);
    if (ms !== undefined) this.set(ms / 1000);
  },
});

export const jobFailures = new Counter({
  name: 'corkboard_job_failures_total',
  help: "Failed job attempts, by kind and by the dependency the error named (lib/dependencies.ts: database, redis, bucket, disk, network), or 'none' for the job's own failure.",
  labelNames: ['kind', 'dependency'] as const,
  registers: [registry],
});

/** What the readiness gauges read: this process's /ready answer (ops/probes.ts, set by createApp). */
export type ReadinessSource = () => Promise<{ ready: boolean; checks: Record<string, string> }>;
let readinessSource: ReadinessSource | undefined;
export const watchReadiness = (source: ReadinessSource) => {
  readinessSource = source;
};

/** The states a dependency can be in (ops/dependencies.ts), each a series so a dashboard sees every one at 0 or 1. */
const DEPENDENCY_STATES = ['ok', 'down', 'full', 'not configured'];

// Per process: over a cluster the worst reading shows ('min' of ready; 'max' of each state).
export const ready = new Gauge({
  name: 'corkboard_ready',
  help: 'Whether this server should get requests (GET /ready is 200): 1 or 0. A degraded dependency leaves it 1.',
  aggregator: 'min',
  registers: [registry],
  async collect() {
    const answer = await readinessSource?.().catch(() => undefined);
    if (answer) this.set(answer.ready ? 1 : 0);
  },
});

export const dependencyState = new Gauge({
  name: 'corkboard_dependency_state',
  help: 'Each dependency (database, redis, media) in its state now: 1 for the state it is in, 0 for the others.',
  labelNames: ['dependency', 'state'] as const,
  aggregator: 'max',
  registers: [registry],
  async collect() {
    const answer = await readinessSource?.().catch(() => undefined);
    if (!answer) return;
    for (const [dependency, now] of Object.entries(answer.checks))
      for (const state of DEPENDENCY_STATES) this.set({ dependency, state }, now === state ? 1 : 0);
  },
});

/**
 * The text a scrape gets. One process: its own registry. A worker of `WORKERS=N` (node:cluster, one port
 * shared): it asks the primary, which gathers every worker's registry (prom-client's AggregatorRegistry,
 * counters and histograms summed) and answers; so any worker a scrape lands on answers for all.
 */
let exposition: () => Promise<string> = () => registry.metrics();
export const metricsText = () => exposition();
export const METRICS_CONTENT_TYPE = registry.contentType;

const ASK = 'corkboard:metrics?';
const ANSWER = 'corkboard:metrics';
type Message = { type?: string; id?: number; text?: string; error?: string };

/** In the primary of a cluster: gathers the workers' metrics when one of them asks. */
export function serveClusterMetrics(): void {
  const aggregator = new AggregatorRegistry();
  cluster.on('message', (worker, message: Message) => {
    if (message?.type !== ASK) return;
    aggregator.clusterMetrics().then(
      (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
      (error: Error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error.message }),
    );
  });
}

/** In a worker of a cluster: reports its registry to the primary and answers a scrape with the aggregate. */
export function joinClusterMetrics(): void {
  // Constructing one adds the worker's listener for the primary's requests.
  new AggregatorRegistry();
  AggregatorRegistry.setRegistries([registry]);
  let next = 0;
  const waiting = new Map<number, { resolve: (text: string) => void; reject: (error: Error) => void }>();
  process.on('message', (message: Message) => {
    if (message?.type !== ANSWER || message.id === undefined) return;
    const request = waiting.get(message.id);
    waiting.delete(message.id);
    if (message.error !== undefined) request?.reject(new Error(message.error));
    else request?.resolve(message.text ?? '');
  });
  exposition = () =>
    new Promise<string>((resolve, reject) => {
      const id = next++;
      // The primary's gathering has its own 5 s deadline; this one is for a primary that never answers.
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error('The primary did not answer for the metrics.'));
      }, 6000);
      waiting.set(id, {
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      });
      process.send?.({ type: ASK, id });
    });
}

import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Deps } from './deps.js';
import { backgroundJobs } from './background.js';
import { closeGracefully } from './lib/shutdown.js';
import { serveApp } from './lib/lingering-close.js';
import { uploadSweeper } from './media/sweeper.js';
import { settleAllCounts } from './counts/store.js';
import { newLifecycle } from './core/lifecycle.js';
import { logFor } from './core/log.js';

export interface RunningProduct {
  server: Server;
  /** The port it listens on (the one asked for, or the one the system gave for 0). */
  port: number;
  /**
   * Stops everything this process started for the product, in order: no new requests, those in flight
   * answered (bounded, lib/shutdown.ts), the worker's jobs in hand finished and its timer cleared, then the
   * connections they used (the database, Redis). Nothing the server started runs on after it resolves.
   */
  stop(): Promise<void>;
}

/**
 * One server process: the product on host:port and a worker on the job queue (image ingest and the
 * upkeep: pin counts, expired limits, partial renditions); N processes, N workers, one queue.
 */
export function startProduct(deps: Deps, listen: { port: number; host: string }): RunningProduct {
  const worker = backgroundJobs(deps).start();
  // Unused uploads and the `.part` files of cut-off ones (media/sweeper.ts).
  const sweeper = uploadSweeper(deps).start();
  // A refused upload's answer reaches its client before the connection closes (lib/lingering-close.ts).
  // Its /ready turns 503 as soon as stop() is called (ops/probes.ts).
  const lifecycle = deps.lifecycle ?? newLifecycle();
  const { server, linger } = serveApp(createApp({ ...deps, lifecycle }).fetch, { port: listen.port, hostname: listen.host });
  // Node closes a kept-alive connection after 5 s without a new request; under load a client's next request
  // can cross that close on the wire and meet a reset. A proxy or client keeps connections for up to a
  // minute, so the server keeps them a little longer than that (headersTimeout must exceed it).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  let stopping: Promise<void> | undefined;
  return {
    server,
    get port() {
      return (server.address() as AddressInfo | null)?.port ?? listen.port;
    },
    stop() {
      lifecycle.draining = true;
      // DRAIN_WAIT_MS: still serving, /ready already 503, so a load balancer takes this process out of its
      // rotation before the listener closes (docs/operating.md, "Running on several machines"). 0 by default.
      stopping ??= new Promise((waited) => setTimeout(waited, deps.config.drainWaitMs))
        .then(() => {
          linger.close();
          return Promise.all([closeGracefully(server), worker.stop(), sweeper.stop()]);
        })
        .then(async () => {
          // The counts' columns are left exact (counts/store.ts): nothing pending for the next start.
          await settleAllCounts(deps.db).catch((error) => logFor(deps).error({ err: error }, 'settling counts at stop'));
          await deps.db.destroy();
          await deps.redis?.quit().catch(() => deps.redis?.disconnect());
        });
      return stopping;
    },
  };
}

import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { privatePostgres } from '../db/testing-postgres.js';

/**
 * WORKERS=2 over Postgres (node:cluster, one port): a scrape of /metrics, whichever worker it lands on,
 * answers for both (core/metrics.ts asks the primary, which gathers every worker's registry). Skipped, with
 * the reason printed, when Postgres does not answer.
 */
const pg = await privatePostgres('cb_cluster_metrics', 'the WORKERS=2 metrics test');
const PORT = 9244;
const TOKEN = 'cluster-metrics-token-0123456789';

/** One request on a connection of its own (no keep-alive), so the cluster hands each to the next worker. */
const request = (path: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = get({ host: '127.0.0.1', port: PORT, path, agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
  });

describe('metrics with WORKERS=2', () => {
  it('counts every worker’s requests in one scrape', async (ctx) => {
    if (!pg) return ctx.skip();
    const server = spawn(process.execPath, ['--import', 'tsx', 'api/src/server.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        MEDIA_DIR: mkdtempSync(join(tmpdir(), 'corkboard-cluster-media-')),
        WORKERS: '2',
        DATABASE_URL: pg.url,
        PORT: String(PORT),
        EXAMPLES_PORT: String(PORT + 1),
        METRICS_TOKEN: TOKEN,
        LOG_LEVEL: 'silent',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    server.stderr.on('data', (chunk) => (stderr += chunk));
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      // Both workers up: the cluster answers /ready.
      let last = '';
      await expect
        .poll(
          () =>
            request('/ready').then(
              (r) => ((last = r.body), r.status),
              () => 0,
            ),
          { timeout: 60_000, interval: 250 },
        )
        .toBe(200);
      expect(last).toContain('"ready":true');
      const before = Number(
        /^corkboard_http_requests_total\{method="GET",route="\/health",status="200"\} (\d+)$/m.exec(
          (await request('/metrics', { authorization: `Bearer ${TOKEN}` })).body,
        )?.[1] ?? 0,
      );
      for (let i = 0; i < 10; i++) expect((await request('/health')).status).toBe(200);
      const scrape = await request('/metrics', { authorization: `Bearer ${TOKEN}` });
      expect(scrape.status, stderr).toBe(200);
      // Ten probes over two workers (round robin): only the sum of both says ten.
      expect(scrape.body).toMatch(new RegExp(`^corkboard_http_requests_total\\{method="GET",route="/health",status="200"\\} ${before + 10}$`, 'm'));
      // The queue is one table: its gauge is read once, not summed per worker.
      expect(scrape.body).toMatch(/^corkboard_jobs\{status="queued"\} 0$/m);
      expect((await request('/metrics')).status).toBe(404);
    } finally {
      server.kill('SIGTERM');
      await exited;
    }
  }, 90_000);
});

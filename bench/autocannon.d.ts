/** The little of autocannon (no published types for v8) the benchmarks use. */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    timeout?: number;
    headers?: Record<string, string>;
    body?: string;
    requests?: Request[];
    /** Worker threads to run the connections in. */
    workers?: number;
  }
  interface Histogram {
    p50: number;
    p99: number;
    max: number;
  }
  interface Result {
    latency: Histogram;
    requests: { average: number; total: number };
    non2xx: number;
    '2xx': number;
    errors: number;
    timeouts: number;
  }
  type Instance = Promise<Result> & EventEmitter;
  export default function autocannon(options: Options): Instance;
}

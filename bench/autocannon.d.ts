// The few parts of autocannon 8 the benchmarks use (it ships no types).
declare module 'autocannon' {
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    headers?: Record<string, string>;
    body?: string;
    requests?: Array<{ setupRequest?: (request: Request) => Request }>;
  }
  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
  }
  interface Result {
    requests: { average: number };
    non2xx: number;
    '2xx': number;
    errors: number;
  }
  export default function autocannon(options: Options): Promise<Result>;
}

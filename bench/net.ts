import { createServer } from 'node:net';

/** A loopback port nobody listens on now: the system's pick for port 0, given back at once. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

import type { Server } from 'node:http';

/** How long a stopping server waits for requests in flight before cutting their connections. */
export const SHUTDOWN_GRACE_MS = 10_000;

/**
 * Stops a server for a shutdown: no new connections, the requests in flight answered, then resolves,
 * so the caller closes the database only once nothing uses it. Kept-alive connections are closed as
 * soon as they are idle (Node's close leaves those that go idle after it open until their timeout);
 * after `graceMs` any still busy are cut.
 */
export function closeGracefully(server: Pick<Server, 'close' | 'closeIdleConnections' | 'closeAllConnections'>, graceMs = SHUTDOWN_GRACE_MS): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    const cut = setTimeout(() => server.closeAllConnections(), graceMs);
    server.close(() => {
      clearInterval(sweep);
      clearTimeout(cut);
      resolve();
    });
    server.closeIdleConnections();
  });
}

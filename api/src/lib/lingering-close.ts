import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * A request refused before its body was read (shed with 503, too large, not logged in) is answered at
 * once; the client may still be sending. Closing the connection then (as @hono/node-server's clean-up does
 * after 500 ms) closes a socket with unread bytes, which sends a TCP reset, and a reset makes the client's
 * system drop the answer it had not read yet: the client sees "other side closed", not the 503 and its
 * Retry-After (10-20 of 50 uploads). So after such an answer the rest of the body is read and
 * dropped (never kept, so memory stays flat), up to LINGER_MAX_BYTES and LINGER_MAX_MS, as Apache and
 * nginx's "lingering close" do; a connection that was to close is half-closed (our FIN after the answer)
 * and closed only once the client has finished sending or a cap is reached. Past the caps the client is
 * sending more than any route accepts, or too slowly to matter: its connection is cut.
 */
export const LINGER_MAX_BYTES = 256 * 1024 * 1024;
export const LINGER_MAX_MS = 30_000;
/** How often a lingering connection's byte count is looked at. */
const LINGER_CHECK_MS = 100;

const lingering = Symbol('lingering');
type LingerSocket = Socket & { [lingering]?: IncomingMessage };

export interface LingerOptions {
  maxBytes?: number;
  maxMs?: number;
}

/**
 * Makes `server` answer early refusals as above; wired in server.ts (with the adapter's own clean-up off).
 * Returns how to stop: the lingering connections (their answers sent long ago) are cut at shutdown.
 */
export function lingerAfterEarlyAnswers(server: Server, { maxBytes = LINGER_MAX_BYTES, maxMs = LINGER_MAX_MS }: LingerOptions = {}) {
  const open = new Set<Socket>();

  const linger = (req: IncomingMessage, socket: LingerSocket) => {
    if (open.has(socket)) return;
    open.add(socket);
    const from = socket.bytesRead;
    const done = () => {
      clearInterval(check);
      clearTimeout(deadline);
      open.delete(socket);
      if (socket[lingering] === req) socket[lingering] = undefined;
    };
    const cut = () => {
      done();
      socket.destroy();
    };
    const check = setInterval(() => socket.bytesRead - from > maxBytes && cut(), LINGER_CHECK_MS);
    const deadline = setTimeout(cut, maxMs);
    check.unref();
    deadline.unref();
    req.once('end', () => {
      done();
      // The connection was to close after this answer: now that the client has sent everything, it may.
      if (socket.writableEnded) socket.destroy();
    });
    socket.once('close', done);
    // Whatever was reading stopped (a refusal part way); the rest goes nowhere.
    req.removeAllListeners('data');
    req.resume();
  };

  server.on('connection', (socket: LingerSocket) => {
    // Node closes a connection that is not kept alive right after the answer (destroySoon): with bytes
    // still arriving, that is the reset. While a request's body is unread, only half-close it.
    const destroySoon = (socket as unknown as { destroySoon: () => void }).destroySoon.bind(socket);
    (socket as unknown as { destroySoon: () => void }).destroySoon = () => {
      if (!socket[lingering]) return destroySoon();
      socket.end();
    };
  });

  server.on('request', (req: IncomingMessage, res) => {
    if (req.method === 'GET' || req.method === 'HEAD') return;
    const socket = req.socket as LingerSocket;
    // Before Node's own handler, which may close the connection.
    res.prependListener('finish', () => {
      if (req.complete) return;
      socket[lingering] = req;
      linger(req, socket);
    });
  });

  return {
    close() {
      for (const socket of open) socket.destroy();
    },
  };
}

/**
 * The product's HTTP server on Node: the app behind @hono/node-server, with early refusals answered as
 * above (the adapter's own clean-up, which cuts the connection 500 ms after the answer, is turned off).
 */
// biome-ignore lint/suspicious/noExplicitAny: Hono's fetch takes whatever env its adapter passes
export function serveApp(fetch: (request: Request, env: any) => Response | Promise<Response>, { port, hostname }: { port: number; hostname: string }) {
  const server = serve({ fetch, port, hostname, autoCleanupIncoming: false }) as Server;
  const linger = lingerAfterEarlyAnswers(server);
  return { server, linger };
}

import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';

/**
 * The address of the socket a request came in on, or undefined when there is none to read
 * (`app.request()` in tests without a socket in its env, another runtime). Never a header: a client
 * can write any X-Forwarded-For it likes. Tests present an address by passing the env the Node
 * adapter would: `app.request(path, init, { incoming: { socket: { remoteAddress } } })`.
 */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

import { isIP } from 'node:net';
import type { Context } from 'hono';

/**
 * Who is asking: the address of the client, for per-client limits (lib/limits.ts) and anything else
 * that must tell clients apart.
 *
 * The address is the TCP peer of the socket (@hono/node-server puts the Node request in c.env).
 * X-Forwarded-For is read only when the operator says a proxy we trust stands in front
 * (TRUST_PROXY): then the right-most entry, the one that proxy appended, is the client; entries to
 * its left were written by the client and are never believed. With no socket (app.request() in
 * tests, without an env) the answer is undefined.
 */
export function clientAddress(c: Context, trustProxy: boolean): string | undefined {
  const socket = socketAddress(c);
  if (!trustProxy) return socket;
  const hops = (c.req.header('x-forwarded-for') ?? '').split(',').map((hop) => normaliseAddress(hop.trim()));
  const last = hops.at(-1);
  return last ?? socket;
}

/** The socket's peer address, normalised; undefined without a Node socket. */
export function socketAddress(c: Context): string | undefined {
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } }; server?: { incoming?: { socket?: { remoteAddress?: string } } } } | undefined;
  const raw = (env?.server ?? env)?.incoming?.socket?.remoteAddress;
  return raw === undefined ? undefined : normaliseAddress(raw);
}

/**
 * An IP address in one spelling: IPv4-mapped IPv6 (::ffff:1.2.3.4, how a dual-stack socket shows an
 * IPv4 peer) becomes the IPv4 address, IPv6 is lower-cased, brackets and a zone are dropped. Anything
 * that is not an IP address is undefined.
 */
export function normaliseAddress(value: string): string | undefined {
  let address = value
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '')
    .toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (mapped) address = mapped[1]!;
  return isIP(address) ? address : undefined;
}

/** Whether an address is this machine (127.0.0.0/8 or ::1). */
export function isLoopback(address: string | undefined): boolean {
  const normal = address === undefined ? undefined : normaliseAddress(address);
  return normal !== undefined && (normal === '::1' || /^127\./.test(normal));
}

/**
 * The key one client is counted under: an IPv4 address as it is; an IPv6 address by its /64, the
 * block one home or phone is given (a client rotating through its own /64 stays one client).
 * No address at all is one shared key, so requests without a socket are still counted.
 */
export function addressKey(address: string | undefined): string {
  if (address === undefined) return 'unknown';
  if (isIP(address) !== 6) return address;
  return `${expandIpv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIpv6(address: string): string[] {
  // An embedded IPv4 tail (::1.2.3.4) is two groups.
  const withoutV4 = address.replace(/(\d+)\.(\d+)\.(\d+)\.(\d+)$/, (_m, a, b, c, d) => `${((+a << 8) | +b).toString(16)}:${((+c << 8) | +d).toString(16)}`);
  const [head = '', tail] = withoutV4.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => group.replace(/^0+(?=.)/, ''));
}

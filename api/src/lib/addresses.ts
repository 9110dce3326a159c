import { isIP } from 'node:net';

/**
 * The address check of outbound fetches: may the server open a
 * connection to this IP address on a user's behalf? Only public unicast addresses may be reached.
 * Pure, so the private and link-local ranges are tested without sending a packet anywhere.
 *
 * Numeric host spellings (2130706433, 0x7f.1, 127.1) never get here as such: the WHATWG URL parser
 * turns them into dotted quads first, and safe-fetch checks the parsed hostname.
 */

/** IPv4 ranges that are not the public internet, with the reason we give for refusing them. */
const V4_BLOCKED: Array<[string, number, string]> = [
  ['0.0.0.0', 8, 'a "this network" address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'a reserved address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.88.99.0', 24, 'a reserved address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved address'],
];

function v4ToNumber(ip: string): number {
  return ip.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

const V4_RANGES = V4_BLOCKED.map(([base, bits, reason]) => {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return { net: (v4ToNumber(base) & mask) >>> 0, mask, reason };
});

function v4Reason(ip: string): string | null {
  const n = v4ToNumber(ip);
  for (const range of V4_RANGES) if ((n & range.mask) >>> 0 === range.net) return range.reason;
  return null;
}

/** The eight 16-bit groups of an IPv6 address (a trailing dotted quad becomes the last two groups). */
export function v6Groups(ip: string): number[] {
  let text = ip.toLowerCase();
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad?.[1]) {
    const n = v4ToNumber(quad[1]);
    text = `${text.slice(0, -quad[1].length)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const left = parse(head);
  const right = tail === undefined ? [] : parse(tail);
  return [...left, ...Array(8 - left.length - right.length).fill(0), ...right];
}

function v4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

function v6Reason(ip: string): string | null {
  const g = v6Groups(ip);
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  // IPv4 carried inside IPv6 is judged as the IPv4 address it reaches.
  if (zeroTo(5) && g5 === 0xffff) return v4Reason(v4FromGroups(g6, g7)); // ::ffff:a.b.c.d, mapped
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return v4Reason(v4FromGroups(g6, g7)); // ::ffff:0:a.b.c.d, translated
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return v4Reason(v4FromGroups(g6, g7)); // NAT64
  if (g0 === 0x2002) return v4Reason(v4FromGroups(g1, g2)); // 6to4
  if (zeroTo(7) && g7 === 1) return 'a loopback address';
  if (zeroTo(6)) return zeroTo(8) ? 'an unspecified address' : 'a reserved address'; // ::, ::a.b.c.d (deprecated compatible)
  if ((g0 & 0xfe00) === 0xfc00) return 'a private address'; // fc00::/7 unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'a link-local address'; // fe80::/10
  if ((g0 & 0xffc0) === 0xfec0) return 'a site-local address'; // fec0::/10, deprecated
  if ((g0 & 0xff00) === 0xff00) return 'a multicast address';
  if (g0 === 0x2001 && g1 === 0xdb8) return 'a documentation address';
  if (g0 === 0x2001 && g1 < 0x200) return 'a reserved address'; // Teredo, benchmarking, ORCHID…
  if ((g0 & 0xe000) !== 0x2000) return 'a reserved address'; // only 2000::/3 is global unicast
  return null;
}

/**
 * Why the server must not connect to `ip`, or null when it is a public address.
 * Anything that is not an IP address at all is refused too.
 */
export function refusalReason(ip: string): string | null {
  const bare = ip.startsWith('[') && ip.endsWith(']') ? ip.slice(1, -1) : ip;
  const version = isIP(bare);
  if (version === 4) return v4Reason(bare);
  if (version === 6) return v6Reason(bare);
  return 'not an IP address';
}

export function isPublicAddress(ip: string): boolean {
  return refusalReason(ip) === null;
}

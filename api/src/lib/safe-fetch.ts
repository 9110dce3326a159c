import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupAddress } from 'node:dns';
import { isIP } from 'node:net';
import { Agent, request } from 'undici';
import { refusalReason } from './addresses.js';
import { ApiError } from './errors.js';
import { currentRequest } from '../core/request-context.js';

/**
 * Every request the server makes on a user's behalf (image finder, image download, link check) goes
 * through here, and here the outbound-fetch rules hold:
 * - http and https only;
 * - every address a name resolves to is checked, and the connection is made to the checked address
 *   (undici is given our `lookup`, so there is no second DNS answer to rebind to);
 * - IP literals are checked before any connection (Node skips `lookup` for them);
 * - redirects are followed here, by hand, and each hop is checked again;
 * - one deadline for the whole fetch, and a byte cap on the body.
 * Origins in `allow` (config.outboundAllow: the demo publisher, test fixtures) skip the address check.
 */

export interface ResolvedAddress {
  address: string;
  family: number;
}
/** Name to addresses. Injectable so tests can make a name resolve to loopback without DNS. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface SafeFetchOptions {
  /** Largest body read, in bytes; more is outbound_too_large. */
  maxBytes?: number;
  /** Deadline for the whole fetch, redirects included. */
  timeoutMs?: number;
  accept?: string;
  /** Origins exempt from the address check (config.outboundAllow). */
  allow?: readonly string[];
  maxRedirects?: number;
  resolve?: Resolver;
  /** Told every URL about to be requested, redirects included (the offsite check judges each host). */
  onHop?: (url: URL) => void;
}

export interface SafeResponse {
  status: number;
  /** Where the body came from, after redirects. */
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}

export const SAFE_FETCH_DEFAULTS = { maxBytes: 5 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 5 } as const;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Corkboard/0.1 (+image finder)';

/** A refusal raised inside the connection path; turned into outbound_refused. */
class Refused extends Error {}

function refuse(detail?: string): never {
  throw new ApiError('outbound_refused', detail);
}

/**
 * An address the rules refuse gets the catalogue's words alone ("That address is not allowed."), the
 * same for every range and every name: saying what a name resolved to ("… resolves to 10.0.0.7, a
 * private address") would map the server's own network for whoever asks, and "is a loopback address"
 * tells a caller which of their guesses hit. One sentence is also one the web app can translate.
 */
const refuseAddress = (): never => refuse();

/** Parses a URL the server is asked to fetch; only http(s) with a host. */
export function outboundUrl(raw: string | URL): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    refuse('That is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') refuse(`Only http and https addresses can be fetched, not ${url.protocol}`);
  return url;
}

/** The check for a hop's host before connecting: IP literals and localhost names are judged here. */
function checkHost(url: URL): void {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) {
    if (refusalReason(host)) refuseAddress();
    return;
  }
  // RFC 6761: these names are loopback wherever they resolve.
  if (host === 'localhost' || host.endsWith('.localhost')) refuseAddress();
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for net.connect that resolves with `resolve` and refuses the whole name if any answer is not public. */
function checkingLookup(resolve: Resolver, check: boolean) {
  return (hostname: string, options: { family?: number | string; all?: boolean } | number, callback: LookupCallback) => {
    const opts = typeof options === 'number' ? { family: options } : options;
    resolve(hostname).then(
      (answers) => {
        if (!answers.length) return callback(Object.assign(new Error(`${hostname} has no address.`), { code: 'ENOTFOUND' }), []);
        if (check) {
          for (const answer of answers) {
            if (refusalReason(answer.address)) return callback(new Refused(), []);
          }
        }
        const family = opts.family === 6 || opts.family === 'IPv6' ? 6 : opts.family === 4 || opts.family === 'IPv4' ? 4 : 0;
        const usable = family ? answers.filter((a) => a.family === family) : answers;
        if (opts.all)
          return callback(
            null,
            usable.map((a) => ({ address: a.address, family: a.family })),
          );
        const first = usable[0];
        if (!first) return callback(Object.assign(new Error(`${hostname} has no IPv${family} address.`), { code: 'ENOTFOUND' }), []);
        callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, []),
    );
  };
}

/** Drops a body we will not read; the abort it causes is expected, not an error to report. */
function discard(body: NodeJS.ReadableStream & { destroy(): void }): void {
  body.on('error', () => {});
  body.destroy();
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined) flat[name] = Array.isArray(value) ? value.join(', ') : value;
  return flat;
}

/** Finds our refusal or a timeout in what undici threw, wrapped or not. */
function translate(error: unknown, url: URL, timedOut: boolean): ApiError {
  if (error instanceof ApiError) return error;
  for (let e: unknown = error; e instanceof Error; e = e.cause) {
    if (e instanceof Refused) return new ApiError('outbound_refused');
  }
  if (timedOut) return new ApiError('outbound_failed', `${url.host} took too long to answer.`);
  const code = (error as { code?: string } | null)?.code;
  return new ApiError('outbound_failed', `Could not reach ${url.host}${code ? ` (${code})` : ''}.`);
}

/**
 * The address rules alone, without fetching: a parse, the host check and one DNS lookup whose every
 * answer must be public. Cheap enough for a request path (the save checks its image address with it
 * before the download moves to the ingest queue); the fetch checks every hop again when it runs.
 */
export async function checkOutbound(raw: string | URL, options: Pick<SafeFetchOptions, 'allow' | 'resolve'> = {}): Promise<URL> {
  const url = outboundUrl(raw);
  if ((options.allow ?? []).includes(url.origin)) return url;
  checkHost(url);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host)) return url;
  let answers: ResolvedAddress[];
  try {
    answers = await (options.resolve ?? systemResolver)(host);
  } catch {
    throw new ApiError('outbound_failed', `Could not find ${url.host}.`);
  }
  if (!answers.length) throw new ApiError('outbound_failed', `Could not find ${url.host}.`);
  if (answers.some((answer) => refusalReason(answer.address))) refuseAddress();
  return url;
}

export async function safeFetch(raw: string | URL, options: SafeFetchOptions = {}): Promise<SafeResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const allow = new Set(options.allow ?? []);
  const resolve = options.resolve ?? systemResolver;
  const deadline = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    deadline.abort();
  }, options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);

  let url = outboundUrl(raw);
  try {
    for (let hop = 0; ; hop++) {
      const exempt = allow.has(url.origin);
      options.onHop?.(url);
      // A redirect to another site is counted against that site's share, for a request that counts (outbound-limits.ts).
      if (hop > 0) await currentRequest()?.redirectedTo?.(url);
      if (!exempt) checkHost(url);
      // One agent per hop: its lookup knows whether this hop is checked, and no connection is reused across hops.
      const agent = new Agent({ connect: { lookup: checkingLookup(resolve, !exempt) as never }, pipelining: 0 });
      try {
        const res = await request(url, {
          dispatcher: agent,
          method: 'GET',
          headers: { accept: options.accept ?? '*/*', 'user-agent': USER_AGENT },
          signal: deadline.signal,
        });
        const headers = flatHeaders(res.headers);
        if (REDIRECTS.has(res.statusCode) && headers.location) {
          discard(res.body);
          if (hop >= maxRedirects) throw new ApiError('outbound_failed', `${url.host} redirected more than ${maxRedirects} times.`);
          url = outboundUrl(new URL(headers.location, url));
          continue;
        }
        const declared = Number(headers['content-length']);
        if (declared > maxBytes) {
          discard(res.body);
          throw new ApiError('outbound_too_large', `${url.host} sent ${declared} bytes; the limit is ${maxBytes}.`);
        }
        const chunks: Buffer[] = [];
        let total = 0;
        for await (const chunk of res.body) {
          total += (chunk as Buffer).length;
          if (total > maxBytes) {
            discard(res.body);
            throw new ApiError('outbound_too_large', `${url.host} sent more than ${maxBytes} bytes.`);
          }
          chunks.push(chunk as Buffer);
        }
        return { status: res.statusCode, url: url.href, headers, body: Buffer.concat(chunks, total) };
      } catch (error) {
        throw translate(error, url, timedOut);
      } finally {
        void agent.destroy().catch(() => {});
      }
    }
  } finally {
    clearTimeout(timer);
  }
}

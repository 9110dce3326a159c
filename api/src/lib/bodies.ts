import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../deps.js';
import { refusalWithoutSession, type Declaration } from './declare.js';
import { fail } from './envelope.js';
import { ApiError } from './errors.js';
import { hasBody } from './node-request.js';
import { LARGE_BODY_BYTES, largeStep } from './large-steps.js';

/**
 * The request path cannot be held hostage (design item 4). Before a request takes an API turn
 * (lib/overload.ts), this guard judges it by its route's declaration (lib/declare.ts):
 * - a route for logged-in callers refuses a request that carries no session at all (401), its body unread;
 * - a body larger than the route declares is refused (413) by its Content-Length, unread;
 * - a body still arriving is read here, outside any turn, within a deadline (408), while its client has
 *   fewer than `perClient` bodies arriving (429 otherwise), and kept for the handler (bodyText, c.req.json()).
 * A request refused with its body unread is answered with `Connection: close`: the rest is never read.
 * A body that arrives whole with its headers (the usual small save) is taken from Node's message at once,
 * after one wait for the parser to finish that packet.
 */

/** Bytes per second a body must keep up after its grace: a phone on a poor link sends far more. */
export const MIN_BODY_BYTES_PER_S = 16 * 1024;
/** Seconds a client refused for bodies in progress is asked to wait. */
export const BODIES_RETRY_AFTER_S = 5;

export interface BodyGuardOptions {
  /** Whether the request carries a session to check at all (its cookie): without one, a 'user' route refuses at once. */
  hasSession: (c: Context) => boolean;
  /** The client a body is counted under (lib/client-address.ts addressKey). */
  clientKey: (c: Context) => string;
  /** Bodies one client may be sending at once (BODIES_PER_CLIENT). */
  perClient: number;
  /** Milliseconds before the minimum rate applies (BODY_GRACE_MS). */
  graceMs: number;
}

/** A body's deadline: the grace, then the declared (or the route's largest) size at the minimum rate. */
export const bodyDeadlineMs = (bytes: number, graceMs: number) => graceMs + Math.ceil((bytes * 1000) / MIN_BODY_BYTES_PER_S);

const utf8 = new TextDecoder();
const EMPTY = Buffer.alloc(0);

const incomingOf = (c: Context) => (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** The 413 of a route: the upload route says so in its own words. */
const tooLarge = (declaration: Declaration) => (declaration.stream ? new ApiError('upload_too_large') : new ApiError('payload_too_large'));

/** An answer that leaves the body unread: the connection is closed after it, so nothing reads the rest. */
function refuse(c: Context, error: ApiError, unread: boolean): Response {
  if (unread) c.header('Connection', 'close');
  return fail(c, error);
}

/** Counts bodies in progress per client. */
function slots(perClient: number) {
  const held = new Map<string, number>();
  return {
    take(key: string): boolean {
      const n = held.get(key) ?? 0;
      if (n >= perClient) return false;
      held.set(key, n + 1);
      return true;
    },
    give(key: string) {
      const n = (held.get(key) ?? 1) - 1;
      if (n <= 0) held.delete(key);
      else held.set(key, n);
    },
  };
}

/** The body guard, mounted after declared() and before the API's turns. */
export function bodyGuard(options: BodyGuardOptions): MiddlewareHandler<AppEnv> {
  const { hasSession, clientKey, perClient, graceMs } = options;
  const inProgress = slots(perClient);
  // Made once: the refusals of a flood must cost next to nothing.
  const limited = new ApiError('bodies_limited', undefined, { retry_after_seconds: BODIES_RETRY_AFTER_S });
  // Outside Node (app.request in tests) the body is a Request's: hono's own limit, per declared size.
  const requestLimits = new Map<number, MiddlewareHandler>();
  const requestLimit = (max: number, declaration: Declaration) => {
    let made = requestLimits.get(max);
    if (!made) requestLimits.set(max, (made = bodyLimit({ maxSize: max, onError: (c) => fail(c, tooLarge(declaration)) })));
    return made;
  };

  return async (c, next) => {
    // Found by lib/declare.ts declared(); none: no route, nothing to guard (a 404).
    const declaration = c.get('declaration') as Declaration | undefined;
    if (!declaration) return next();
    const method = c.req.method;
    const lengthHeader = c.req.header('content-length');
    const chunked = c.req.header('transfer-encoding') !== undefined;
    const length = lengthHeader === undefined || chunked ? undefined : parseInt(lengthHeader, 10);
    const incoming = incomingOf(c);
    const withBody = method !== 'GET' && method !== 'HEAD' && hasBody(c);
    const unread = withBody && !(incoming?.complete ?? false);

    if (declaration.caller !== 'visitor' && !hasSession(c)) {
      // A console page asked for without a session is the app's not-found page (the error handler makes it), like any miss.
      if (declaration.caller === 'operator' && !withBody) throw refusalWithoutSession(declaration);
      return refuse(c, refusalWithoutSession(declaration), unread);
    }
    if (!withBody) return next();
    if (length !== undefined && length > declaration.body) return refuse(c, tooLarge(declaration), unread);
    if (!incoming) return declaration.stream ? next() : requestLimit(declaration.body, declaration)(c, next);
    if (!declaration.stream) {
      // Node's parser hands the request over as soon as its headers are parsed, and parses what came in
      // the same packet (a small save's whole body) before any promise runs: after one such wait that body
      // is whole, and is taken from the message at once rather than read through listeners and a deadline.
      if (unread) await Promise.resolve();
      if (incoming.complete) {
        // Arrived whole: Node's parser holds it already (a chunked one is counted here; a Content-Length was judged above).
        if (incoming.readableLength > declaration.body) return refuse(c, tooLarge(declaration), false);
        if (incoming.readableLength < LARGE_BODY_BYTES && incoming.readableFlowing === null && !incoming.readableDidRead) {
          const body = (incoming.read() as Buffer | null) ?? EMPTY;
          (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(utf8.decode(body));
        }
        return next();
      }
    }

    const key = clientKey(c);
    if (!inProgress.take(key)) return refuse(c, limited, true);
    if (declaration.stream) {
      // The route reads it (bodyChunks), under the same deadline, while it holds this client's slot.
      c.set('bodyDeadline', performance.now() + bodyDeadlineMs(length ?? declaration.body, graceMs));
      try {
        await next();
      } finally {
        inProgress.give(key);
      }
      // Refused before the route read it all (a session that is not live, a file too large): the rest is never read.
      if (!incoming.complete) c.header('Connection', 'close');
      return;
    }
    let body: Buffer;
    try {
      body = await readWithin(incoming, declaration.body, bodyDeadlineMs(length ?? declaration.body, graceMs));
    } catch (error) {
      if (error instanceof ApiError) return refuse(c, error.status === 413 ? tooLarge(declaration) : error, true);
      throw error;
    } finally {
      inProgress.give(key);
    }
    // Every reader of the body gets these bytes: bodyText, and hono's c.req.json()/text() through its cache.
    (c.req.bodyCache as { text?: Promise<string> }).text = Promise.resolve(utf8.decode(body));
    return next();
  };
}

/**
 * Reads a message's body whole: refused (ApiError 413) past `max` bytes, or (408 body_timeout) when it has
 * not ended within `deadlineMs`, or when the client hung up part way. Reading stops at the refusal.
 */
export function readWithin(incoming: IncomingMessage, max: number, deadlineMs: number): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = (error: ApiError | undefined) => {
      clearTimeout(timer);
      incoming.off('data', onData).off('end', onEnd).off('error', onGone).off('close', onGone);
      if (!error) {
        // Megabytes are joined (and then decoded by the caller) in a turn of the loop of their own (lib/large-steps.ts).
        const join = () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
        const turn = largeStep(size);
        return turn ? void turn.then(join) : join();
      }
      incoming.pause();
      reject(error);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return stop(new ApiError('payload_too_large'));
      chunks.push(chunk);
    };
    const onEnd = () => stop(undefined);
    const onGone = () => stop(new ApiError('body_timeout', 'The request ended before its body did.'));
    const timer = setTimeout(() => stop(new ApiError('body_timeout')), deadlineMs);
    incoming.on('data', onData).on('end', onEnd).on('error', onGone).on('close', onGone);
  });
}

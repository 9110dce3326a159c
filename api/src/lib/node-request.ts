import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { ApiError } from './errors.js';

/**
 * A request's body and hang-up without the fetch Request around them. On Node, @hono/node-server hands
 * the app a light request that builds a full fetch Request (an undici Request, an AbortSignal, a web
 * stream over the socket's message) the first time its body or signal is asked for: a tenth of a save's
 * CPU, measured under load, for a body of a few hundred bytes. A body is read from Node's own message
 * (or, when it was still arriving, from what lib/bodies.ts read before the request took its turn); a
 * hang-up is read from Node's response. Body limits are the route's declaration (lib/declare.ts).
 */

const utf8 = new TextDecoder();

/** Whether the request has a body at all: on Node by its headers (the message is not touched), else the Request's. */
export function hasBody(c: Context): boolean {
  if (!(c.env as { incoming?: IncomingMessage } | undefined)?.incoming) return c.req.raw.body !== null;
  const length = c.req.header('content-length');
  return c.req.header('transfer-encoding') !== undefined || (length !== undefined && length !== '0');
}

/**
 * The body as text, decoded as fetch's text() does (UTF-8, a leading BOM dropped). Straight from Node's
 * message when nothing has started reading it (no stream made over it yet); otherwise, and outside Node
 * (tests' app.request), from the Request.
 */
export function bodyText(c: Context): Promise<string> {
  // Read already, outside the request's turn (lib/bodies.ts), or by another reader: that very promise,
  // not one more wrapped around it.
  const cached = (c.req.bodyCache as { text?: Promise<string> }).text;
  return cached ?? readBodyText(c);
}

async function readBodyText(c: Context): Promise<string> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming || incoming.readableFlowing !== null || incoming.readableDidRead) return c.req.text();
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return utf8.decode(chunks.length === 1 ? chunks[0] : Buffer.concat(chunks));
}

/**
 * Whether the client has gone, as a check to make later (after a wait): asked on Node of the response,
 * by the adapter's own rule (closed before it was finished); elsewhere the Request's signal. Made before
 * the wait: the adapter aborts a Request's signal on close only once the signal has been asked for.
 */
export function hangUpCheck(c: Context): () => boolean {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing) return () => outgoing.closed && !outgoing.writableFinished;
  const signal = c.req.raw.signal;
  return () => signal.aborted;
}

/**
 * A streamed body's chunks (a route declared `stream: true`, an upload): straight from Node's message,
 * held to the route's declared size (413 upload_too_large past it, reading stops) and to the deadline
 * lib/bodies.ts set (408 body_timeout: the connection is closed, the rest never read). Outside Node,
 * the Request's stream.
 */
export async function* bodyChunks(c: Context, max: number): AsyncGenerator<Uint8Array> {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  const deadline = c.get('bodyDeadline' as never) as number | undefined;
  // Not destroyed when the loop ends early: the refusal must still reach the client.
  const source: AsyncIterable<Uint8Array> = incoming ? incoming.iterator({ destroyOnReturn: false }) : requestChunks(c);
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let late = false;
  if (incoming && deadline !== undefined) {
    // The iterator below waits on the socket: only destroying the message ends that wait.
    timer = setTimeout(() => ((late = true), incoming.destroy()), Math.max(0, deadline - performance.now()));
  }
  try {
    for await (const chunk of source) {
      size += chunk.length;
      if (size > max) throw new ApiError('upload_too_large');
      yield chunk;
    }
  } catch (error) {
    if (late) throw new ApiError('body_timeout');
    throw error;
  } finally {
    clearTimeout(timer);
    // Refused part way (too large, or the consumer stopped): the rest is not read, the connection not kept.
    if (incoming && !incoming.complete) c.header('Connection', 'close');
  }
}

async function* requestChunks(c: Context): AsyncGenerator<Uint8Array> {
  const body = c.req.raw.body;
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

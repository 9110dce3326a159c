import { IncomingMessage, ServerResponse } from 'node:http';
import { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';

/**
 * Requests handed to an app the way server.ts serves it (@hono/node-server's listener, its light Request
 * and Response, the body read from Node's message) but over a socket in memory: no kernel, no HTTP parser.
 * What it costs is what the server spends between a parsed request and the bytes it writes back, which is
 * what a save costs beyond its statements. `app.request()` would measure undici's full Request and Response,
 * and the body read through a web stream, none of which the server makes for a save.
 */

export interface Answer {
  status: number;
  /** The response as written: status line, headers and body. */
  text: string;
}

/** A socket that keeps what is written to it. */
class MemorySocket extends Duplex {
  readonly written: Buffer[] = [];
  readonly remoteAddress = '127.0.0.1';
  override _read() {}
  override _write(chunk: Buffer, _encoding: BufferEncoding, done: () => void) {
    this.written.push(chunk);
    done();
  }
  setTimeout() {
    return this;
  }
  setNoDelay() {
    return this;
  }
}

export function nodeListener(fetch: (request: Request, env: unknown) => Response | Promise<Response>) {
  const listener = getRequestListener(fetch as never);
  return async (method: string, path: string, headers: Record<string, string>, body?: string): Promise<Answer> => {
    const socket = new MemorySocket();
    const incoming = new IncomingMessage(socket as never);
    incoming.method = method;
    incoming.url = path;
    const all: Record<string, string> = { host: 'localhost', ...headers };
    if (body !== undefined) all['content-length'] = String(Buffer.byteLength(body));
    incoming.headers = Object.fromEntries(Object.entries(all).map(([k, v]) => [k.toLowerCase(), v]));
    incoming.rawHeaders = Object.entries(all).flat();
    const outgoing = new ServerResponse(incoming);
    outgoing.assignSocket(socket as never);
    const finished = new Promise<void>((resolve) => outgoing.once('finish', resolve));
    const handled = listener(incoming, outgoing);
    // As Node's parser does with a small save that came in one packet: the request is handed over when its
    // headers are parsed, the app runs until it first waits, and then the body is parsed and the message ends.
    if (body !== undefined) incoming.push(Buffer.from(body));
    incoming.push(null);
    incoming.complete = true;
    await handled;
    await finished;
    outgoing.detachSocket(socket as never);
    const text = Buffer.concat(socket.written).toString('utf8');
    return { status: Number(text.slice(9, 12)), text };
  };
}

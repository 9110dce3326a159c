import { createServer, Agent, get, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { closeGracefully } from './shutdown.js';

/** A server whose answer waits until the test releases it, and a kept-alive client of it. */
async function slowServer() {
  let release!: () => void;
  const released = new Promise<void>((r) => (release = r));
  let arrived!: () => void;
  const inFlight = new Promise<void>((r) => (arrived = r));
  const server = createServer((_req, res) => {
    arrived();
    void released.then(() => res.end('done'));
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const agent = new Agent({ keepAlive: true });
  const events: string[] = [];
  const answer = new Promise<string>((resolve, reject) =>
    get({ host: '127.0.0.1', port: (server.address() as AddressInfo).port, agent }, (res: IncomingMessage) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => {
        events.push('answered');
        resolve(body);
      });
      res.on('error', reject);
    }).on('error', reject),
  );
  return { server, release, inFlight, answer, events, agent };
}

describe('closeGracefully (the server shutdown)', () => {
  it('answers the request in flight before it resolves, even on a kept-alive connection', async () => {
    const s = await slowServer();
    await s.inFlight;
    const closed = closeGracefully(s.server).then(() => s.events.push('closed'));
    s.release();
    expect(await s.answer).toBe('done');
    await closed;
    expect(s.events).toEqual(['answered', 'closed']);
    expect(s.server.listening).toBe(false);
    s.agent.destroy();
  });

  it('cuts a request still busy after the grace, so a stuck one cannot hold the shutdown', async () => {
    const s = await slowServer();
    await s.inFlight;
    await closeGracefully(s.server, 50);
    await expect(s.answer).rejects.toThrow();
    s.release();
    s.agent.destroy();
  });
});

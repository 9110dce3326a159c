import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { createApp } from '../../api/src/app';
import { loadConfig } from '../../api/src/config';
import { connectSqlite } from '../../api/src/db/connect';
import { systemClock } from '../../api/src/lib/clock';
import { E2E_DATABASE, EXAMPLES_PORT, PORT, PRODUCT } from './origins';

/** A real SMTP server in the test's process, on a free loopback port, keeping each message's raw text. */
export async function smtpInbox() {
  const received: { to: string[]; raw: string }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  server.listen(0, '127.0.0.1');
  await once(server.server, 'listening');
  const { port } = server.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A quoted-printable body as text (nodemailer wraps long lines with soft breaks). */
export const decodeQuotedPrintable = (raw: string) =>
  raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * The product's API in the test's process, on the e2e server's database and origin, with SMTP_URL
 * pointing at `smtpUrl`: what the running server does, with its mail sent over SMTP instead of to the
 * dev outbox the other specs read. Requests go through app.request with the caller's cookie.
 */
export function mailingApp(smtpUrl: string) {
  const db = connectSqlite(fileURLToPath(new URL(`../../${E2E_DATABASE}`, import.meta.url)));
  const config = loadConfig({ NODE_ENV: 'development', PORT: String(PORT), EXAMPLES_PORT: String(EXAMPLES_PORT), SMTP_URL: smtpUrl, RATE_LIMIT_SCALE: '50' });
  const app = createApp({ db, config, clock: systemClock });
  const post = async (cookie: string, name: string, action: string, options: Record<string, unknown>) => {
    const res = await app.request(`/resource/${name}/${action}/`, { method: 'POST', headers: { cookie, origin: PRODUCT, 'content-type': 'application/json' }, body: JSON.stringify({ options }) });
    return { status: res.status, body: (await res.json()) as { resource_response: { data?: any; error?: { message: string } } } };
  };
  return { post, close: () => db.destroy() };
}

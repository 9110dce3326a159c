import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { E2E_DATABASE, PRODUCT } from './origins';
import { answering, freePort, serverProcess, stopProcess } from './server-process';

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
 * A second server process on the e2e server's database and public origin, with SMTP_URL pointing at
 * `smtpUrl`: what the running server does, with its mail sent over SMTP instead of to the dev outbox the
 * other specs read. Requests go to it over HTTP with the caller's cookie (the session is in the database).
 */
export async function mailingServer(smtpUrl: string) {
  const [port, examplesPort] = [await freePort(), await freePort()];
  const child = serverProcess({
    NODE_ENV: 'development',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    EXAMPLES_PORT: String(examplesPort),
    PUBLIC_ORIGIN: PRODUCT,
    DATABASE_URL: `sqlite:${E2E_DATABASE}`,
    SMTP_URL: smtpUrl,
    RATE_LIMIT_SCALE: '50',
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await answering(`${origin}/`, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  const post = async (cookie: string, name: string, action: string, options: Record<string, unknown>) => {
    const res = await fetch(`${origin}/resource/${name}/${action}/`, {
      method: 'POST',
      headers: { cookie, origin: PRODUCT, 'content-type': 'application/json' },
      body: JSON.stringify({ options }),
    });
    return { status: res.status, body: (await res.json()) as { resource_response: { data?: any; error?: { message: string } } } };
  };
  return { post, close: () => stopProcess(child) };
}

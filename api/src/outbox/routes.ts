import { declare, none } from '../lib/declare.js';
import { Hono, type Context } from 'hono';
import { html } from 'hono/html';
import type { Deps } from '../deps.js';
import type { Config } from '../config.js';
import { isLoopback, socketAddress } from '../lib/client-address.js';
import { ApiError } from '../lib/errors.js';
import { outboxStore } from './store.js';

const OUTBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** Headers a proxy adds: through one, the socket is loopback for every client on the network. */
const FORWARDING_HEADERS = ['forwarded', 'x-forwarded-for', 'x-real-ip'];
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The outbox holds password-reset links and two-factor codes: whoever reads it can take any account.
 * So it is shown only in development, and only to a browser on this machine: the socket's
 * address is loopback, no proxy forwarded the request, and the Host is a loopback name or our own
 * (a page on another name that rebinds its DNS to 127.0.0.1 is not us). Everyone else gets the 404
 * of a page that does not exist.
 */
function isLocalVisit(c: Context, config: Config): boolean {
  if (config.env !== 'development') return false;
  const address = socketAddress(c);
  if (!isLoopback(address)) return false;
  if (FORWARDING_HEADERS.some((name) => c.req.header(name) !== undefined)) return false;
  const host = new URL(c.req.url).hostname;
  return LOOPBACK_NAMES.has(host) || host === new URL(config.publicOrigin).hostname;
}

/** GET /dev/outbox: the latest mail and SMS the dev outbox holds; served in development only. */
export function outboxRoutes({ db, config }: Deps): Hono {
  const routes = new Hono();
  routes.get(
    '/outbox',
    declare({ caller: 'visitor', limit: none('the development outbox: served only without SMTP_URL, never in production'), body: 0 }),
    async (c) => {
      if (!isLocalVisit(c, config)) throw new ApiError('not_found');
      const messages = await outboxStore(db).latest(50);
      c.header('Content-Security-Policy', OUTBOX_CSP);
      c.header('X-Frame-Options', 'DENY');
      c.header('Cache-Control', 'no-store');
      c.header('Referrer-Policy', 'no-referrer');
      // hono/html escapes every interpolated value: message bodies are text, never markup.
      return c.html(html`<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>Dev outbox</title>
<style>body{font:14px system-ui,sans-serif;margin:24px;max-width:760px}article{border-bottom:1px solid #ddd;padding:8px 0}pre{white-space:pre-wrap}</style></head>
<body><main><h1>Dev outbox</h1>
<p>Mail and SMS ${config.brandName} would have sent (set SMTP_URL to send real mail).</p>
${messages.length === 0 ? html`<p>Nothing sent yet.</p>` : ''}
${messages.map(
  (m) => html`<article data-channel="${m.channel}" data-to="${m.to_address}">
<h2>${m.channel === 'sms' ? 'SMS' : 'Email'} to ${m.to_address}: ${m.subject}</h2>
<p><time datetime="${new Date(m.created_at).toISOString()}">${new Date(m.created_at).toISOString()}</time></p>
<pre>${m.body}</pre></article>`,
)}
</main></body></html>`);
    },
  );
  return routes;
}

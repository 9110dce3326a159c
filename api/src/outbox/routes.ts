import { Hono } from 'hono';
import { html } from 'hono/html';
import type { Deps } from '../deps.js';
import { ApiError } from '../lib/errors.js';
import { outboxStore } from './store.js';

const OUTBOX_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

/** GET /dev/outbox: the latest mail and SMS the dev outbox holds; not served in production. */
export function outboxRoutes({ db, config }: Deps): Hono {
  const routes = new Hono();
  routes.get('/outbox', async (c) => {
    if (config.env === 'production') throw new ApiError('not_found');
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
<p>Mail and SMS the product would have sent (set SMTP_URL to send real mail).</p>
${messages.length === 0 ? html`<p>Nothing sent yet.</p>` : ''}
${messages.map(
  (m) => html`<article data-channel="${m.channel}" data-to="${m.to_address}">
<h2>${m.channel === 'sms' ? 'SMS' : 'Email'} to ${m.to_address}: ${m.subject}</h2>
<p><time datetime="${new Date(m.created_at).toISOString()}">${new Date(m.created_at).toISOString()}</time></p>
<pre>${m.body}</pre></article>`,
)}
</main></body></html>`);
  });
  return routes;
}
